import { route } from '../route';

const CREDENTIAL = 'id type userId teamId appId invalid';
const CALENDAR = 'externalId integration name primary readOnly isSelected credentialId delegationCredentialId';
const SELECTED = 'userId integration externalId credentialId';

/** Calendars of the caller: ICS feeds, connected calendars, busy times, selected and destination calendars. */
export const calendarRoutes = [
  route({
    method: 'POST',
    path: '/v2/calendars/ics-feed/save',
    tag: 'Calendars',
    summary: 'Save ICS feeds (each URL is fetched and parsed first)',
    operation: `mutation SaveIcsFeed($input: SaveIcsFeedInput!) { saveIcsFeed(input: $input) { ${CREDENTIAL} } }`,
    result: 'saveIcsFeed',
    status: 201,
  }),
  route({
    method: 'GET',
    path: '/v2/calendars/ics-feed/check',
    tag: 'Calendars',
    summary: 'Check the ICS feed credential',
    operation: `query CheckIcsFeed { checkIcsFeed { status } }`,
    result: 'checkIcsFeed',
  }),
  route({
    method: 'GET',
    path: '/v2/calendars/busy-times',
    tag: 'Calendars',
    summary: 'Busy times of a connected calendar',
    operation: `query GetCalendarBusyTimes($dateFrom: String, $dateTo: String, $loggedInUsersTz: String, $credentialId: Int, $externalId: String) {
      calendarBusyTimes(dateFrom: $dateFrom, dateTo: $dateTo, loggedInUsersTz: $loggedInUsersTz, credentialId: $credentialId, externalId: $externalId) { start end source }
    }`,
    result: 'calendarBusyTimes',
  }),
  route({
    method: 'GET',
    path: '/v2/calendars',
    tag: 'Calendars',
    summary: 'Connected calendars and the destination calendar',
    operation: `query GetCalendars {
      connectedCalendars {
        connectedCalendars { integration credentialId delegationCredentialId primary { ${CALENDAR} } calendars { ${CALENDAR} } }
        destinationCalendar { ${SELECTED} }
      }
    }`,
    result: 'connectedCalendars',
  }),
  route({
    method: 'POST',
    path: '/v2/selected-calendars',
    tag: 'Selected Calendars',
    summary: 'Check a calendar for conflicts',
    operation: `mutation AddSelectedCalendar($input: SelectedCalendarInput!) { addSelectedCalendar(input: $input) { ${SELECTED} } }`,
    result: 'addSelectedCalendar',
    status: 201,
  }),
  route({
    method: 'DELETE',
    path: '/v2/selected-calendars',
    tag: 'Selected Calendars',
    summary: 'Stop checking a calendar for conflicts',
    operation: `mutation RemoveSelectedCalendar($integration: String, $externalId: String, $credentialId: String, $delegationCredentialId: String) {
      removeSelectedCalendar(integration: $integration, externalId: $externalId, credentialId: $credentialId, delegationCredentialId: $delegationCredentialId) { ${SELECTED} }
    }`,
    result: 'removeSelectedCalendar',
  }),
  route({
    method: 'PUT',
    path: '/v2/destination-calendars',
    tag: 'Destination Calendars',
    summary: 'Set the calendar bookings are written to',
    operation: `mutation UpdateDestinationCalendar($input: DestinationCalendarInput!) { updateDestinationCalendar(input: $input) { ${SELECTED} } }`,
    result: 'updateDestinationCalendar',
  }),
];
