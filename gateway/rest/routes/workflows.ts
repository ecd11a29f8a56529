import {
  CreateTeamWorkflowDocument,
  DeleteTeamWorkflowDocument,
  GetTeamWorkflowDocument,
  GetTeamWorkflowsDocument,
  UpdateTeamWorkflowDocument,
} from '../contracts/generated';
import { route } from '../route';
const BASE = '/v2/organizations/{orgId}/teams/{teamId}/workflows';
const TAG = 'Orgs / Teams / Workflows';

/** Workflows of an organization team (spec 4.11; paging 1–250 / ≥ 0, spec 8). */
export const workflowRoutes = [
  route({
    method: 'GET',
    path: BASE,
    tag: TAG,
    summary: 'Get the workflows of an organization team',
    document: GetTeamWorkflowsDocument,
    result: 'teamWorkflows',
    paginated: true,
  }),
  route({
    method: 'POST',
    path: BASE,
    tag: TAG,
    summary: 'Create a workflow of an organization team',
    document: CreateTeamWorkflowDocument,
    result: 'createTeamWorkflow',
    status: 201,
  }),
  route({
    method: 'GET',
    path: `${BASE}/{workflowId}`,
    tag: TAG,
    summary: 'Get a workflow of an organization team',
    document: GetTeamWorkflowDocument,
    result: 'teamWorkflow',
  }),
  route({
    method: 'PATCH',
    path: `${BASE}/{workflowId}`,
    tag: TAG,
    summary: 'Update a workflow of an organization team (steps, when sent, replace the steps)',
    document: UpdateTeamWorkflowDocument,
    result: 'updateTeamWorkflow',
  }),
  route({
    method: 'DELETE',
    path: `${BASE}/{workflowId}`,
    tag: TAG,
    summary: 'Delete a workflow of an organization team (answers the deleted workflow)',
    document: DeleteTeamWorkflowDocument,
    result: 'deleteTeamWorkflow',
  }),
];
