import {
  CreateManagedUserDocument,
  DeleteManagedUserDocument,
  ForceRefreshManagedUserDocument,
  GetManagedUserDocument,
  GetManagedUsersDocument,
  RefreshManagedUserTokensDocument,
  UpdateManagedUserDocument,
} from '../contracts/generated';
import { DEVIATION } from '../deviations';
import { route } from '../route';

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
    document: GetManagedUsersDocument,
    result: 'managedUsers',
    deviations: [DEVIATION.managedUserEmailsMessage],
  }),
  route({
    ...common,
    method: 'POST',
    path: USERS,
    summary: "Create a managed user (a member of the client's organization); answers the user and its access and refresh tokens",
    document: CreateManagedUserDocument,
    result: 'createManagedUser',
    status: 201,
    deviations: [DEVIATION.opaqueTokens],
  }),
  route({
    ...common,
    method: 'GET',
    path: `${USERS}/{userId}`,
    summary: 'Get a managed user of the client',
    document: GetManagedUserDocument,
    result: 'managedUser',
  }),
  route({
    ...common,
    method: 'PATCH',
    path: `${USERS}/{userId}`,
    summary: 'Update a managed user (omitted fields keep their value)',
    document: UpdateManagedUserDocument,
    result: 'updateManagedUser',
  }),
  route({
    ...common,
    method: 'DELETE',
    path: `${USERS}/{userId}`,
    summary: 'Delete a managed user (its tokens stop working; answers the deleted user)',
    document: DeleteManagedUserDocument,
    result: 'deleteManagedUser',
  }),
  route({
    ...common,
    method: 'POST',
    path: `${USERS}/{userId}/force-refresh`,
    summary: 'New access and refresh tokens of a managed user whose tokens were lost (the earlier ones stop working)',
    document: ForceRefreshManagedUserDocument,
    result: 'forceRefreshManagedUser',
    deviations: [DEVIATION.opaqueTokens],
  }),
  route({
    ...common,
    method: 'POST',
    path: '/v2/oauth/{clientId}/refresh',
    summary: "Refresh a managed user's tokens with its refresh token (rotation: the refresh token works once)",
    document: RefreshManagedUserTokensDocument,
    result: 'refreshManagedUserTokens',
    deviations: [DEVIATION.opaqueTokens],
  }),
];
