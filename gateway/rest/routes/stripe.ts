import {
  CheckStripeConnectionDocument,
  CheckTeamStripeConnectionDocument,
  GetStripeConnectUrlDocument,
  GetTeamStripeConnectUrlDocument,
  SaveStripeConnectionDocument,
  SaveTeamStripeConnectionDocument,
} from '../contracts/generated';
import { route, RouteEntry } from '../route';

/** Stripe Connect of the caller (/v2/stripe) and of an organization's team (the reference's Stripe and Orgs / Teams / Stripe). */
function routesAt(scope: 'user' | 'team'): RouteEntry[] {
  const team = scope === 'team';
  const base = team ? '/v2/organizations/{orgId}/teams/{teamId}/stripe' : '/v2/stripe';
  const tag = team ? 'Orgs / Teams / Stripe' : 'Stripe';
  const field = <U, T>(user: U, teamName: T): U | T => (team ? teamName : user);
  const who = team ? 'the team' : 'the caller';
  return [
    route({
      method: 'GET',
      path: `${base}/connect`,
      tag,
      summary: `Stripe's consent URL for ${who}; its state is bound to the caller${team ? ' and the team' : ''}, single use, expiring`,
      document: field(GetStripeConnectUrlDocument, GetTeamStripeConnectUrlDocument),
      result: field('stripeConnectUrl', 'teamStripeConnectUrl'),
    }),
    route({
      method: 'GET',
      path: `${base}/save`,
      tag,
      summary: `Stripe's redirect after consent: exchanges code and stores the connected account of ${who}; answers where the browser goes next (public: the single-use state names the owner)`,
      document: field(SaveStripeConnectionDocument, SaveTeamStripeConnectionDocument),
      result: field('saveStripeConnection', 'saveTeamStripeConnection'),
      envelope: false,
    }),
    route({
      method: 'GET',
      path: `${base}/check`,
      tag,
      summary: `Check that ${who} has a Stripe account connected that Stripe still accepts (404 when none)`,
      document: field(CheckStripeConnectionDocument, CheckTeamStripeConnectionDocument),
      result: field('checkStripeConnection', 'checkTeamStripeConnection'),
      envelope: false,
    }),
  ];
}

export const stripeRoutes = [...routesAt('user'), ...routesAt('team')];
