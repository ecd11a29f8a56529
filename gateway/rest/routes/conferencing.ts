import {
  ConnectConferencingAppDocument,
  ConnectTeamConferencingAppDocument,
  DisconnectConferencingAppDocument,
  DisconnectTeamConferencingAppDocument,
  GetConferencingAppsDocument,
  GetConferencingOAuthUrlDocument,
  GetDefaultConferencingAppDocument,
  GetTeamConferencingAppsDocument,
  GetTeamConferencingOAuthUrlDocument,
  GetTeamDefaultConferencingAppDocument,
  SaveConferencingOAuthDocument,
  SaveTeamConferencingOAuthDocument,
  SetDefaultConferencingAppDocument,
  SetTeamDefaultConferencingAppDocument,
} from '../contracts/generated';
import { DEVIATION } from '../deviations';
import { route, RouteEntry } from '../route';

/** An app with no link of its own (every app but a link-based one) answers no `appLink`: the reference types it a string. */
const NO_APP_LINK = { omit: ['appLink'] };

/** Conferencing apps of the caller (/v2/conferencing) and of an organization's team. */
function routesAt(scope: 'user' | 'team'): RouteEntry[] {
  const team = scope === 'team';
  const base = team ? '/v2/organizations/{orgId}/teams/{teamId}/conferencing' : '/v2/conferencing';
  const tag = team ? 'Orgs / Teams / Conferencing' : 'Conferencing';
  const field = <U, T>(user: U, teamName: T): U | T => (team ? teamName : user);
  const who = team ? 'the team' : 'the caller';
  return [
    route({
      method: 'GET',
      path: base,
      tag,
      summary: `List the conferencing apps of ${who}`,
      document: field(GetConferencingAppsDocument, GetTeamConferencingAppsDocument),
      result: field('conferencingApps', 'teamConferencingApps'),
    }),
    route({
      method: 'POST',
      path: `${base}/{app}/connect`,
      tag,
      summary: `Connect a conferencing app to ${who}${team ? '' : ": google-meet needs the caller's Google Calendar connection, valid (400 otherwise)"}`,
      document: field(ConnectConferencingAppDocument, ConnectTeamConferencingAppDocument),
      result: field('connectConferencingApp', 'connectTeamConferencingApp'),
      deviations: team ? [DEVIATION.meetConnectedTwice, DEVIATION.teamMeetWithoutCalendar] : [DEVIATION.meetConnectedTwice],
    }),
    route({
      method: 'GET',
      path: `${base}/default`,
      tag,
      summary: `Get the default conferencing app of ${who}`,
      document: field(GetDefaultConferencingAppDocument, GetTeamDefaultConferencingAppDocument),
      result: field('defaultConferencingApp', 'teamDefaultConferencingApp'),
      nulls: NO_APP_LINK,
    }),
    route({
      method: 'POST',
      path: `${base}/{app}/default`,
      tag,
      summary: `Set the default conferencing app of ${who}`,
      document: field(SetDefaultConferencingAppDocument, SetTeamDefaultConferencingAppDocument),
      result: field('setDefaultConferencingApp', 'setTeamDefaultConferencingApp'),
      nulls: NO_APP_LINK,
    }),
    route({
      method: 'GET',
      path: `${base}/{app}/oauth/auth-url`,
      tag,
      summary: `The consent URL of zoom or msteams for ${who}; its state is bound to the caller${team ? ' and the team' : ''}, single use, expiring`,
      document: field(GetConferencingOAuthUrlDocument, GetTeamConferencingOAuthUrlDocument),
      result: field('conferencingOAuthUrl', 'teamConferencingOAuthUrl'),
    }),
    route({
      method: 'GET',
      path: `${base}/{app}/oauth/callback`,
      tag,
      summary: `The provider's redirect after consent: exchanges code and stores the connection of ${who} (public: the single-use state names the owner)`,
      document: field(SaveConferencingOAuthDocument, SaveTeamConferencingOAuthDocument),
      result: field('conferencingOAuthCallback', 'teamConferencingOAuthCallback'),
    }),
    route({
      method: 'DELETE',
      path: `${base}/{app}/disconnect`,
      tag,
      summary: `Disconnect a conferencing app from ${who} (answers the removed connection)`,
      document: field(DisconnectConferencingAppDocument, DisconnectTeamConferencingAppDocument),
      result: field('disconnectConferencingApp', 'disconnectTeamConferencingApp'),
    }),
  ];
}

export const conferencingRoutes = [...routesAt('user'), ...routesAt('team')];
