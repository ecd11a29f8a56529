import { route } from '../route';

const BALANCE = 'hasCredits balance';
const CHARGE = 'charged credits remainingBalance creditFor externalRef newCharge createdAt';

export const creditRoutes = [
  route({
    method: 'GET',
    path: '/v2/credits/available',
    tag: 'Credits',
    summary: 'Check the credits available to me',
    operation: `query GetMyCredits { myCredits { ${BALANCE} } }`,
    result: 'myCredits',
  }),
  route({
    method: 'POST',
    path: '/v2/credits/charge',
    tag: 'Credits',
    summary: 'Charge my credits (more than the balance is a 409 and charges nothing; a repeated externalRef answers the first charge)',
    operation: `mutation ChargeMyCredits($input: ChargeCreditsInput!) { chargeMyCredits(input: $input) { ${CHARGE} } }`,
    result: 'chargeMyCredits',
  }),
  route({
    method: 'GET',
    path: '/v2/teams/{teamId}/credits/available',
    tag: 'Teams / Credits',
    summary: 'Check the credits available to a team',
    operation: `query GetTeamCredits($teamId: Int!) { teamCredits(teamId: $teamId) { ${BALANCE} } }`,
    result: 'teamCredits',
  }),
  route({
    method: 'POST',
    path: '/v2/teams/{teamId}/credits/charge',
    tag: 'Teams / Credits',
    summary: "Charge a team's credits",
    operation: `mutation ChargeTeamCredits($teamId: Int!, $input: ChargeCreditsInput!) { chargeTeamCredits(teamId: $teamId, input: $input) { ${CHARGE} } }`,
    result: 'chargeTeamCredits',
  }),
  route({
    method: 'GET',
    path: '/v2/organizations/{orgId}/credits/available',
    tag: 'Orgs / Credits',
    summary: 'Check the credits available to an organization',
    operation: `query GetOrgCredits($orgId: Int!) { organizationCredits(orgId: $orgId) { ${BALANCE} } }`,
    result: 'organizationCredits',
  }),
  route({
    method: 'POST',
    path: '/v2/organizations/{orgId}/credits/charge',
    tag: 'Orgs / Credits',
    summary: "Charge an organization's credits",
    operation: `mutation ChargeOrgCredits($orgId: Int!, $input: ChargeCreditsInput!) { chargeOrganizationCredits(orgId: $orgId, input: $input) { ${CHARGE} } }`,
    result: 'chargeOrganizationCredits',
  }),
];
