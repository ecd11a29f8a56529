/** What every event type route answers for a booking field (type 2.6). */
export const BOOKING_FIELD_SELECTION = 'field variant slug label placeholder required hidden disableOnPrefill options source isDefault';

/** What personal event type routes answer. */
export const EVENT_TYPE_FIELDS = /* GraphQL */ `
  fragment EventTypeFields on EventType {
    id title slug description lengthInMinutes locations { type } hidden ownerId teamId parentId scheduleId
    bookingFields { ${BOOKING_FIELD_SELECTION} }
    createdAt updatedAt
  }`;

/** What team event type routes answer: the personal fields plus the hosts. */
export const TEAM_EVENT_TYPE_FIELDS = /* GraphQL */ `
  fragment TeamEventTypeFields on EventType {
    id title slug description lengthInMinutes locations { type } hidden ownerId teamId parentId scheduleId
    assignAllTeamMembers hosts { userId: id name username avatarUrl }
    bookingFields { ${BOOKING_FIELD_SELECTION} }
    createdAt updatedAt
  }`;
