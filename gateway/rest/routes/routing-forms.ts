import {
  CalculateRoutingFormSlotsDocument,
  OrganizationCreateRoutingFormResponseDocument,
  OrganizationRoutingFormResponsesDocument,
  OrganizationRoutingFormsDocument,
  OrganizationUpdateRoutingFormResponseDocument,
  TeamCreateRoutingFormResponseDocument,
  TeamRoutingFormResponsesDocument,
  TeamRoutingFormsDocument,
  TeamUpdateRoutingFormResponseDocument,
} from '../contracts/generated';
import { DEVIATION } from '../deviations';
import { route, RouteEntry } from '../route';

/** What to do instead of queueResponse (a response kept until its booking, which this API does not keep). */
const QUEUED_RESPONSES =
  'a response is stored when it is submitted; its routing.responseId, passed to POST /v2/bookings as routing.responseId, links it to the booking made';

/** Routing forms and responses, of an organization's team and of the whole organization. */
function routesAt(scope: 'team' | 'org'): RouteEntry[] {
  const team = scope === 'team';
  const base = team ? '/v2/organizations/{orgId}/teams/{teamId}/routing-forms' : '/v2/organizations/{orgId}/routing-forms';
  const documents = team
    ? {
        list: TeamRoutingFormsDocument,
        responses: TeamRoutingFormResponsesDocument,
        create: TeamCreateRoutingFormResponseDocument,
        update: TeamUpdateRoutingFormResponseDocument,
      }
    : {
        list: OrganizationRoutingFormsDocument,
        responses: OrganizationRoutingFormResponsesDocument,
        create: OrganizationCreateRoutingFormResponseDocument,
        update: OrganizationUpdateRoutingFormResponseDocument,
      };
  const responsesTag = team ? 'Orgs / Teams / Routing forms / Responses' : 'Orgs / Routing forms';
  const fields = team
    ? { list: 'routingForms', responses: 'routingFormResponses', create: 'createRoutingFormResponse', update: 'updateRoutingFormResponse' }
    : {
        list: 'organizationRoutingForms',
        responses: 'organizationRoutingFormResponses',
        create: 'createOrganizationRoutingFormResponse',
        update: 'updateOrganizationRoutingFormResponse',
      };
  const whose = team ? 'an organization team' : "an organization (its teams' included)";
  /** The team paths' rules: the team is looked for in the path's organization, the form in the path's team. */
  const onTeam = team ? [DEVIATION.teamAdminOnOrgPath] : [];
  const formOnTeam = team ? [...onTeam, DEVIATION.routingFormNotInTeam] : [];
  return [
    route({
      method: 'GET',
      path: base,
      tag: team ? 'Orgs / Teams / Routing forms' : 'Orgs / Routing forms',
      summary: `Get the routing forms of ${whose} (name: whose name contains it; disabled: true or false)`,
      document: documents.list,
      result: fields.list,
      paginated: true,
      ...(team ? { deviations: [...onTeam, DEVIATION.teamRoutingFormFilters] } : {}),
    }),
    route({
      method: 'GET',
      path: `${base}/{routingFormId}/responses`,
      tag: responsesTag,
      summary: `Get the responses of a routing form of ${whose}, filtered and sorted`,
      document: documents.responses,
      result: fields.responses,
      paginated: true,
      deviations: [...formOnTeam, DEVIATION.routingAnswersShape],
    }),
    route({
      method: 'POST',
      path: `${base}/{routingFormId}/responses`,
      tag: responsesTag,
      summary: `Submit a routing form of ${whose}: the routed event type, the routing, and its slots with start and end`,
      document: documents.create,
      result: fields.create,
      status: 201,
      unservedQuery: { queueResponse: QUEUED_RESPONSES },
      deviations: [...formOnTeam, DEVIATION.routingQueuedResponse, DEVIATION.routingExternalUrlAsConfigured],
    }),
    route({
      method: 'PATCH',
      path: `${base}/{routingFormId}/responses/{responseId}`,
      tag: responsesTag,
      summary: `Update a response of a routing form of ${whose}`,
      document: documents.update,
      result: fields.update,
      deviations: [...formOnTeam, DEVIATION.routingAnswersShape],
    }),
  ];
}

/** POST /v2/routing-forms/{routingFormId}/calculate-slots: the form's owners try a response (nothing stored) and get the routed event type's slots. */
const calculateSlotsRoute = route({
  method: 'POST',
  path: '/v2/routing-forms/{routingFormId}/calculate-slots',
  tag: 'Routing forms',
  summary:
    'Evaluate the routes for a response (body: the answers; not stored) and answer the routed event type with its slots (start, end, timeZone, duration, format as GET /v2/slots)',
  document: CalculateRoutingFormSlotsDocument,
  result: 'routingFormById.calculateSlots',
  deviations: [DEVIATION.routingSlotsCredential],
});

export const routingFormRoutes = [...routesAt('team'), ...routesAt('org'), calculateSlotsRoute];
