import { AddTeamBookingFieldsDocument, GetTeamBookingFieldsDocument, ReplaceTeamBookingFieldsDocument } from '../contracts/generated';
import { route } from '../route';

/** The booking fields endpoints exist from svc-api-version 2026-06-12 on (spec 4.4, 9); there is no older version. */
export const BOOKING_FIELDS_VERSION = '2026-06-12';
const BASE = '/v2/teams/{teamId}/event-types/{eventTypeId}/booking-fields';
const TAG = 'Teams / Event Types / Booking Fields';

export const bookingFieldRoutes = [
  route({
    method: 'GET',
    path: BASE,
    tag: TAG,
    summary: 'Get the booking fields of a team event type (any member)',
    version: BOOKING_FIELDS_VERSION,
    versionRequired: true,
    document: GetTeamBookingFieldsDocument,
    result: 'teamEventType',
  }),
  route({
    method: 'POST',
    path: BASE,
    tag: TAG,
    summary: 'Add custom booking fields to a team event type (team admin)',
    version: BOOKING_FIELDS_VERSION,
    versionRequired: true,
    document: AddTeamBookingFieldsDocument,
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
    document: ReplaceTeamBookingFieldsDocument,
    result: 'replaceTeamEventTypeBookingFields',
  }),
];
