import {
  ChargeMyCreditsDocument,
  ChargeOrgCreditsDocument,
  ChargeTeamCreditsDocument,
  GetMyCreditsDocument,
  GetOrgCreditsDocument,
  GetTeamCreditsDocument,
} from '../contracts/generated';
import { DEVIATION } from '../deviations';
import { route } from '../route';

export const creditRoutes = [
  route({
    method: 'GET',
    path: '/v2/credits/available',
    tag: 'Credits',
    summary: 'Check the credits available to me: {hasCredits, balance {monthlyRemaining, additional}}',
    document: GetMyCreditsDocument,
    result: 'myCredits',
    deviations: [DEVIATION.noMonthlyCredits],
  }),
  route({
    method: 'POST',
    path: '/v2/credits/charge',
    tag: 'Credits',
    summary:
      'Charge my credits: credits, creditFor (SMS, CAL_AI_PHONE_CALL or AI_AGENT), externalRef (more than the balance is a 409 and charges nothing; a repeated externalRef answers the first charge)',
    document: ChargeMyCreditsDocument,
    result: 'chargeMyCredits',
    deviations: [DEVIATION.noMonthlyCredits],
  }),
  route({
    method: 'GET',
    path: '/v2/teams/{teamId}/credits/available',
    tag: 'Teams / Credits',
    summary: 'Check the credits available to a team',
    document: GetTeamCreditsDocument,
    result: 'teamCredits',
    deviations: [DEVIATION.noMonthlyCredits],
  }),
  route({
    method: 'POST',
    path: '/v2/teams/{teamId}/credits/charge',
    tag: 'Teams / Credits',
    summary: "Charge a team's credits",
    document: ChargeTeamCreditsDocument,
    result: 'chargeTeamCredits',
    deviations: [DEVIATION.noMonthlyCredits],
  }),
  route({
    method: 'GET',
    path: '/v2/organizations/{orgId}/credits/available',
    tag: 'Orgs / Credits',
    summary: 'Check the credits available to an organization',
    document: GetOrgCreditsDocument,
    result: 'organizationCredits',
    deviations: [DEVIATION.noMonthlyCredits],
  }),
  route({
    method: 'POST',
    path: '/v2/organizations/{orgId}/credits/charge',
    tag: 'Orgs / Credits',
    summary: "Charge an organization's credits",
    document: ChargeOrgCreditsDocument,
    result: 'chargeOrganizationCredits',
    deviations: [DEVIATION.noMonthlyCredits],
  }),
];
