import {
  CreateTeamRoutingFormWorkflowDocument,
  CreateTeamWorkflowDocument,
  DeleteTeamRoutingFormWorkflowDocument,
  DeleteTeamWorkflowDocument,
  GetTeamRoutingFormWorkflowDocument,
  GetTeamRoutingFormWorkflowsDocument,
  GetTeamWorkflowDocument,
  GetTeamWorkflowsDocument,
  UpdateTeamRoutingFormWorkflowDocument,
  UpdateTeamWorkflowDocument,
} from '../contracts/generated';
import { DEVIATION } from '../deviations';
import { route } from '../route';
const BASE = '/v2/organizations/{orgId}/teams/{teamId}/workflows';
const TAG = 'Orgs / Teams / Workflows';

/**
 * Workflows of an organization team (spec 4.11; paging 1–250 / ≥ 0, spec 8): event-type workflows at …/workflows,
 * routing-form workflows at …/workflows/routing-form. `…/routing-form` comes before `…/{workflowId}`: the router
 * tries the paths in this order.
 */
export const workflowRoutes = [
  route({
    method: 'GET',
    path: `${BASE}/routing-form`,
    tag: TAG,
    summary: 'Get the routing-form workflows of an organization team',
    document: GetTeamRoutingFormWorkflowsDocument,
    result: 'teamRoutingFormWorkflows',
    paginated: true,
  }),
  route({
    method: 'POST',
    path: `${BASE}/routing-form`,
    tag: TAG,
    summary: 'Create a routing-form workflow of an organization team (trigger formSubmitted or formSubmittedNoEvent; steps email_attendee or email_address)',
    document: CreateTeamRoutingFormWorkflowDocument,
    result: 'createTeamRoutingFormWorkflow',
    status: 201,
  }),
  route({
    method: 'GET',
    path: BASE,
    tag: TAG,
    summary: 'Get the event-type workflows of an organization team',
    document: GetTeamWorkflowsDocument,
    result: 'teamWorkflows',
    paginated: true,
  }),
  route({
    method: 'POST',
    path: BASE,
    tag: TAG,
    summary: 'Create an event-type workflow of an organization team',
    document: CreateTeamWorkflowDocument,
    result: 'createTeamWorkflow',
    status: 201,
  }),
  route({
    method: 'GET',
    path: `${BASE}/{workflowId}`,
    tag: TAG,
    summary: 'Get an event-type workflow of an organization team',
    document: GetTeamWorkflowDocument,
    result: 'teamWorkflow',
  }),
  route({
    method: 'PATCH',
    path: `${BASE}/{workflowId}`,
    tag: TAG,
    summary: 'Update an event-type workflow of an organization team (steps, when sent, replace the steps; a step sent with its id is changed in place)',
    document: UpdateTeamWorkflowDocument,
    result: 'updateTeamWorkflow',
  }),
  route({
    method: 'DELETE',
    path: `${BASE}/{workflowId}`,
    tag: TAG,
    summary: 'Delete an event-type workflow of an organization team (answers the deleted workflow)',
    document: DeleteTeamWorkflowDocument,
    result: 'deleteTeamWorkflow',
    deviations: [DEVIATION.workflowDeleteAnswers],
  }),
  route({
    method: 'GET',
    path: `${BASE}/{workflowId}/routing-form`,
    tag: TAG,
    summary: 'Get a routing-form workflow of an organization team',
    document: GetTeamRoutingFormWorkflowDocument,
    result: 'teamRoutingFormWorkflow',
  }),
  route({
    method: 'PATCH',
    path: `${BASE}/{workflowId}/routing-form`,
    tag: TAG,
    summary: 'Update a routing-form workflow of an organization team (steps, when sent, replace the steps; a step sent with its id is changed in place)',
    document: UpdateTeamRoutingFormWorkflowDocument,
    result: 'updateTeamRoutingFormWorkflow',
  }),
  route({
    method: 'DELETE',
    path: `${BASE}/{workflowId}/routing-form`,
    tag: TAG,
    summary: 'Delete a routing-form workflow of an organization team (answers the deleted workflow)',
    document: DeleteTeamRoutingFormWorkflowDocument,
    result: 'deleteTeamRoutingFormWorkflow',
    deviations: [DEVIATION.workflowDeleteAnswers],
  }),
];
