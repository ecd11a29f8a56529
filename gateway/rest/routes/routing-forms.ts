import { PAGINATION, route, RouteEntry } from '../route';

const FORM = 'id name description position userId teamId disabled fields routes settings createdAt updatedAt';
const RESPONSE = 'id formId formFillerId routedToBookingUid response createdAt';
const RESULT =
  'eventTypeId routing { queuedResponseId responseId teamMemberIds teamMemberEmail skipContactOwner } routingCustomMessage routingExternalRedirectUrl slots';
const FILTER_VARS =
  '$take: Int, $skip: Int, $sortCreatedAt: String, $sortUpdatedAt: String, $afterCreatedAt: String, $beforeCreatedAt: String, $afterUpdatedAt: String, $beforeUpdatedAt: String, $routedToBookingUid: String';
const FILTER_ARGS =
  'take: $take, skip: $skip, sortCreatedAt: $sortCreatedAt, sortUpdatedAt: $sortUpdatedAt, afterCreatedAt: $afterCreatedAt, beforeCreatedAt: $beforeCreatedAt, afterUpdatedAt: $afterUpdatedAt, beforeUpdatedAt: $beforeUpdatedAt, routedToBookingUid: $routedToBookingUid';

/** Routing forms and responses, of an organization's team and of the whole organization. */
function routesAt(scope: 'team' | 'org'): RouteEntry[] {
  const team = scope === 'team';
  const base = team ? '/v2/organizations/{orgId}/teams/{teamId}/routing-forms' : '/v2/organizations/{orgId}/routing-forms';
  const vars = team ? '$orgId: Int!, $teamId: Int!' : '$orgId: Int!';
  const args = team ? 'orgId: $orgId, teamId: $teamId' : 'orgId: $orgId';
  const op = (name: string) => (team ? `Team${name}` : `Organization${name}`);
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
  return [
    route({
      method: 'GET',
      path: base,
      tag: team ? 'Orgs / Teams / Routing forms' : 'Orgs / Routing forms',
      summary: `Get the routing forms of ${whose} (name: whose name contains it; disabled: true or false)`,
      operation: `query ${op('RoutingForms')}(${vars}, ${FILTER_VARS}, $name: String, $disabled: Boolean${team ? '' : ', $teamIds: [Int!]'}) {
        ${fields.list}(${args}, ${FILTER_ARGS}, name: $name, disabled: $disabled${team ? '' : ', teamIds: $teamIds'}) { items { ${FORM} } ${PAGINATION} }
      }`,
      result: fields.list,
      paginated: true,
    }),
    route({
      method: 'GET',
      path: `${base}/{routingFormId}/responses`,
      tag: responsesTag,
      summary: `Get the responses of a routing form of ${whose}, filtered and sorted`,
      operation: `query ${op('RoutingFormResponses')}(${vars}, $routingFormId: String!, ${FILTER_VARS}) {
        ${fields.responses}(${args}, routingFormId: $routingFormId, ${FILTER_ARGS}) { items { ${RESPONSE} } ${PAGINATION} }
      }`,
      result: fields.responses,
      paginated: true,
    }),
    route({
      method: 'POST',
      path: `${base}/{routingFormId}/responses`,
      tag: responsesTag,
      summary: `Submit a routing form of ${whose}: the routed event type, the routing, and its slots with start and end`,
      operation: `mutation ${op('CreateRoutingFormResponse')}(${vars}, $routingFormId: String!, $input: JSONObject!, $start: String, $end: String, $timeZone: String) {
        ${fields.create}(${args}, routingFormId: $routingFormId, input: $input, start: $start, end: $end, timeZone: $timeZone) { ${RESULT} }
      }`,
      result: fields.create,
      status: 201,
    }),
    route({
      method: 'PATCH',
      path: `${base}/{routingFormId}/responses/{responseId}`,
      tag: responsesTag,
      summary: `Update a response of a routing form of ${whose}`,
      operation: `mutation ${op('UpdateRoutingFormResponse')}(${vars}, $routingFormId: String!, $responseId: Int!, $input: UpdateRoutingFormResponseInput!) {
        ${fields.update}(${args}, routingFormId: $routingFormId, responseId: $responseId, input: $input) { ${RESPONSE} }
      }`,
      result: fields.update,
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
  operation: `mutation CalculateRoutingFormSlots(
      $routingFormId: String!, $input: JSONObject!, $start: String, $end: String, $timeZone: String, $duration: Int, $format: String, $bookingUidToReschedule: String
    ) {
      routingFormById(routingFormId: $routingFormId) {
        calculateSlots(input: $input, start: $start, end: $end, timeZone: $timeZone, duration: $duration, format: $format, bookingUidToReschedule: $bookingUidToReschedule) { eventTypeId slots }
      }
    }`,
  result: 'routingFormById.calculateSlots',
});

export const routingFormRoutes = [...routesAt('team'), ...routesAt('org'), calculateSlotsRoute];
