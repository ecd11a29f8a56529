import { badInput } from '../../kit/errors';

/** Minutes a reservation holds its slot when no reservationDuration is sent (reference default). */
export const DEFAULT_RESERVATION_MINUTES = 5;
/** The longest hold a caller may ask for. */
export const MAX_RESERVATION_MINUTES = 60;

/**
 * How long a reservation holds its slot, in minutes: 5 by default; a caller with a credential may ask
 * for 1 to 60 (reference: "ONLY for authenticated requests"); an anonymous one that asks is a 400.
 */
export function reservationMinutesOf(asked: number | null | undefined, authenticated: boolean): number {
  if (asked == null) return DEFAULT_RESERVATION_MINUTES;
  if (!authenticated) throw badInput('reservationDuration', 'reservationDuration can only be set with a credential (API key or access token); anonymous reservations hold 5 minutes');
  if (!Number.isInteger(asked) || asked < 1 || asked > MAX_RESERVATION_MINUTES) {
    throw badInput('reservationDuration', `reservationDuration must be a whole number of minutes from 1 to ${MAX_RESERVATION_MINUTES}`);
  }
  return asked;
}

/** A reservation holds its slot until `reservedUntil`, exclusive. */
export function isHeld(reservation: { reservedUntil: Date }, now: Date): boolean {
  return reservation.reservedUntil.getTime() > now.getTime();
}

export function reservedUntilOf(now: Date, minutes: number): Date {
  return new Date(now.getTime() + minutes * 60_000);
}
