import {
  CreateMyOooDocument,
  CreateOrgTeamUserOooDocument,
  CreateTeamUserOooDocument,
  DeleteOrgTeamUserOooDocument,
  DeleteTeamUserOooDocument,
  GetOrgTeamUserOooDocument,
  GetTeamUserOooDocument,
  UpdateOrgTeamUserOooDocument,
  UpdateTeamUserOooDocument,
  CreateOrgUserOooDocument,
  DeleteMyOooDocument,
  DeleteOrgUserOooDocument,
  GetMyOooDocument,
  GetOrgOooDocument,
  GetOrgUserOooDocument,
  UpdateMyOooDocument,
  UpdateOrgUserOooDocument,
} from '../contracts/generated';
import { DEVIATION } from '../deviations';
import { route } from '../route';

/**
 * Out-of-office entries of a team member (spec 5.3 TEAM_SCHEDULE_READ / TEAM_SCHEDULE_WRITE; the reference
 * has no such path): the same four operations on a team's path and on an organization team's path.
 */
function teamUserOooRoutes(onOrganization: boolean) {
  const base = onOrganization ? '/v2/organizations/{orgId}/teams/{teamId}/users/{userId}/ooo' : '/v2/teams/{teamId}/users/{userId}/ooo';
  const tag = onOrganization ? 'Orgs / Teams / Users / OOO' : 'Teams / Users / OOO';
  const documents = onOrganization
    ? { list: GetOrgTeamUserOooDocument, create: CreateOrgTeamUserOooDocument, update: UpdateOrgTeamUserOooDocument, delete: DeleteOrgTeamUserOooDocument }
    : { list: GetTeamUserOooDocument, create: CreateTeamUserOooDocument, update: UpdateTeamUserOooDocument, delete: DeleteTeamUserOooDocument };
  const who = onOrganization ? 'a member of a team of the organization (team or organization admin)' : 'a member of the team (team admin)';
  return [
    route({
      method: 'GET',
      path: base,
      tag,
      summary: `Get the out-of-office entries of ${who}`,
      document: documents.list,
      result: 'teamUserOutOfOffice',
      paginated: true,
    }),
    route({
      method: 'POST',
      path: base,
      tag,
      summary: `Create an out-of-office entry for ${who}; the cover must be a member of the team`,
      document: documents.create,
      result: 'createTeamUserOutOfOffice',
      status: 201,
    }),
    route({
      method: 'PATCH',
      path: `${base}/{oooId}`,
      tag,
      summary: `Update an out-of-office entry of ${who}`,
      deviations: [DEVIATION.otherOooEntry],
      document: documents.update,
      result: 'updateTeamUserOutOfOffice',
    }),
    route({
      method: 'DELETE',
      path: `${base}/{oooId}`,
      tag,
      summary: `Delete an out-of-office entry of ${who} (answers the deleted entry)`,
      deviations: [DEVIATION.otherOooEntry],
      document: documents.delete,
      result: 'deleteTeamUserOutOfOffice',
    }),
  ];
}

export const outOfOfficeRoutes = [
  route({
    method: 'GET',
    path: '/v2/me/ooo',
    tag: 'Me / OOO',
    summary: 'Get my out-of-office entries',
    document: GetMyOooDocument,
    result: 'myOutOfOffice',
    paginated: true,
  }),
  route({
    method: 'POST',
    path: '/v2/me/ooo',
    tag: 'Me / OOO',
    summary: 'Create an out-of-office entry (whole UTC days; an overlap with another entry is a 409)',
    document: CreateMyOooDocument,
    result: 'createMyOutOfOffice',
    status: 201,
  }),
  route({
    method: 'PATCH',
    path: '/v2/me/ooo/{oooId}',
    tag: 'Me / OOO',
    summary: 'Update one of my out-of-office entries',
    document: UpdateMyOooDocument,
    result: 'updateMyOutOfOffice',
    deviations: [DEVIATION.otherOooEntry],
  }),
  route({
    method: 'DELETE',
    path: '/v2/me/ooo/{oooId}',
    tag: 'Me / OOO',
    summary: 'Delete one of my out-of-office entries (answers the deleted entry)',
    document: DeleteMyOooDocument,
    result: 'deleteMyOutOfOffice',
    deviations: [DEVIATION.otherOooEntry],
  }),
  route({
    method: 'GET',
    path: '/v2/organizations/{orgId}/users/{userId}/ooo',
    tag: 'Orgs / Users / OOO',
    summary: 'Get the out-of-office entries of an organization user',
    document: GetOrgUserOooDocument,
    result: 'organizationUserOutOfOffice',
    paginated: true,
  }),
  route({
    method: 'POST',
    path: '/v2/organizations/{orgId}/users/{userId}/ooo',
    tag: 'Orgs / Users / OOO',
    summary: 'Create an out-of-office entry for an organization user',
    document: CreateOrgUserOooDocument,
    result: 'createOrganizationUserOutOfOffice',
    status: 201,
  }),
  route({
    method: 'PATCH',
    path: '/v2/organizations/{orgId}/users/{userId}/ooo/{oooId}',
    tag: 'Orgs / Users / OOO',
    summary: 'Update an out-of-office entry of an organization user',
    deviations: [DEVIATION.otherOooEntry],
    document: UpdateOrgUserOooDocument,
    result: 'updateOrganizationUserOutOfOffice',
  }),
  route({
    method: 'DELETE',
    path: '/v2/organizations/{orgId}/users/{userId}/ooo/{oooId}',
    tag: 'Orgs / Users / OOO',
    summary: 'Delete an out-of-office entry of an organization user (answers the deleted entry)',
    deviations: [DEVIATION.otherOooEntry],
    document: DeleteOrgUserOooDocument,
    result: 'deleteOrganizationUserOutOfOffice',
  }),
  route({
    method: 'GET',
    path: '/v2/organizations/{orgId}/ooo',
    tag: 'Orgs / Users / OOO',
    summary: 'Get the out-of-office entries of every organization user (optionally of one e-mail)',
    document: GetOrgOooDocument,
    result: 'organizationOutOfOffice',
    paginated: true,
  }),
  ...teamUserOooRoutes(false),
  ...teamUserOooRoutes(true),
];
