import { conflict, isConstraintViolation } from '../../../platform/errors';

/** A slug taken by another event type of the same owner or team is a 409. */
export function slugConflict(error: unknown, slug: string | undefined, owner: 'owner' | 'team'): unknown {
  return isConstraintViolation(error) ? conflict(`An event type with slug "${slug}" already exists for this ${owner}`) : error;
}

/** Deleting an event type that bookings still refer to (foreign key violation, 23503) is a 409. */
export function stillBooked(error: unknown, id: number): unknown {
  const code = (error as { driverError?: { code?: string } })?.driverError?.code;
  return code === '23503' ? conflict(`Event type ${id} has bookings and cannot be deleted`) : error;
}
