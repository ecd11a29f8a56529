import { route } from '../route';

export const meRoutes = [
  route({
    method: 'GET',
    path: '/v2/me',
    tag: 'Me',
    summary: 'Get my profile, with organization and team memberships',
    operation: /* GraphQL */ `
      query GetMe {
        me {
          id email username name timeZone bio avatarUrl metadata createdAt
          organizationId
          organization { id name slug }
          memberships { id teamId role accepted team { id name slug isOrganization parentId } }
          bookingLimits { perDay perWeek perMonth perYear }
        }
      }`,
    result: 'me',
  }),
];
