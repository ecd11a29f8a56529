import { route } from '../route';

const LIMITS = 'perDay perWeek perMonth perYear';

export const bookingLimitRoutes = [
  route({
    method: 'GET',
    path: '/v2/me/booking-limits',
    tag: 'Me / Booking limits',
    summary: 'Get my booking limits (organization members only; unset bounds are null)',
    operation: `query GetMyBookingLimits { myBookingLimits { ${LIMITS} } }`,
    result: 'myBookingLimits',
  }),
  route({
    method: 'PATCH',
    path: '/v2/me/booking-limits',
    tag: 'Me / Booking limits',
    summary: 'Update my booking limits (merge: omitted bounds untouched, null removes one)',
    operation: `mutation UpdateMyBookingLimits($input: UpdateBookingLimitsInput!) { updateMyBookingLimits(input: $input) { ${LIMITS} } }`,
    result: 'updateMyBookingLimits',
  }),
  route({
    method: 'DELETE',
    path: '/v2/me/booking-limits',
    tag: 'Me / Booking limits',
    summary: 'Remove all my booking limits (204 No Content)',
    operation: `mutation ClearMyBookingLimits { clearMyBookingLimits { ${LIMITS} } }`,
    result: 'clearMyBookingLimits',
    status: 204,
  }),
];
