import {
  CreateOAuthClientDocument,
  DeleteOAuthClientDocument,
  GetOAuthClientDocument,
  GetOAuthClientsDocument,
  UpdateOAuthClientDocument,
} from '../contracts/generated';
import { DEVIATION } from '../deviations';
import { route } from '../route';

const nulls = { omit: ['logo', 'bookingRedirectUri', 'bookingCancelRedirectUri', 'bookingRescheduleRedirectUri'], empty: ['secret'] } as const;
const common = { tag: 'OAuth Clients', nulls };

/** Platform OAuth clients of the caller's organization (reference "OAuth Clients"): for its admins, with an API key. */
export const platformOAuthClientRoutes = [
  route({
    ...common,
    method: 'POST',
    path: '/v2/oauth-clients',
    summary: 'Create a platform OAuth client of your organization (pending review; the secret is shown only in this answer)',
    document: CreateOAuthClientDocument,
    result: 'createPlatformOAuthClient',
    status: 201,
    deviations: [DEVIATION.bodyBeforeRole, DEVIATION.allScopes],
  }),
  route({
    ...common,
    method: 'GET',
    path: '/v2/oauth-clients',
    summary: 'Get the platform OAuth clients of your organization',
    document: GetOAuthClientsDocument,
    result: 'platformOAuthClients',
    deviations: [DEVIATION.clientsToAdmins],
  }),
  route({
    ...common,
    method: 'GET',
    path: '/v2/oauth-clients/{clientId}',
    summary: 'Get a platform OAuth client of your organization',
    document: GetOAuthClientDocument,
    result: 'platformOAuthClient',
    deviations: [DEVIATION.clientsToAdmins],
  }),
  route({
    ...common,
    method: 'PATCH',
    path: '/v2/oauth-clients/{clientId}',
    summary: 'Update a platform OAuth client of your organization (omitted fields keep their value)',
    document: UpdateOAuthClientDocument,
    result: 'updatePlatformOAuthClient',
    deviations: [DEVIATION.bodyBeforeRole],
  }),
  route({
    ...common,
    method: 'DELETE',
    path: '/v2/oauth-clients/{clientId}',
    summary: 'Delete a platform OAuth client of your organization (its tokens stop working; answers the deleted client)',
    document: DeleteOAuthClientDocument,
    result: 'deletePlatformOAuthClient',
  }),
];
