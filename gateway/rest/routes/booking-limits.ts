import { ClearMyBookingLimitsDocument, GetMyBookingLimitsDocument, UpdateMyBookingLimitsDocument } from '../contracts/generated';
import { route } from '../route';

export const bookingLimitRoutes = [
  route({
    method: 'GET',
    path: '/v2/me/booking-limits',
    tag: 'Me / Booking limits',
    summary: 'Get my booking limits (organization members only; unset bounds are null)',
    document: GetMyBookingLimitsDocument,
    result: 'myBookingLimits',
  }),
  route({
    method: 'PATCH',
    path: '/v2/me/booking-limits',
    tag: 'Me / Booking limits',
    summary: 'Update my booking limits (merge: omitted bounds untouched, null removes one)',
    document: UpdateMyBookingLimitsDocument,
    result: 'updateMyBookingLimits',
  }),
  route({
    method: 'DELETE',
    path: '/v2/me/booking-limits',
    tag: 'Me / Booking limits',
    summary: 'Remove all my booking limits (204 No Content)',
    document: ClearMyBookingLimitsDocument,
    result: 'clearMyBookingLimits',
    status: 204,
  }),
];
