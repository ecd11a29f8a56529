import { DEVIATION } from '../deviations';
import { PAGINATION, route } from '../route';

const ATTRIBUTE = 'id teamId type name slug enabled usersCanEditRelation';
const OPTION = 'id attributeId value slug';
const ASSIGNED = 'id attributeId value slug assignedUserIds';
const ASSIGNMENT = 'id memberId attributeOptionId';

export const attributeRoutes = [
  route({
    method: 'GET',
    path: '/v2/organizations/{orgId}/attributes',
    tag: 'Orgs / Attributes',
    summary: 'Get all attributes of the organization',
    operation: `query GetOrgAttributes($orgId: Int!, $take: Int, $skip: Int) { organizationAttributes(orgId: $orgId, take: $take, skip: $skip) { items { ${ATTRIBUTE} } ${PAGINATION} } }`,
    result: 'organizationAttributes',
    paginated: true,
  }),
  route({
    method: 'POST',
    path: '/v2/organizations/{orgId}/attributes',
    tag: 'Orgs / Attributes',
    summary: 'Create an attribute with its options',
    operation: `mutation CreateOrgAttribute($orgId: Int!, $input: CreateAttributeInput!) { createOrganizationAttribute(orgId: $orgId, input: $input) { ${ATTRIBUTE} } }`,
    result: 'createOrganizationAttribute',
    status: 201,
    deviations: [DEVIATION.bodyBeforeRole],
  }),
  route({
    method: 'GET',
    path: '/v2/organizations/{orgId}/attributes/{attributeId}',
    tag: 'Orgs / Attributes',
    summary: 'Get an attribute',
    operation: `query GetOrgAttribute($orgId: Int!, $attributeId: String!) { organizationAttribute(orgId: $orgId, attributeId: $attributeId) { ${ATTRIBUTE} } }`,
    result: 'organizationAttribute',
  }),
  route({
    method: 'PATCH',
    path: '/v2/organizations/{orgId}/attributes/{attributeId}',
    tag: 'Orgs / Attributes',
    summary: 'Update an attribute',
    operation: `mutation UpdateOrgAttribute($orgId: Int!, $attributeId: String!, $input: UpdateAttributeInput!) { updateOrganizationAttribute(orgId: $orgId, attributeId: $attributeId, input: $input) { ${ATTRIBUTE} } }`,
    result: 'updateOrganizationAttribute',
  }),
  route({
    method: 'DELETE',
    path: '/v2/organizations/{orgId}/attributes/{attributeId}',
    tag: 'Orgs / Attributes',
    summary: 'Delete an attribute (answers the deleted attribute)',
    operation: `mutation DeleteOrgAttribute($orgId: Int!, $attributeId: String!) { deleteOrganizationAttribute(orgId: $orgId, attributeId: $attributeId) { ${ATTRIBUTE} } }`,
    result: 'deleteOrganizationAttribute',
  }),
  route({
    method: 'POST',
    path: '/v2/organizations/{orgId}/attributes/{attributeId}/options',
    tag: 'Orgs / Attributes / Options',
    summary: 'Create an attribute option',
    operation: `mutation CreateOrgAttributeOption($orgId: Int!, $attributeId: String!, $input: CreateAttributeOptionInput!) { createOrganizationAttributeOption(orgId: $orgId, attributeId: $attributeId, input: $input) { ${OPTION} } }`,
    result: 'createOrganizationAttributeOption',
    status: 201,
    deviations: [DEVIATION.bodyBeforeRole],
  }),
  route({
    method: 'GET',
    path: '/v2/organizations/{orgId}/attributes/{attributeId}/options',
    tag: 'Orgs / Attributes / Options',
    summary: 'Get all options of an attribute',
    operation: `query GetOrgAttributeOptions($orgId: Int!, $attributeId: String!) { organizationAttributeOptions(orgId: $orgId, attributeId: $attributeId) { ${OPTION} } }`,
    result: 'organizationAttributeOptions',
  }),
  route({
    method: 'PATCH',
    path: '/v2/organizations/{orgId}/attributes/{attributeId}/options/{optionId}',
    tag: 'Orgs / Attributes / Options',
    summary: 'Update an attribute option',
    operation: `mutation UpdateOrgAttributeOption($orgId: Int!, $attributeId: String!, $optionId: String!, $input: UpdateAttributeOptionInput!) { updateOrganizationAttributeOption(orgId: $orgId, attributeId: $attributeId, optionId: $optionId, input: $input) { ${OPTION} } }`,
    result: 'updateOrganizationAttributeOption',
  }),
  route({
    method: 'DELETE',
    path: '/v2/organizations/{orgId}/attributes/{attributeId}/options/{optionId}',
    tag: 'Orgs / Attributes / Options',
    summary: 'Delete an attribute option (answers the deleted option)',
    operation: `mutation DeleteOrgAttributeOption($orgId: Int!, $attributeId: String!, $optionId: String!) { deleteOrganizationAttributeOption(orgId: $orgId, attributeId: $attributeId, optionId: $optionId) { ${OPTION} } }`,
    result: 'deleteOrganizationAttributeOption',
  }),
  route({
    method: 'GET',
    path: '/v2/organizations/{orgId}/attributes/{attributeId}/options/assigned',
    tag: 'Orgs / Attributes / Options',
    summary:
      'Get the options of an attribute that members hold, with the users assigned to each (teamIds: holders in these teams; assignedOptionIds: options held alongside one of these, 404 when nobody holds them)',
    operation: `
      query GetOrgAttributeAssignedOptions($orgId: Int!, $attributeId: String!, $assignedOptionIds: [String!], $teamIds: [Int!], $take: Int, $skip: Int) {
        organizationAttributeAssignedOptions(orgId: $orgId, attributeId: $attributeId, assignedOptionIds: $assignedOptionIds, teamIds: $teamIds, take: $take, skip: $skip) { items { ${ASSIGNED} } ${PAGINATION} }
      }`,
    result: 'organizationAttributeAssignedOptions',
    paginated: true,
  }),
  route({
    method: 'GET',
    path: '/v2/organizations/{orgId}/attributes/slugs/{attributeSlug}/options/assigned',
    tag: 'Orgs / Attributes / Options',
    summary: 'Get the options of an attribute (by slug) that members hold, with the users assigned to each (the same filters)',
    operation: `
      query GetOrgAttributeAssignedOptionsBySlug($orgId: Int!, $attributeSlug: String!, $assignedOptionIds: [String!], $teamIds: [Int!], $take: Int, $skip: Int) {
        organizationAttributeAssignedOptionsBySlug(orgId: $orgId, attributeSlug: $attributeSlug, assignedOptionIds: $assignedOptionIds, teamIds: $teamIds, take: $take, skip: $skip) { items { ${ASSIGNED} } ${PAGINATION} }
      }`,
    result: 'organizationAttributeAssignedOptionsBySlug',
    paginated: true,
  }),
  route({
    method: 'POST',
    path: '/v2/organizations/{orgId}/attributes/options/{userId}',
    tag: 'Orgs / Attributes / Options',
    summary: 'Assign an attribute option to an organization user',
    operation: `mutation AssignOrgAttributeOption($orgId: Int!, $userId: Int!, $input: AssignAttributeOptionInput!) { assignOrganizationAttributeOption(orgId: $orgId, userId: $userId, input: $input) { ${ASSIGNMENT} } }`,
    result: 'assignOrganizationAttributeOption',
    status: 201,
  }),
  route({
    method: 'GET',
    path: '/v2/organizations/{orgId}/attributes/options/{userId}',
    tag: 'Orgs / Attributes / Options',
    summary: 'Get the attribute options of an organization user',
    operation: `query GetOrgUserAttributeOptions($orgId: Int!, $userId: Int!) { organizationUserAttributeOptions(orgId: $orgId, userId: $userId) { ${OPTION} } }`,
    result: 'organizationUserAttributeOptions',
  }),
  route({
    method: 'DELETE',
    path: '/v2/organizations/{orgId}/attributes/options/{userId}/{attributeOptionId}',
    tag: 'Orgs / Attributes / Options',
    summary: 'Unassign an attribute option from an organization user (answers the removed assignment)',
    operation: `mutation UnassignOrgAttributeOption($orgId: Int!, $userId: Int!, $attributeOptionId: String!) { unassignOrganizationAttributeOption(orgId: $orgId, userId: $userId, attributeOptionId: $attributeOptionId) { ${ASSIGNMENT} } }`,
    result: 'unassignOrganizationAttributeOption',
  }),
];
