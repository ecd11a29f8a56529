import { randomUUID } from 'node:crypto';
import { DataSource, EntityManager, In } from 'typeorm';
import { EventType } from '../event-type/event-type.entity';
import { Attendee } from '../booking-record/attendee.entity';
import { badInput, conflict } from '../../../platform/errors';
import { PrivateLinkService } from '../private-link/private-link.service';
import { EventTypeRef, findEventType, hostsToPlace, OwnerDirectory } from '../slots/event-type-lookup';
import { loadHostCalendars } from '../slots/host-calendars';
import { Booking, BookingStatus } from '../booking-record/booking.entity';
import { bookingLocationOf, webAddressOf } from '../booking-record/booking-location';
import { checkFormAnswers } from '../booking-field/booking-field-answers';
import { AttendeeDetails, checkAttendee, checkGuests, checkMetadata, checkPhoneNumber, instantOf, privateLinkIdOf } from '../booking-record/booking-rules';
import { bookingTitle, insertBooking } from './booking-writes';
import { placeBooking } from './host-assignment';
import { refuseIfTaken } from './taken-slot';
import { routedHostIds } from './routed-hosts';
import { heldByBooker, needsConfirmation, refuseUnlessFirstSlotOfDay, reservationNamedIn } from './booking-event-type-rules';
import { lengthOf } from '../slots/slots.service';
import { loadEventTypeContext } from '../slots/event-type-context';
import { applyRollingWindow } from '../slots/rolling-window';
import { bookSeries, recurrenceCountOf, seriesEnd } from './recurring-booking';
import { recordBookingWrite } from './keyed-booking-writes';
import { BookerVerificationService, useCode } from '../booker-verification/booker-verification.service';

const DAY = 86_400_000;

/** A public booking request (POST /v2/bookings, both versions once translated). */
export interface BookingRequest extends EventTypeRef {
  /** ISO 8601; `end` follows from the event type's length. */
  start: string;
  attendee: { name?: string; email?: string; timeZone?: string; language?: string | null; phoneNumber?: string | null };
  /** Guests' e-mail addresses. */
  guests?: string[] | null;
  /** Where the body carried the guests, as its 400s name them (the older body: `responses.guests`). */
  guestsField?: string;
  /** `{type, …}` (one of the event type's locations) or a string; default: the event type's first location. */
  location?: unknown;
  /** Deprecated by the reference: the meeting's link for this booking, read as the location when none is sent. */
  meetingUrl?: string | null;
  metadata?: Record<string, unknown> | null;
  /** Answers to the booking form by field slug; `notes` becomes the description. */
  bookingFieldsResponses?: Record<string, unknown> | null;
  /** Must be the event type's length when sent (event types have one length). */
  lengthInMinutes?: number | null;
  /** The older body's `end`: when sent, start plus the event type's length. */
  end?: string | null;
  /** Book through this private link of the event type: it must be usable, and the booking counts one use. */
  privateLinkId?: string | null;
  /** The slot reservation the booker holds (POST /v2/slots/reservations): its hold does not block the booking, which ends it. */
  reservationUid?: string | null;
  /** The real service's name of `reservationUid`. */
  reservedSlotUid?: string | null;
  /** The routing form response the booking is made from (reference `routing.responseId`). */
  routing?: { responseId?: number | null; teamMemberIds?: number[] | null } | null;
  /** The platform OAuth client of the caller's credential (not from the body): the booking records it. */
  platformOAuthClientId?: string | null;
  /** Recurring event types: how many occurrences to book (default and most: the event type's occurrences). */
  recurrenceCount?: number | null;
  /** The code mailed to the attendee (POST /v2/bookings/email-verification-code): required by requiresBookerEmailVerification. */
  emailVerificationCode?: string | null;
}

/**
 * Books a slot for an attendee: the request is validated (400 naming the field), the event type found
 * (404), the private link it names, if any, checked (404 unknown, 400 of another event type, 409
 * expired), then a host that is free is booked (409 saying why when none is: outside availability,
 * taken, booking limit reached). The booking, its attendee, the link's use and a BOOKING_CREATED event
 * are one transaction: a booking that is refused uses nothing, and of concurrent bookings through a
 * link's last use exactly one gets it (the link's row is locked; the others get 409 "private link has
 * expired").
 */
