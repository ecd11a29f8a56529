import { DEVIATION } from '../deviations';
import { PAGINATION, route } from '../route';

const ENTRY = 'id uuid userId toUserId start end notes reason';
const SORT_VARS = '$sortStart: String, $sortEnd: String, $take: Int, $skip: Int';
const SORT_ARGS = 'sortStart: $sortStart, sortEnd: $sortEnd, take: $take, skip: $skip';

/**
 * Out-of-office entries of a team member (spec 5.3 TEAM_SCHEDULE_READ / TEAM_SCHEDULE_WRITE; the reference
 * has no such path): the same four operations on a team's path and on an organization team's path.
 */
function teamUserOooRoutes(onOrganization: boolean) {
  const base = onOrganization ? '/v2/organizations/{orgId}/teams/{teamId}/users/{userId}/ooo' : '/v2/teams/{teamId}/users/{userId}/ooo';
  const tag = onOrganization ? 'Orgs / Teams / Users / OOO' : 'Teams / Users / OOO';
  const name = onOrganization ? 'OrgTeamUserOoo' : 'TeamUserOoo';
  const vars = onOrganization ? '$orgId: Int!, $teamId: Int!, $userId: Int!' : '$teamId: Int!, $userId: Int!';
  const args = onOrganization ? 'orgId: $orgId, teamId: $teamId, userId: $userId' : 'teamId: $teamId, userId: $userId';
  const who = onOrganization ? 'a member of a team of the organization (team or organization admin)' : 'a member of the team (team admin)';
  return [
    route({
      method: 'GET',
      path: base,
      tag,
      summary: `Get the out-of-office entries of ${who}`,
      operation: `query Get${name}(${vars}, ${SORT_VARS}) { teamUserOutOfOffice(${args}, ${SORT_ARGS}) { items { ${ENTRY} } ${PAGINATION} } }`,
      result: 'teamUserOutOfOffice',
      paginated: true,
    }),
    route({
      method: 'POST',
      path: base,
      tag,
      summary: `Create an out-of-office entry for ${who}; the cover must be a member of the team`,
      operation: `mutation Create${name}(${vars}, $input: CreateOutOfOfficeInput!) { createTeamUserOutOfOffice(${args}, input: $input) { ${ENTRY} } }`,
      result: 'createTeamUserOutOfOffice',
      status: 201,
    }),
    route({
      method: 'PATCH',
      path: `${base}/{oooId}`,
      tag,
      summary: `Update an out-of-office entry of ${who}`,
      deviations: [DEVIATION.otherOooEntry],
      operation: `mutation Update${name}(${vars}, $oooId: Int!, $input: UpdateOutOfOfficeInput!) { updateTeamUserOutOfOffice(${args}, oooId: $oooId, input: $input) { ${ENTRY} } }`,
      result: 'updateTeamUserOutOfOffice',
    }),
    route({
      method: 'DELETE',
      path: `${base}/{oooId}`,
      tag,
      summary: `Delete an out-of-office entry of ${who} (answers the deleted entry)`,
      deviations: [DEVIATION.otherOooEntry],
      operation: `mutation Delete${name}(${vars}, $oooId: Int!) { deleteTeamUserOutOfOffice(${args}, oooId: $oooId) { ${ENTRY} } }`,
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
    operation: `query GetMyOoo(${SORT_VARS}) { myOutOfOffice(${SORT_ARGS}) { items { ${ENTRY} } ${PAGINATION} } }`,
    result: 'myOutOfOffice',
    paginated: true,
  }),
  route({
    method: 'POST',
    path: '/v2/me/ooo',
    tag: 'Me / OOO',
    summary: 'Create an out-of-office entry (whole UTC days; an overlap with another entry is a 409)',
    operation: `mutation CreateMyOoo($input: CreateOutOfOfficeInput!) { createMyOutOfOffice(input: $input) { ${ENTRY} } }`,
    result: 'createMyOutOfOffice',
    status: 201,
  }),
  route({
    method: 'PATCH',
    path: '/v2/me/ooo/{oooId}',
    tag: 'Me / OOO',
    summary: 'Update one of my out-of-office entries',
    operation: `mutation UpdateMyOoo($oooId: Int!, $input: UpdateOutOfOfficeInput!) { updateMyOutOfOffice(oooId: $oooId, input: $input) { ${ENTRY} } }`,
    result: 'updateMyOutOfOffice',
  }),
  route({
    method: 'DELETE',
    path: '/v2/me/ooo/{oooId}',
    tag: 'Me / OOO',
    summary: 'Delete one of my out-of-office entries (answers the deleted entry)',
    operation: `mutation DeleteMyOoo($oooId: Int!) { deleteMyOutOfOffice(oooId: $oooId) { ${ENTRY} } }`,
    result: 'deleteMyOutOfOffice',
  }),
  route({
    method: 'GET',
    path: '/v2/organizations/{orgId}/users/{userId}/ooo',
    tag: 'Orgs / Users / OOO',
    summary: 'Get the out-of-office entries of an organization user',
    operation: `query GetOrgUserOoo($orgId: Int!, $userId: Int!, ${SORT_VARS}) { organizationUserOutOfOffice(orgId: $orgId, userId: $userId, ${SORT_ARGS}) { items { ${ENTRY} } ${PAGINATION} } }`,
    result: 'organizationUserOutOfOffice',
    paginated: true,
  }),
  route({
    method: 'POST',
    path: '/v2/organizations/{orgId}/users/{userId}/ooo',
    tag: 'Orgs / Users / OOO',
    summary: 'Create an out-of-office entry for an organization user',
    operation: `mutation CreateOrgUserOoo($orgId: Int!, $userId: Int!, $input: CreateOutOfOfficeInput!) { createOrganizationUserOutOfOffice(orgId: $orgId, userId: $userId, input: $input) { ${ENTRY} } }`,
    result: 'createOrganizationUserOutOfOffice',
    status: 201,
  }),
  route({
    method: 'PATCH',
    path: '/v2/organizations/{orgId}/users/{userId}/ooo/{oooId}',
    tag: 'Orgs / Users / OOO',
    summary: 'Update an out-of-office entry of an organization user',
    deviations: [DEVIATION.otherOooEntry],
    operation: `mutation UpdateOrgUserOoo($orgId: Int!, $userId: Int!, $oooId: Int!, $input: UpdateOutOfOfficeInput!) { updateOrganizationUserOutOfOffice(orgId: $orgId, userId: $userId, oooId: $oooId, input: $input) { ${ENTRY} } }`,
    result: 'updateOrganizationUserOutOfOffice',
  }),
  route({
    method: 'DELETE',
    path: '/v2/organizations/{orgId}/users/{userId}/ooo/{oooId}',
    tag: 'Orgs / Users / OOO',
    summary: 'Delete an out-of-office entry of an organization user (answers the deleted entry)',
    deviations: [DEVIATION.otherOooEntry],
    operation: `mutation DeleteOrgUserOoo($orgId: Int!, $userId: Int!, $oooId: Int!) { deleteOrganizationUserOutOfOffice(orgId: $orgId, userId: $userId, oooId: $oooId) { ${ENTRY} } }`,
    result: 'deleteOrganizationUserOutOfOffice',
  }),
  route({
    method: 'GET',
    path: '/v2/organizations/{orgId}/ooo',
    tag: 'Orgs / Users / OOO',
    summary: 'Get the out-of-office entries of every organization user (optionally of one e-mail)',
    operation: `query GetOrgOoo($orgId: Int!, $email: String, ${SORT_VARS}) { organizationOutOfOffice(orgId: $orgId, email: $email, ${SORT_ARGS}) { items { ${ENTRY} } ${PAGINATION} } }`,
    result: 'organizationOutOfOffice',
    paginated: true,
  }),
  ...teamUserOooRoutes(false),
  ...teamUserOooRoutes(true),
];
