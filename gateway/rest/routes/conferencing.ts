import { route, RouteEntry } from '../route';

const CONNECTION = 'id type userId invalid';
/** An app with no link of its own (every app but a link-based one) answers no `appLink`: the reference types it a string. */
const NO_APP_LINK = { omit: ['appLink'] };

/** Conferencing apps of the caller (/v2/conferencing) and of an organization's team. */
function routesAt(scope: 'user' | 'team'): RouteEntry[] {
  const team = scope === 'team';
  const base = team ? '/v2/organizations/{orgId}/teams/{teamId}/conferencing' : '/v2/conferencing';
  const tag = team ? 'Orgs / Teams / Conferencing' : 'Conferencing';
  const vars = team ? '$orgId: Int!, $teamId: Int!' : '';
  const args = team ? 'orgId: $orgId, teamId: $teamId' : '';
  const withApp = (v: string) => (v ? `${v}, $app: String!` : '$app: String!');
  const appArgs = (a: string) => (a ? `${a}, app: $app` : 'app: $app');
  const field = (user: string, teamName: string) => (team ? teamName : user);
  const who = team ? 'the team' : 'the caller';
  const paren = (s: string) => (s ? `(${s})` : '');
  return [
    route({
      method: 'GET',
      path: base,
      tag,
      summary: `List the conferencing apps of ${who}`,
      operation: `query ${field('GetConferencingApps', 'GetTeamConferencingApps')}${paren(vars)} { ${field('conferencingApps', 'teamConferencingApps')}${paren(args)} { ${CONNECTION} } }`,
      result: field('conferencingApps', 'teamConferencingApps'),
    }),
    route({
      method: 'POST',
      path: `${base}/{app}/connect`,
      tag,
      summary: `Connect a conferencing app to ${who}`,
      operation: `mutation ${field('ConnectConferencingApp', 'ConnectTeamConferencingApp')}(${withApp(vars)}) { ${field('connectConferencingApp', 'connectTeamConferencingApp')}(${appArgs(args)}) { ${CONNECTION} } }`,
      result: field('connectConferencingApp', 'connectTeamConferencingApp'),
    }),
    route({
      method: 'GET',
      path: `${base}/default`,
      tag,
      summary: `Get the default conferencing app of ${who}`,
      operation: `query ${field('GetDefaultConferencingApp', 'GetTeamDefaultConferencingApp')}${paren(vars)} { ${field('defaultConferencingApp', 'teamDefaultConferencingApp')}${paren(args)} { appSlug appLink } }`,
      result: field('defaultConferencingApp', 'teamDefaultConferencingApp'),
      nulls: NO_APP_LINK,
    }),
    route({
      method: 'POST',
      path: `${base}/{app}/default`,
      tag,
      summary: `Set the default conferencing app of ${who}`,
      operation: `mutation ${field('SetDefaultConferencingApp', 'SetTeamDefaultConferencingApp')}(${withApp(vars)}) { ${field('setDefaultConferencingApp', 'setTeamDefaultConferencingApp')}(${appArgs(args)}) { appSlug appLink } }`,
      result: field('setDefaultConferencingApp', 'setTeamDefaultConferencingApp'),
      nulls: NO_APP_LINK,
    }),
    route({
      method: 'GET',
      path: `${base}/{app}/oauth/auth-url`,
      tag,
      summary: `The consent URL of zoom or msteams for ${who}; its state is bound to the caller${team ? ' and the team' : ''}, single use, expiring`,
      operation: `query ${field('GetConferencingOAuthUrl', 'GetTeamConferencingOAuthUrl')}(${withApp(vars)}, $returnTo: String, $onErrorReturnTo: String) { ${field('conferencingOAuthUrl', 'teamConferencingOAuthUrl')}(${appArgs(args)}, returnTo: $returnTo, onErrorReturnTo: $onErrorReturnTo) { url } }`,
      result: field('conferencingOAuthUrl', 'teamConferencingOAuthUrl'),
    }),
    route({
      method: 'GET',
      path: `${base}/{app}/oauth/callback`,
      tag,
      summary: `The provider's redirect after consent: exchanges code and stores the connection of ${who} (public: the single-use state names the owner)`,
      operation: `query ${field('SaveConferencingOAuth', 'SaveTeamConferencingOAuth')}(${withApp(vars)}, $state: String, $code: String) { ${field('conferencingOAuthCallback', 'teamConferencingOAuthCallback')}(${appArgs(args)}, state: $state, code: $code) { connection { ${CONNECTION} } redirectUrl } }`,
      result: field('conferencingOAuthCallback', 'teamConferencingOAuthCallback'),
    }),
    route({
      method: 'DELETE',
      path: `${base}/{app}/disconnect`,
      tag,
      summary: `Disconnect a conferencing app from ${who} (answers the removed connection)`,
      operation: `mutation ${field('DisconnectConferencingApp', 'DisconnectTeamConferencingApp')}(${withApp(vars)}) { ${field('disconnectConferencingApp', 'disconnectTeamConferencingApp')}(${appArgs(args)}) { ${CONNECTION} } }`,
      result: field('disconnectConferencingApp', 'disconnectTeamConferencingApp'),
    }),
  ];
}

export const conferencingRoutes = [...routesAt('user'), ...routesAt('team')];
