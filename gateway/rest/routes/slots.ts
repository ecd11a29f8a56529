import {
  DeleteSlotReservationDocument,
  GetAvailableSlotsDocument,
  GetSlotReservationDocument,
  GetSlotsDocument,
  ReserveSlotDocument,
  UpdateSlotReservationDocument,
} from '../contracts/generated';
import { DEVIATION } from '../deviations';
import { route, RouteEntry } from '../route';

const UNSERVED_ROUTING =
  'slots are not routed here (routing form responses and dry runs are not parameters of this route); a routing form answer with its slots is POST /v2/routing-forms/{routingFormId}/calculate-slots';

export const slotRoutes: RouteEntry[] = [
  route({
    method: 'GET',
    path: '/v2/slots/available',
    tag: 'Slots',
    summary:
      'Bookable slots of an event type (eventTypeId, or eventTypeSlug with username or teamSlug [and organizationSlug]) from startTime to endTime, by day in timeZone (default UTC); public',
    document: GetAvailableSlotsDocument,
    result: 'availableSlots',
    // `away` (out-of-office redirects of the event type's owner) only when there is one.
    nulls: { omit: ['away'] },
    // The older version's names: usernameList (written usernameList[]=bob) names the owner of eventTypeSlug.
    queryAliases: { 'usernameList[]': 'username', usernameList: 'username' },
    unservedQuery: { routingFormResponseId: UNSERVED_ROUTING, _isDryRun: UNSERVED_ROUTING },
    deviations: [DEVIATION.seatedSlotBookingUid, DEVIATION.availableSlotsRouting],
  }),
];

/** GET /v2/slots (the reference's 2024-09-04 version) and slot reservations: public (spec 5.3), one behaviour each (the header is not needed). */
export const slotV2Routes: RouteEntry[] = [
  route({
    method: 'GET',
    path: '/v2/slots',
    tag: 'Slots',
    summary:
      'Bookable slots by date (2024-09-04): eventTypeId, or eventTypeSlug with username or teamSlug [and organizationSlug], or usernames (a dynamic group); start, end, timeZone, duration, format=range; public',
    document: GetSlotsDocument,
    result: 'slots',
  }),
  route({
    method: 'POST',
    path: '/v2/slots/reservations',
    tag: 'Slots',
    summary: 'Hold a slot so that nobody else can book it for reservationDuration minutes (default 5); book it with reservationUid; public',
    document: ReserveSlotDocument,
    result: 'reserveSlot',
    status: 201,
  }),
  route({
    method: 'GET',
    path: '/v2/slots/reservations/{uid}',
    tag: 'Slots',
    summary: 'Get a slot reservation; public (the uid is the key)',
    document: GetSlotReservationDocument,
    result: 'slotReservation',
  }),
  route({
    method: 'PATCH',
    path: '/v2/slots/reservations/{uid}',
    tag: 'Slots',
    summary: 'Move or renew a slot reservation; public (the uid is the key)',
    document: UpdateSlotReservationDocument,
    result: 'updateSlotReservation',
  }),
  route({
    method: 'DELETE',
    path: '/v2/slots/reservations/{uid}',
    tag: 'Slots',
    summary: 'Free a reserved slot (answers the reservation as it was); public (the uid is the key)',
    document: DeleteSlotReservationDocument,
    result: 'deleteSlotReservation',
  }),
];
