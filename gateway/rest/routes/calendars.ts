import { DEVIATION } from '../deviations';
import { route } from '../route';

const CREDENTIAL = 'id type userId teamId appId invalid';
const CALENDAR = 'externalId integration name primary readOnly isSelected credentialId delegationCredentialId';
const INTEGRATION = 'slug type name title description variant categories logo publisher url email locationOption installed dirName appData';
const SELECTED = 'userId integration externalId credentialId';
const EVENT_TIME = 'time timeZone';
const EVENT = `start { ${EVENT_TIME} } end { ${EVENT_TIME} } id title description locations attendees { email name responseStatus self optional host } status hosts { email name responseStatus } calendarEventOwner { email name } source`;

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
        connectedCalendars { integration { ${INTEGRATION} } credentialId delegationCredentialId primary { ${CALENDAR} } calendars { ${CALENDAR} } }
        destinationCalendar { ${SELECTED} }
      }
    }`,
    result: 'connectedCalendars',
    deviations: [DEVIATION.destinationCalendarShape],
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
  route({
    method: 'GET',
    path: '/v2/calendars/{calendar}/connect',
    tag: 'Calendars',
    summary: 'The consent URL of Google or Microsoft 365 (calendar: google, office365); its state is bound to the caller, single use, expiring',
    operation: `query GetCalendarConnectUrl($calendar: String!, $redir: String, $isDryRun: Boolean) { calendarConnectUrl(calendar: $calendar, redir: $redir, isDryRun: $isDryRun) { authUrl } }`,
    result: 'calendarConnectUrl',
  }),
  route({
    method: 'GET',
    path: '/v2/calendars/{calendar}/save',
    tag: 'Calendars',
    summary: "The provider's redirect after consent: exchanges code, stores the credential and its calendars (public: the single-use state names the user)",
    operation: `query SaveCalendarConnection($calendar: String!, $state: String, $code: String) { saveCalendarConnection(calendar: $calendar, state: $state, code: $code) { credentialId redirectUrl } }`,
    result: 'saveCalendarConnection',
  }),
  route({
    method: 'POST',
    path: '/v2/calendars/{calendar}/credentials',
    tag: 'Calendars',
    summary:
      'Save Apple calendar credentials (calendar: apple; body: username, app-specific password), checked against the CalDAV server first; answers the credential, never the password',
    operation: `mutation SaveCalendarCredentials($calendar: String!, $input: CreateCalendarCredentialsInput!) { saveCalendarCredentials(calendar: $calendar, input: $input) { ${CREDENTIAL} } }`,
    result: 'saveCalendarCredentials',
    status: 201,
  }),
  route({
    method: 'GET',
    path: '/v2/calendars/{calendar}/check',
    tag: 'Calendars',
    summary: "Check the caller's connection to a calendar provider (its tokens are refreshed when expired)",
    operation: `query CheckCalendarConnection($calendar: String!) { checkCalendarConnection(calendar: $calendar) { status } }`,
    result: 'checkCalendarConnection',
  }),
  route({
    method: 'POST',
    path: '/v2/calendars/{calendar}/disconnect',
    tag: 'Calendars',
    summary: 'Disconnect a calendar credential of the caller (body: id); answers the removed credential',
    operation: `mutation DisconnectCalendar($calendar: String!, $input: DisconnectCalendarInput!) { disconnectCalendar(calendar: $calendar, input: $input) { ${CREDENTIAL} } }`,
    result: 'disconnectCalendar',
  }),
  route({
    method: 'GET',
    path: '/v2/calendars/{calendar}/event/{eventUid}',
    tag: 'Unified Calendars',
    summary: "An event of the caller's connected calendar (calendar: google), read at the provider",
    operation: `query GetCalendarEvent($calendar: String!, $eventUid: String!) { calendarEvent(calendar: $calendar, eventUid: $eventUid) { ${EVENT} } }`,
    result: 'calendarEvent',
  }),
  route({
    method: 'PATCH',
    path: '/v2/calendars/{calendar}/events/{eventUid}',
    tag: 'Unified Calendars',
    summary: "Change an event of the caller's connected calendar at the provider (attendees replace the whole list)",
    operation: `mutation UpdateCalendarEvent($calendar: String!, $eventUid: String!, $input: UpdateUnifiedCalendarEventInput!) { updateCalendarEvent(calendar: $calendar, eventUid: $eventUid, input: $input) { ${EVENT} } }`,
    result: 'updateCalendarEvent',
  }),
];
