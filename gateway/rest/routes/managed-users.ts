import { route } from '../route';

const MANAGED_USER_FIELDS = /* GraphQL */ `
  fragment ManagedUserFields on ManagedUser {
    id email username name bio timeZone weekStart createdDate timeFormat defaultScheduleId locale avatarUrl metadata
  }`;
const KEYS = 'accessToken refreshToken accessTokenExpiresAt refreshTokenExpiresAt';

const USERS = '/v2/oauth-clients/{clientId}/users';
/** Called by the platform OAuth client itself: its id in the path, its secret key in `x-svc-secret-key`. */
const common = { tag: 'Platform / Managed Users', platformClientIdParam: 'clientId' } as const;

/** Managed users of a platform OAuth client (reference "Platform / Managed Users"). */
export const managedUserRoutes = [
  route({
    ...common,
    method: 'GET',
    path: USERS,
    summary: 'Get the managed users of the client (limit, offset, emails)',
    operation: `
      query GetManagedUsers($clientId: String!, $limit: Int, $offset: Int, $emails: [String!]) {
        managedUsers(clientId: $clientId, limit: $limit, offset: $offset, emails: $emails) { ...ManagedUserFields }
      } ${MANAGED_USER_FIELDS}`,
    result: 'managedUsers',
  }),
  route({
    ...common,
    method: 'POST',
    path: USERS,
    summary: "Create a managed user (a member of the client's organization); answers the user and its access and refresh tokens",
    operation: `
      mutation CreateManagedUser($clientId: String!, $input: CreateManagedUserInput!) {
        createManagedUser(clientId: $clientId, input: $input) { ${KEYS} user { ...ManagedUserFields } }
      } ${MANAGED_USER_FIELDS}`,
    result: 'createManagedUser',
    status: 201,
  }),
  route({
    ...common,
    method: 'GET',
    path: `${USERS}/{userId}`,
    summary: 'Get a managed user of the client',
    operation: `
      query GetManagedUser($clientId: String!, $userId: Int!) { managedUser(clientId: $clientId, userId: $userId) { ...ManagedUserFields } } ${MANAGED_USER_FIELDS}`,
    result: 'managedUser',
  }),
  route({
    ...common,
    method: 'PATCH',
    path: `${USERS}/{userId}`,
    summary: 'Update a managed user (omitted fields keep their value)',
    operation: `
      mutation UpdateManagedUser($clientId: String!, $userId: Int!, $input: UpdateMeInput!) {
        updateManagedUser(clientId: $clientId, userId: $userId, input: $input) { ...ManagedUserFields }
      } ${MANAGED_USER_FIELDS}`,
    result: 'updateManagedUser',
  }),
  route({
    ...common,
    method: 'DELETE',
    path: `${USERS}/{userId}`,
    summary: 'Delete a managed user (its tokens stop working; answers the deleted user)',
    operation: `
      mutation DeleteManagedUser($clientId: String!, $userId: Int!) { deleteManagedUser(clientId: $clientId, userId: $userId) { ...ManagedUserFields } } ${MANAGED_USER_FIELDS}`,
    result: 'deleteManagedUser',
  }),
  route({
    ...common,
    method: 'POST',
    path: `${USERS}/{userId}/force-refresh`,
    summary: 'New access and refresh tokens of a managed user whose tokens were lost (the earlier ones stop working)',
    operation: `mutation ForceRefreshManagedUser($clientId: String!, $userId: Int!) { forceRefreshManagedUser(clientId: $clientId, userId: $userId) { ${KEYS} } }`,
    result: 'forceRefreshManagedUser',
  }),
  route({
    ...common,
    method: 'POST',
    path: '/v2/oauth/{clientId}/refresh',
    summary: "Refresh a managed user's tokens with its refresh token (rotation: the refresh token works once)",
    operation: `
      mutation RefreshManagedUserTokens($clientId: String!, $input: RefreshManagedUserTokensInput!) {
        refreshManagedUserTokens(clientId: $clientId, input: $input) { ${KEYS} }
      }`,
    result: 'refreshManagedUserTokens',
  }),
];
