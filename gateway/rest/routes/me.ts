import { route } from '../route';
import { MEMBERSHIP_FIELDS } from './memberships';

/** MeOutput of the reference, with the memberships and booking limits our GET /v2/me has always shown. */
const ME_FIELDS = /* GraphQL */ `
  fragment MeFields on User {
    id email username name timeZone timeFormat weekStart locale defaultScheduleId bio avatarUrl metadata createdAt
    organizationId
    organization { id name slug isPlatform }
  }`;

export const meRoutes = [
  route({
    method: 'GET',
    path: '/v2/me',
    tag: 'Me',
    summary: 'Get my profile, with organization and team memberships',
    operation: /* GraphQL */ `
      query GetMe {
        me {
          ...MeFields
          memberships { id teamId role accepted team { id name slug isOrganization parentId } }
          bookingLimits { perDay perWeek perMonth perYear }
        }
      } ${ME_FIELDS}`,
    result: 'me',
    nulls: { omit: ['organization'] },
  }),
  route({
    method: 'PATCH',
    path: '/v2/me',
    tag: 'Me',
    summary:
      'Update my profile: email, name, timeFormat (12 or 24), defaultScheduleId, weekStart, timeZone, locale, avatarUrl, bio, metadata (omitted fields keep their value)',
    operation: /* GraphQL */ `mutation UpdateMe($input: UpdateMeInput!) { updateMe(input: $input) { ...MeFields } } ${ME_FIELDS}`,
    result: 'updateMe',
    nulls: { omit: ['organization'] },
  }),
  // Consent (issue 21; not in the reference): a membership someone else gave me counts only once I accept it.
  route({
    method: 'POST',
    path: '/v2/me/memberships/{membershipId}/accept',
    tag: 'Me',
    summary: 'Accept one of my memberships that waits for my answer (an invitation): from then on the team sees my schedules, time off and bookings',
    operation: /* GraphQL */ `mutation AcceptMyMembership($membershipId: Int!) { acceptMyMembership(membershipId: $membershipId) { ...MembershipFields } } ${MEMBERSHIP_FIELDS}`,
    result: 'acceptMyMembership',
  }),
  route({
    method: 'POST',
    path: '/v2/me/memberships/{membershipId}/decline',
    tag: 'Me',
    summary: 'Decline one of my memberships that waits for my answer: it is removed (answers it as it was; 409 once accepted)',
    operation: /* GraphQL */ `mutation DeclineMyMembership($membershipId: Int!) { declineMyMembership(membershipId: $membershipId) { ...MembershipFields } } ${MEMBERSHIP_FIELDS}`,
    result: 'declineMyMembership',
  }),
];
