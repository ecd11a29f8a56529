import { CreateDelegationCredentialDocument, UpdateDelegationCredentialDocument } from '../contracts/generated';
import { route } from '../route';

export const delegationCredentialRoutes = [
  route({
    method: 'POST',
    path: '/v2/organizations/{orgId}/delegation-credentials',
    tag: 'Orgs / Delegation Credentials',
    summary: 'Save a delegation credential (created disabled; the key is never answered)',
    document: CreateDelegationCredentialDocument,
    result: 'createDelegationCredential',
    status: 201,
  }),
  route({
    method: 'PATCH',
    path: '/v2/organizations/{orgId}/delegation-credentials/{credentialId}',
    tag: 'Orgs / Delegation Credentials',
    summary: 'Enable, disable or give a new key to a delegation credential (a new key disables it)',
    document: UpdateDelegationCredentialDocument,
    result: 'updateDelegationCredential',
  }),
];