export async function createBooking(
  db: DataSource,
  directory: OwnerDirectory | null,
  request: BookingRequest,
  now = new Date(),
  /** Who may book this event type (bookingRequiresAuthentication): throws 401/403 for anyone else. */
  admit: (eventType: EventType) => Promise<void> = async () => undefined,
): Promise<Booking> {
  const start = instantOf('start', request.start);
  const attendee = {
    ...checkAttendee({ ...request.attendee, language: request.attendee?.language ?? undefined }),
    phoneNumber: checkPhoneNumber('attendee.phoneNumber', request.attendee?.phoneNumber),
  };
  const guests = checkGuests(request.guests, request.guestsField);
  const metadata = checkMetadata(request.metadata);
  const privateLinkId = privateLinkIdOf(request.privateLinkId);
  const answers = checkMetadata(request.bookingFieldsResponses, 'bookingFieldsResponses');
  const eventType = await findEventType(db, directory, request);
  await admit(eventType);
  checkFormAnswers(eventType.bookingFields, answers);
  const verifiedCode = await new BookerVerificationService(db).checkCode(eventType, attendee.email, request.emailVerificationCode);
  const occurrences = recurrenceCountOf(eventType, request.recurrenceCount);
  const length = lengthOf(eventType, request.lengthInMinutes, 'lengthInMinutes');
  const location = bookingLocationOf(request.location ?? meetingUrlOf(request.meetingUrl), eventType.locations);
  if (start.getTime() <= now.getTime()) throw badInput('start', `start must be in the future, got ${start.toISOString()}`);
  const end = new Date(start.getTime() + length * 60_000);
  if (request.end != null && instantOf('end', request.end).getTime() !== end.getTime()) {
    throw badInput('end', `end must be ${end.toISOString()} (start plus the event type's ${length} minutes), or be omitted`);
  }
  const reservationUid = await heldByBooker(db, eventType.id, reservationNamedIn(request), start, end, now);
  const links = new PrivateLinkService(db);
  if (privateLinkId) await links.checkUsable(eventType.id, privateLinkId, now);
  await refuseIfTaken(db, eventType, { start, end, now, exceptReservationUid: reservationUid?.uid, recurring: occurrences != null });

  const hosts = await hostsToPlace(db, eventType, 'booked');
  const hostIds = hosts.map((h) => h.userId);
  const routed = routedHostIds(eventType, hosts, request.routing?.teamMemberIds);
  const window = {
    from: new Date(start.getTime() - DAY),
    to: new Date((occurrences ? seriesEnd(eventType, start, length, occurrences, attendee.timeZone) : end).getTime() + DAY),
  };
  const [allCalendars, context] = await Promise.all([
    loadHostCalendars(db, { hostIds, scheduleId: eventType.scheduleId, ...window }, directory),
    loadEventTypeContext(db.manager, eventType, hostIds, { ...window, now, lengthInMinutes: length, exceptReservationUid: reservationUid?.uid }),
  ]);
  // A routed booking chooses among the members the form routed to (routed-hosts.ts).
  const calendars = routed ? allCalendars.filter((c) => routed.includes(c.hostId)) : allCalendars;
  await applyRollingWindow(db, directory, eventType, context, length, now);
  if (eventType.onlyShowFirstAvailableSlot) await refuseUnlessFirstSlotOfDay(db, directory, eventType, start, length, attendee.timeZone, now);
  const notes = typeof answers.notes === 'string' && answers.notes.trim() ? answers.notes.trim() : null;
  const status = needsConfirmation(eventType.confirmationPolicy, start, now) ? BookingStatus.pending : BookingStatus.accepted;
  const preferredHostId = reservationUid?.userId;
  if (occurrences) {
    const row = {
      eventType,
      title: bookingTitle(eventType, attendee.name),
      description: notes,
      status,
      location,
      metadata,
      bookingFieldsResponses: formAnswers(answers, attendee, guests),
      guests,
    };
    return bookSeries(
      db,
      {
        start,
        length,
        count: occurrences,
        calendars,
        hosts,
        context,
        eventType,
        now,
        attendee,
        row,
        preferredHostId,
        exceptReservationUid: reservationUid?.uid,
      },
      async (tx) => {
        if (privateLinkId) await links.redeem(tx, privateLinkId);
        if (reservationUid) await tx.query('DELETE FROM slot_reservations WHERE uid = $1', [reservationUid.uid]);
        await useCode(tx, verifiedCode);
      },
    );
  }
  return placeBooking(
    db,
    { start, end, calendars, hosts, now, context, eventType, preferredHostId, exceptReservationUid: reservationUid?.uid },
    async (tx, hostId) => {
      // After the host's lock, before the insert: a refused insert rolls the use back with it.
      if (privateLinkId) await links.redeem(tx, privateLinkId);
      if (reservationUid) await tx.query('DELETE FROM slot_reservations WHERE uid = $1', [reservationUid.uid]);
      await useCode(tx, verifiedCode);
      // Each seat keeps the answers and metadata sent with it (SeatedAttendee of the reference).
      const seat = eventType.seats ? seatOf(attendee, answers, metadata, guests) : null;
      // Under the host's lock: join the booking of this slot while a seat is free (N seats, N winners).
      const seated = seat ? await takeSeat(tx, eventType, hostId, start, end, seat) : null;
      // The first attendee of a seated booking holds a seat too.
      const holderSeat = seat && !seated ? { ...seat, seatUid: randomUUID() } : null;
      const booking =
        seated ??
        (await insertBooking(
          tx,
          {
            eventType,
            hostId,
            start,
            end,
            title: bookingTitle(eventType, attendee.name),
            description: notes,
            status,
            location,
            metadata,
            bookingFieldsResponses: formAnswers(answers, attendee, guests),
            guests,
            platformOAuthClientId: request.platformOAuthClientId ?? null,
            routingFormResponseId: request.routing?.responseId ?? null,
          },
          [holderSeat ?? attendee],
        ));
      if (holderSeat) booking.bookedSeatUid = holderSeat.seatUid;
      await recordBookingWrite(tx, booking);
      return booking;
    },
  );
}

