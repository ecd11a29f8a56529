import { CreateOrgUserDocument, DeleteOrgUserDocument, GetOrgUsersDocument, UpdateOrgUserDocument } from '../contracts/generated';
import { DEVIATION } from '../deviations';
import { route } from '../route';

/** Users of an organization (the reference's "Orgs / Users"). */
export const organizationUserRoutes = [
  route({
    method: 'GET',
    path: '/v2/organizations/{orgId}/users',
    tag: 'Orgs / Users',
    summary: 'Get all users of an organization (filter by emails, teamIds, assignedOptionIds with attributeQueryOperator AND|OR|NONE)',
    document: GetOrgUsersDocument,
    result: 'organizationUsers',
    paginated: true,
  }),
  route({
    method: 'POST',
    path: '/v2/organizations/{orgId}/users',
    tag: 'Orgs / Users',
    summary: 'Create a user of an organization',
    deviations: [DEVIATION.bodyBeforeRole],
    document: CreateOrgUserDocument,
    result: 'createOrganizationUser',
    status: 201,
  }),
  route({
    method: 'PATCH',
    path: '/v2/organizations/{orgId}/users/{userId}',
    tag: 'Orgs / Users',
    summary: 'Update a user the organization created',
    deviations: [DEVIATION.bodyBeforeRole],
    document: UpdateOrgUserDocument,
    result: 'updateOrganizationUser',
  }),
  route({
    method: 'DELETE',
    path: '/v2/organizations/{orgId}/users/{userId}',
    tag: 'Orgs / Users',
    summary: 'Remove a user from an organization (deleting the account the organization created)',
    document: DeleteOrgUserDocument,
    result: 'deleteOrganizationUser',
  }),
];
