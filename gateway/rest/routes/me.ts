import { route } from '../route';

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
    summary: 'Update my profile: email, name, timeFormat (12 or 24), defaultScheduleId, weekStart, timeZone, locale, avatarUrl, bio, metadata (omitted fields keep their value)',
    operation: /* GraphQL */ `mutation UpdateMe($input: UpdateMeInput!) { updateMe(input: $input) { ...MeFields } } ${ME_FIELDS}`,
    result: 'updateMe',
    nulls: { omit: ['organization'] },
  }),
];
