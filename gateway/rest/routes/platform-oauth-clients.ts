import { DEVIATION } from '../deviations';
import { route } from '../route';

/** The reference's PlatformOAuthClientDto: `permissions` are the client's scopes, `secret` only a hint of it (the secret is shown once). */
const PLATFORM_CLIENT_FIELDS = /* GraphQL */ `
  fragment PlatformOAuthClientFields on OAuthClient {
    id name secret: secretHint permissions: scopes logo redirectUris organizationId createdAt
    areEmailsEnabled areDefaultEventTypesEnabled areCalendarEventsEnabled
    bookingRedirectUri bookingCancelRedirectUri bookingRescheduleRedirectUri
  }`;

const nulls = { omit: ['logo', 'bookingRedirectUri', 'bookingCancelRedirectUri', 'bookingRescheduleRedirectUri'], empty: ['secret'] } as const;
const common = { tag: 'OAuth Clients', nulls };

/** Platform OAuth clients of the caller's organization (reference "OAuth Clients"): for its admins, with an API key. */
export const platformOAuthClientRoutes = [
  route({
    ...common,
    method: 'POST',
    path: '/v2/oauth-clients',
    summary: 'Create a platform OAuth client of your organization (pending review; the secret is shown only in this answer)',
    operation: `
      mutation CreateOAuthClient($input: CreatePlatformOAuthClientInput!) {
        createPlatformOAuthClient(input: $input) { clientId clientSecret }
      }`,
    result: 'createPlatformOAuthClient',
    status: 201,
    deviations: [DEVIATION.bodyBeforeRole, DEVIATION.allScopes],
  }),
  route({
    ...common,
    method: 'GET',
    path: '/v2/oauth-clients',
    summary: 'Get the platform OAuth clients of your organization',
    operation: `query GetOAuthClients { platformOAuthClients { ...PlatformOAuthClientFields } } ${PLATFORM_CLIENT_FIELDS}`,
    result: 'platformOAuthClients',
    deviations: [DEVIATION.clientsToAdmins],
  }),
  route({
    ...common,
    method: 'GET',
    path: '/v2/oauth-clients/{clientId}',
    summary: 'Get a platform OAuth client of your organization',
    operation: `query GetOAuthClient($clientId: String!) { platformOAuthClient(clientId: $clientId) { ...PlatformOAuthClientFields } } ${PLATFORM_CLIENT_FIELDS}`,
    result: 'platformOAuthClient',
    deviations: [DEVIATION.clientsToAdmins],
  }),
  route({
    ...common,
    method: 'PATCH',
    path: '/v2/oauth-clients/{clientId}',
    summary: 'Update a platform OAuth client of your organization (omitted fields keep their value)',
    operation: `
      mutation UpdateOAuthClient($clientId: String!, $input: UpdatePlatformOAuthClientInput!) {
        updatePlatformOAuthClient(clientId: $clientId, input: $input) { ...PlatformOAuthClientFields }
      } ${PLATFORM_CLIENT_FIELDS}`,
    result: 'updatePlatformOAuthClient',
    deviations: [DEVIATION.bodyBeforeRole],
  }),
  route({
    ...common,
    method: 'DELETE',
    path: '/v2/oauth-clients/{clientId}',
    summary: 'Delete a platform OAuth client of your organization (its tokens stop working; answers the deleted client)',
    operation: `
      mutation DeleteOAuthClient($clientId: String!) { deletePlatformOAuthClient(clientId: $clientId) { ...PlatformOAuthClientFields } } ${PLATFORM_CLIENT_FIELDS}`,
    result: 'deletePlatformOAuthClient',
  }),
];
