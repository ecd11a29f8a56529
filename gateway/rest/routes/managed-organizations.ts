import {
  CreateManagedOrgDocument,
  DeleteManagedOrgDocument,
  GetManagedOrgDocument,
  GetManagedOrgsDocument,
  UpdateManagedOrgDocument,
} from '../contracts/generated';
import { DEVIATION } from '../deviations';
import { route } from '../route';
const BASE = '/v2/organizations/{orgId}/organizations';

/** The reference's "Managed Orgs": organizations managed by another organization. */
export const managedOrganizationRoutes = [
  route({
    method: 'POST',
    path: BASE,
    tag: 'Managed Orgs',
    summary: 'Create an organization within an organization (answers its API key, shown once)',
    document: CreateManagedOrgDocument,
    result: 'createManagedOrganization',
    status: 201,
    deviations: [DEVIATION.managerIsNotMember],
  }),
  route({
    method: 'GET',
    path: BASE,
    tag: 'Managed Orgs',
    summary: 'Get all organizations within an organization (filter by slug, metadataKey with metadataValue; take defaults to 250)',
    document: GetManagedOrgsDocument,
    result: 'managedOrganizations',
    paginated: true,
  }),
  route({
    method: 'GET',
    path: `${BASE}/{managedOrganizationId}`,
    tag: 'Managed Orgs',
    summary: 'Get an organization within an organization',
    document: GetManagedOrgDocument,
    result: 'managedOrganization',
  }),
  route({
    method: 'PATCH',
    path: `${BASE}/{managedOrganizationId}`,
    tag: 'Managed Orgs',
    summary: 'Update an organization within an organization (name, metadata)',
    document: UpdateManagedOrgDocument,
    result: 'updateManagedOrganization',
  }),
  route({
    method: 'DELETE',
    path: `${BASE}/{managedOrganizationId}`,
    tag: 'Managed Orgs',
    summary: 'Delete an organization within an organization (one without teams; answers it as it was)',
    document: DeleteManagedOrgDocument,
    result: 'deleteManagedOrganization',
  }),
];
