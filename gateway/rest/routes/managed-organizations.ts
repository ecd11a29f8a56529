import { PAGINATION, route } from '../route';

const ORG = 'id name slug metadata';
const BASE = '/v2/organizations/{orgId}/organizations';

/** The reference's "Managed Orgs": organizations managed by another organization. */
export const managedOrganizationRoutes = [
  route({
    method: 'POST',
    path: BASE,
    tag: 'Managed Orgs',
    summary: 'Create an organization within an organization (answers its API key, shown once)',
    operation: `mutation CreateManagedOrg($orgId: Int!, $input: CreateManagedOrganizationInput!) { createManagedOrganization(orgId: $orgId, input: $input) { ${ORG} apiKey apiKeyExpiresAt } }`,
    result: 'createManagedOrganization',
    status: 201,
  }),
  route({
    method: 'GET',
    path: BASE,
    tag: 'Managed Orgs',
    summary: 'Get all organizations within an organization (filter by slug, metadataKey with metadataValue)',
    operation: `query GetManagedOrgs($orgId: Int!, $take: Int, $skip: Int, $slug: String, $metadataKey: String, $metadataValue: String) {
      managedOrganizations(orgId: $orgId, take: $take, skip: $skip, slug: $slug, metadataKey: $metadataKey, metadataValue: $metadataValue) { items { ${ORG} } ${PAGINATION} }
    }`,
    result: 'managedOrganizations',
    paginated: true,
  }),
  route({
    method: 'GET',
    path: `${BASE}/{managedOrganizationId}`,
    tag: 'Managed Orgs',
    summary: 'Get an organization within an organization',
    operation: `query GetManagedOrg($orgId: Int!, $managedOrganizationId: Int!) { managedOrganization(orgId: $orgId, managedOrganizationId: $managedOrganizationId) { ${ORG} } }`,
    result: 'managedOrganization',
  }),
  route({
    method: 'PATCH',
    path: `${BASE}/{managedOrganizationId}`,
    tag: 'Managed Orgs',
    summary: 'Update an organization within an organization (name, metadata)',
    operation: `mutation UpdateManagedOrg($orgId: Int!, $managedOrganizationId: Int!, $input: UpdateManagedOrganizationInput!) { updateManagedOrganization(orgId: $orgId, managedOrganizationId: $managedOrganizationId, input: $input) { ${ORG} } }`,
    result: 'updateManagedOrganization',
  }),
  route({
    method: 'DELETE',
    path: `${BASE}/{managedOrganizationId}`,
    tag: 'Managed Orgs',
    summary: 'Delete an organization within an organization (one without teams; answers it as it was)',
    operation: `mutation DeleteManagedOrg($orgId: Int!, $managedOrganizationId: Int!) { deleteManagedOrganization(orgId: $orgId, managedOrganizationId: $managedOrganizationId) { ${ORG} } }`,
    result: 'deleteManagedOrganization',
  }),
];
