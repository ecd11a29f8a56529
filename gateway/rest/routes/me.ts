import { AcceptMyMembershipDocument, DeclineMyMembershipDocument, GetMeDocument, UpdateMeDocument } from '../contracts/generated';
import { route } from '../route';

export const meRoutes = [
  route({
    method: 'GET',
    path: '/v2/me',
    tag: 'Me',
    summary: 'Get my profile, with organization and team memberships',
    document: GetMeDocument,
    result: 'me',
    nulls: { omit: ['organization'] },
  }),
  route({
    method: 'PATCH',
    path: '/v2/me',
    tag: 'Me',
    summary:
      'Update my profile: email, name, timeFormat (12 or 24), defaultScheduleId, weekStart, timeZone, locale, avatarUrl, bio, metadata (omitted fields keep their value)',
    document: UpdateMeDocument,
    result: 'updateMe',
    nulls: { omit: ['organization'] },
  }),
  // Consent (issue 21; not in the reference): a membership someone else gave me counts only once I accept it.
  route({
    method: 'POST',
    path: '/v2/me/memberships/{membershipId}/accept',
    tag: 'Me',
    summary: 'Accept one of my memberships that waits for my answer (an invitation): from then on the team sees my schedules, time off and bookings',
    document: AcceptMyMembershipDocument,
    result: 'acceptMyMembership',
  }),
  route({
    method: 'POST',
    path: '/v2/me/memberships/{membershipId}/decline',
    tag: 'Me',
    summary: 'Decline one of my memberships that waits for my answer: it is removed (answers it as it was; 409 once accepted)',
    document: DeclineMyMembershipDocument,
    result: 'declineMyMembership',
  }),
];