/**
 * What the booking form holds once booked: the answers sent, the attendee's name and e-mail, and the guests
 * when there are any (the reference answers them in bookingFieldsResponses too).
 */
function formAnswers(answers: Record<string, unknown>, attendee: { name: string; email: string }, guests: string[]): Record<string, unknown> {
  return { ...answers, name: attendee.name, email: attendee.email, ...(guests.length ? { guests } : {}) };
}

/** The deprecated `meetingUrl` of a create body: an http(s) address, else a 400 naming it. */
function meetingUrlOf(value: string | null | undefined): string | undefined {
  if (value == null) return undefined;
  const url = webAddressOf(value.trim());
  if (!url) throw badInput('meetingUrl', 'meetingUrl must be an http(s) address');
  return url;
}

/** An attendee of a seated booking: the seat's own answers (its name, the answers sent, its guests if any) and metadata. */
interface SeatDetails extends AttendeeDetails {
  phoneNumber: string | null;
  bookingFieldsResponses: Record<string, unknown>;
  metadata: Record<string, unknown>;
}

function seatOf(
  attendee: AttendeeDetails & { phoneNumber: string | null },
  answers: Record<string, unknown>,
  metadata: Record<string, unknown>,
  guests: string[],
): SeatDetails {
  return { ...attendee, bookingFieldsResponses: { ...answers, name: attendee.name, ...(guests.length ? { guests } : {}) }, metadata };
}

/**
 * Seated event types: the live booking of the host at exactly [start, end), locked, gains the attendee
 * with a seat uid while it has fewer attendees than seats (409 when full); null when there is none yet.
 */
async function takeSeat(tx: EntityManager, eventType: EventType, hostId: number, start: Date, end: Date, attendee: SeatDetails): Promise<Booking | null> {
  const booking = await tx.findOne(Booking, {
    where: { eventTypeId: eventType.id, userId: hostId, start, end, status: In([BookingStatus.accepted, BookingStatus.pending]) },
    lock: { mode: 'pessimistic_write' },
  });
  if (!booking) return null;
  const taken = await tx.count(Attendee, { where: { bookingId: booking.id } });
  if (taken >= eventType.seats!.seatsPerTimeSlot)
    throw conflict(`The slot at ${start.toISOString()} is fully booked: all ${eventType.seats!.seatsPerTimeSlot} seats are taken`);
  const seatUid = randomUUID();
  await tx.save(tx.create(Attendee, { bookingId: booking.id, ...attendee, seatUid }));
  booking.bookedSeatUid = seatUid;
  return booking;
}
