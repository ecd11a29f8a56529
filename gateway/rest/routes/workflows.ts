import { PAGINATION, route } from '../route';

const WORKFLOW = `id name type userId teamId createdAt updatedAt
  activation { isActiveOnAllEventTypes activeOnEventTypeIds }
  trigger { type offset { value unit } }
  steps { id stepNumber action recipient template sender email phone includeCalendarEvent phoneRequired skipNoShowAttendees autoTranslateEnabled sourceLocale message { subject html text } }`;
const BASE = '/v2/organizations/{orgId}/teams/{teamId}/workflows';
const TAG = 'Orgs / Teams / Workflows';

/** Workflows of an organization team (spec 4.11; paging 1–250 / ≥ 0, spec 8). */
export const workflowRoutes = [
  route({
    method: 'GET',
    path: BASE,
    tag: TAG,
    summary: 'Get the workflows of an organization team',
    operation: `query GetTeamWorkflows($orgId: Int!, $teamId: Int!, $take: Int, $skip: Int) { teamWorkflows(orgId: $orgId, teamId: $teamId, take: $take, skip: $skip) { items { ${WORKFLOW} } ${PAGINATION} } }`,
    result: 'teamWorkflows',
    paginated: true,
  }),
  route({
    method: 'POST',
    path: BASE,
    tag: TAG,
    summary: 'Create a workflow of an organization team',
    operation: `mutation CreateTeamWorkflow($orgId: Int!, $teamId: Int!, $input: CreateWorkflowInput!) { createTeamWorkflow(orgId: $orgId, teamId: $teamId, input: $input) { ${WORKFLOW} } }`,
    result: 'createTeamWorkflow',
    status: 201,
  }),
  route({
    method: 'GET',
    path: `${BASE}/{workflowId}`,
    tag: TAG,
    summary: 'Get a workflow of an organization team',
    operation: `query GetTeamWorkflow($orgId: Int!, $teamId: Int!, $workflowId: Int!) { teamWorkflow(orgId: $orgId, teamId: $teamId, workflowId: $workflowId) { ${WORKFLOW} } }`,
    result: 'teamWorkflow',
  }),
  route({
    method: 'PATCH',
    path: `${BASE}/{workflowId}`,
    tag: TAG,
    summary: 'Update a workflow of an organization team (steps, when sent, replace the steps)',
    operation: `mutation UpdateTeamWorkflow($orgId: Int!, $teamId: Int!, $workflowId: Int!, $input: UpdateWorkflowInput!) { updateTeamWorkflow(orgId: $orgId, teamId: $teamId, workflowId: $workflowId, input: $input) { ${WORKFLOW} } }`,
    result: 'updateTeamWorkflow',
  }),
  route({
    method: 'DELETE',
    path: `${BASE}/{workflowId}`,
    tag: TAG,
    summary: 'Delete a workflow of an organization team (answers the deleted workflow)',
    operation: `mutation DeleteTeamWorkflow($orgId: Int!, $teamId: Int!, $workflowId: Int!) { deleteTeamWorkflow(orgId: $orgId, teamId: $teamId, workflowId: $workflowId) { ${WORKFLOW} } }`,
    result: 'deleteTeamWorkflow',
  }),
];
