import { badInput, forbidden, unauthenticated } from '../../../platform/errors';

/** Minutes a reservation holds its slot when no reservationDuration is sent (reference default). */
export const DEFAULT_RESERVATION_MINUTES = 5;
/** The longest hold a caller may ask for. */
export const MAX_RESERVATION_MINUTES = 60;

/**
 * Who asks for a reservation, as far as its duration goes: nobody signed in, a user with no tie to the event
 * type, or its owner, a member of a team the owner belongs to, or a member of the event type's team.
 */
export type ReservationCaller = 'anonymous' | 'stranger' | 'related';

/**
 * How long a reservation holds its slot, in minutes: 5 by default; a caller tied to the event type may ask
 * for 1 to 60. As the real service (user-event-type-slots.controller.e2e-spec.ts): an anonymous caller who
 * asks is a 401, a user with no tie to the event type a 403.
 */
export function reservationMinutesOf(asked: number | null | undefined, caller: ReservationCaller): number {
  if (asked == null) return DEFAULT_RESERVATION_MINUTES;
  if (caller === 'anonymous') {
    throw unauthenticated('reservationDuration can only be set with a credential (API key or access token); anonymous reservations hold 5 minutes');
  }
  if (caller === 'stranger') {
    throw forbidden("reservationDuration can only be set by the event type's owner, a member of a team the owner belongs to, or of the event type's team");
  }
  if (!Number.isInteger(asked) || asked < 1 || asked > MAX_RESERVATION_MINUTES) {
    throw badInput('reservationDuration', `reservationDuration must be a whole number of minutes from 1 to ${MAX_RESERVATION_MINUTES}`);
  }
  return asked;
}

export function reservedUntilOf(now: Date, minutes: number): Date {
  return new Date(now.getTime() + minutes * 60_000);
}
