import { route } from '../route';
import { BOOKING_FIELD_SELECTION } from './event-type-fields';

/** The booking fields endpoints exist from svc-api-version 2026-06-12 on (spec 4.4, 9); there is no older version. */
export const BOOKING_FIELDS_VERSION = '2026-06-12';
const BASE = '/v2/teams/{teamId}/event-types/{eventTypeId}/booking-fields';
const TAG = 'Teams / Event Types / Booking Fields';
const RESULT = `bookingFields { ${BOOKING_FIELD_SELECTION} }`;

export const bookingFieldRoutes = [
  route({
    method: 'GET',
    path: BASE,
    tag: TAG,
    summary: 'Get the booking fields of a team event type (any member)',
    version: BOOKING_FIELDS_VERSION,
    versionRequired: true,
    operation: `query GetTeamBookingFields($teamId: Int!, $eventTypeId: Int!) { teamEventType(teamId: $teamId, eventTypeId: $eventTypeId) { ${RESULT} } }`,
    result: 'teamEventType',
  }),
  route({
    method: 'POST',
    path: BASE,
    tag: TAG,
    summary: 'Add custom booking fields to a team event type (team admin)',
    version: BOOKING_FIELDS_VERSION,
    versionRequired: true,
    operation: `
      mutation AddTeamBookingFields($teamId: Int!, $eventTypeId: Int!, $input: BookingFieldsInput!) {
        addTeamEventTypeBookingFields(teamId: $teamId, eventTypeId: $eventTypeId, input: $input) { ${RESULT} }
      }`,
    result: 'addTeamEventTypeBookingFields',
    status: 201,
  }),
  route({
    method: 'PUT',
    path: BASE,
    tag: TAG,
    summary: 'Replace the booking fields of a team event type; workflow-added fields stay (team admin)',
    version: BOOKING_FIELDS_VERSION,
    versionRequired: true,
    operation: `
      mutation ReplaceTeamBookingFields($teamId: Int!, $eventTypeId: Int!, $input: BookingFieldsInput!) {
        replaceTeamEventTypeBookingFields(teamId: $teamId, eventTypeId: $eventTypeId, input: $input) { ${RESULT} }
      }`,
    result: 'replaceTeamEventTypeBookingFields',
  }),
];
