import { route } from '../route';

const CREDENTIAL = 'id enabled domain organizationId workspacePlatform { name slug } createdAt updatedAt';

export const delegationCredentialRoutes = [
  route({
    method: 'POST',
    path: '/v2/organizations/{orgId}/delegation-credentials',
    tag: 'Orgs / Delegation Credentials',
    summary: 'Save a delegation credential (created disabled; the key is never answered)',
    operation: `mutation CreateDelegationCredential($orgId: Int!, $input: CreateDelegationCredentialInput!) { createDelegationCredential(orgId: $orgId, input: $input) { ${CREDENTIAL} } }`,
    result: 'createDelegationCredential',
    status: 201,
  }),
  route({
    method: 'PATCH',
    path: '/v2/organizations/{orgId}/delegation-credentials/{credentialId}',
    tag: 'Orgs / Delegation Credentials',
    summary: 'Enable, disable or give a new key to a delegation credential (a new key disables it)',
    operation: `mutation UpdateDelegationCredential($orgId: Int!, $credentialId: String!, $input: UpdateDelegationCredentialInput!) { updateDelegationCredential(orgId: $orgId, credentialId: $credentialId, input: $input) { ${CREDENTIAL} } }`,
    result: 'updateDelegationCredential',
  }),
];
