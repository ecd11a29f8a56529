import { getNamedType, getNullableType, isCompositeType, isListType } from 'graphql';
import { ComplexityEstimator } from 'graphql-query-complexity';
import { PAGE_BOUNDS } from '../../platform/page-bounds';
import { MAX_RANGE_DAYS, slotRange } from '../../platform/slot-range';

/**
 * The cost model: every object a field may return costs 1, scalars cost nothing, and a list costs
 * its children times the number of items it may hold. How many that is comes from, in order:
 * - a `take` argument (every paginated field; the multiplier applies at the page field, so the
 *   page's `items` list counts once),
 * - the sizes declared below for lists without a page size,
 * - DEFAULT_LIST_SIZE.
 * `availableSlots` and `slots` cost per day of their range, since that, not the selection, decides its answer.
 */
export const DEFAULT_PAGE_SIZE = 100;
export const DEFAULT_LIST_SIZE = 10;

/** Lists without a `take`, with the number of items one of them may hold in practice. */
export const LIST_SIZES: Record<string, number> = {
  'Team.members': 50,
  'Organization.teams': 50,
  'User.bookings': 100,
  'User.memberships': 20,
  'EventType.hosts': 20,
  'EventType.bookingFields': 20,
  'Booking.hosts': 10,
  'Booking.attendees': 10,
  'Query.usersById': 100,
  'WebhookDelivery.attempts': 8,
  'Membership.attributes': 4,
  'MembershipAttribute.options': 4,
  'AvailableSlots.away': 4,
  // Counted by the page field's `take`, or by availableSlots' range.
  'BookingPage.items': 1,
  'EventTypePage.items': 1,
  'MembershipPage.items': 1,
  'SchedulePage.items': 1,
  'TeamPage.items': 1,
  'WebhookPage.items': 1,
  'WebhookDeliveryPage.items': 1,
  'WorkflowPage.items': 1,
  'RoutingFormPage.items': 1,
  'RoutingFormResponsePage.items': 1,
  'AvailableSlots.days': 1,
  'SlotDay.slots': 1,
};

/** What one day of `availableSlots` may cost: up to 96 quarter-hour slots with their attendees' seats. */
export const SLOT_DAY_COST = 50;

/**
 * Days of a slots range as the scheduling subgraph reads it (slot-range.ts). A range it would refuse costs the longest
 * one: the gateway refuses such ranges before costing (argument-bounds.ts), and a missed check must never make an
 * operation cheaper.
 */
function rangeDays(start: unknown, end: unknown): number {
  try {
    const range = slotRange(start, end);
    return Math.max(1, Math.ceil((range.end.getTime() - range.start.getTime()) / 86_400_000));
  } catch {
    return MAX_RANGE_DAYS;
  }
}

/** Items a page may hold: its `take` within the documented bounds (the default page when absent), never fewer than one. */
function pageSize(take: unknown): number {
  if (typeof take !== 'number' || Number.isNaN(take)) return DEFAULT_PAGE_SIZE;
  return Math.min(PAGE_BOUNDS.take.max, Math.max(PAGE_BOUNDS.take.min, Math.ceil(take)));
}

/**
 * The arguments operationCost reads (`take`, and the ranges of `availableSlots` and `slots`): only variables
 * used in them, or in `@skip`/`@include`, can change an operation's cost (operation-limits.ts keys its estimates so).
 */
export const COST_ARGUMENTS: ReadonlySet<string> = new Set(['take', 'startTime', 'endTime', 'start', 'end']);

export const operationCost: ComplexityEstimator = ({ type, field, args, childComplexity }) => {
  const key = `${type.name}.${field.name}`;
  if (key === 'Query.availableSlots') return SLOT_DAY_COST * rangeDays(args.startTime, args.endTime) + childComplexity;
  if (key === 'Query.slots') return SLOT_DAY_COST * rangeDays(args.start, args.end);
  if (!isCompositeType(getNamedType(field.type))) return 0;
  const own = 1 + childComplexity;
  if ('take' in args || field.args.some((a) => a.name === 'take')) return own * pageSize(args.take);
  if (isListType(getNullableType(field.type))) return own * (LIST_SIZES[key] ?? DEFAULT_LIST_SIZE);
  return own;
};
