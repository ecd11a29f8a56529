import { GraphQLError } from 'graphql';
import { authorize } from '../../../platform/authz-directives';
import { SubgraphContext } from '../../../platform/context';
import { EventType } from '../event-type/event-type.entity';
import { teamDirectoryOf } from '../team/team-directory';
import { Booking } from '../booking-record/booking.entity';
import { Attendee } from '../booking-record/attendee.entity';
import { eventTypeById } from '../event-type/event-type.loaders';
import { attendeesByBookingId } from './booking.loaders';
import { bookingNotFound } from './booking-changes';

export type BookingPermission = 'booking.read' | 'booking.update';

/** A booking the caller may act on, with its event type. */
export interface ManagedBooking {
  booking: Booking;
  eventType: EventType;
}

/**
 * Who may act on one booking (its actions and reads under /v2/bookings/{bookingUid}/…): its host, for a
 * team event type an ADMIN/OWNER of the team or of the team's organization, and for a personal event type
 * an ADMIN/OWNER of an organization the host is an accepted member of (whose bookings the organization's
 * list shows: the real service's managed-user-bookings spec, an organization admin confirming). The rule depends on
 * the booking row, which a directive cannot read before the resolver loads it, so it is judged here
 * through the platform's own `authorize` (the engine behind @pbac), never by hand. Someone with no tie to
 * the booking gets 404 (a uid is not confirmed); a team member without the role gets 403.
 */
export async function managedBooking(ctx: SubgraphContext, uid: string, permission: BookingPermission): Promise<ManagedBooking> {
  const booking = await ctx.db.getRepository(Booking).findOneBy({ uid });
  if (!booking) throw bookingNotFound(uid);
  const eventType = await ctx.db.getRepository(EventType).findOneByOrFail({ id: booking.eventTypeId });
  const principal = ctx.principal;
  if (principal.kind === 'system' || booking.userId === principal.userId) return { booking, eventType };
  if (eventType.teamId == null) {
    const hostOrgId = await organizationOfHost(ctx, booking.userId);
    if (hostOrgId == null) throw bookingNotFound(uid);
    authorize({ pbac: { permission, roles: ['ADMIN', 'OWNER'], org: 'parent.orgId' } }, principal, { parent: { orgId: hostOrgId }, args: {} }, permission);
    return { booking, eventType };
  }
  const roster = await teamDirectoryOf(ctx).roster(eventType.teamId);
  const orgId = roster?.parentId ?? null;
  const related = principal.memberships.some((m) => m.accepted && (m.teamId === eventType.teamId || m.teamId === orgId));
  if (!related) throw bookingNotFound(uid);
  authorize(
    { pbac: { permission, roles: ['ADMIN', 'OWNER'], team: 'parent.teamId', org: 'parent.orgId' } },
    principal,
    { parent: { teamId: eventType.teamId, orgId }, args: {} },
    permission,
  );
  return { booking, eventType };
}

/** An organization of the caller's (accepted) that the host is an accepted member of; null when they share none. */
async function organizationOfHost(ctx: SubgraphContext, hostId: number): Promise<number | null> {
  const orgIds = ctx.principal.memberships.filter((m) => m.accepted && m.isOrganization).map((m) => m.teamId);
  const rosters = await Promise.all(orgIds.map((orgId) => teamDirectoryOf(ctx).roster(orgId)));
  return rosters.find((roster) => roster?.isOrganization && roster.acceptedMemberIds.includes(hostId))?.teamId ?? null;
}

/**
 * Whether the caller sees every attendee of a booking. A seated event type with showAttendeeInfo false
 * hides its attendees from one another: its bookers' answers (create, reschedule and cancel are public)
 * show no attendee, their own seat being the answer's top-level seatUid (the real service's seated-bookings
 * spec); its host, an ADMIN/OWNER of its team or organization (the rule of managedBooking) and the system
 * see them all. Any other booking shows its attendees to whoever may read it.
 */
export async function seesAttendees(ctx: SubgraphContext, booking: Booking, eventType: EventType | null): Promise<boolean> {
  if (!eventType?.seats || eventType.seats.showAttendeeInfo) return true;
  const principal = ctx.principal;
  if (principal.kind === 'system' || (principal.userId != null && booking.userId === principal.userId)) return true;
  if (eventType.teamId == null || principal.userId == null) return false;
  const roster = await teamDirectoryOf(ctx).roster(eventType.teamId);
  const orgId = roster?.parentId ?? null;
  try {
    authorize(
      { pbac: { permission: 'booking.read', roles: ['ADMIN', 'OWNER'], team: 'parent.teamId', org: 'parent.orgId' } },
      principal,
      { parent: { teamId: eventType.teamId, orgId }, args: {} },
      'booking.read',
    );
    return true;
  } catch (error) {
    // authorize refuses by throwing FORBIDDEN: here a refusal only hides the other attendees.
    if (error instanceof GraphQLError && error.extensions.code === 'FORBIDDEN') return false;
    throw error;
  }
}

/** What a booker who may not see the other seats is answered for the booking's own answers, metadata and title: their seat's. */
export interface HiddenSeatsView {
  /** The seat the request took (the answer's seatUid); null when it took none (a seat cancelled). */
  seat: Attendee | null;
  eventType: EventType;
}

/**
 * Null when the caller sees every attendee (seesAttendees); else their seat. The booking's own answers, metadata,
 * guests, title and description are its first booker's: a seated booking that hides its attendees must not show
 * them to the others.
 */
export async function hiddenSeatsView(ctx: SubgraphContext, booking: Booking): Promise<HiddenSeatsView | null> {
  const eventType = await eventTypeById(ctx).load(booking.eventTypeId);
  if (!eventType || (await seesAttendees(ctx, booking, eventType))) return null;
  const attendees = await attendeesByBookingId(ctx).load(booking.id);
  return { seat: attendees.find((a) => booking.bookedSeatUid != null && a.seatUid === booking.bookedSeatUid) ?? null, eventType };
}
