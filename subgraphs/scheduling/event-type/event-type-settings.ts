import { GraphQLJSON, GraphQLJSONObject } from 'graphql-scalars';
import { Field, InputType, Int } from 'type-graphql';
import { BookingFieldInput } from '../booking-field/booking-field.type';
import { badInput } from '../../../platform/errors';

/** Bounds per calendar period (reference `BaseBookingLimitsCount_2024_06_14` / `…Duration…`); absent: no bound. */
export interface EventTypeLimits {
  day?: number;
  week?: number;
  month?: number;
  year?: number;
}

/**
 * How far ahead an event type can be booked. `rolling: true`: the N days counted are days on which a
 * slot is free, so the window reaches past fully booked or closed days (see slots/rolling-window.ts).
 */
export type BookingWindow = { type: 'businessDays' | 'calendarDays'; value: number; rolling: boolean } | { type: 'range'; value: [string, string] };

/** A recurring event type (reference Recurrence_2024_06_14): a booking repeats every `interval` weeks / months / years, `occurrences` times at most. */
export interface Recurrence {
  frequency: 'weekly' | 'monthly' | 'yearly';
  interval: number;
  occurrences: number;
}

export interface ConfirmationPolicy {
  type: 'always' | 'time';
  noticeThreshold?: { unit: 'minutes' | 'hours'; count: number };
  blockUnconfirmedBookingsInBooker: true;
}

export interface Seats {
  seatsPerTimeSlot: number;
  showAttendeeInfo: boolean;
  showAvailabilityCount: boolean;
}

@InputType({ description: 'Bounds per day / week / month / year, or `{disabled: true}` to remove them.' })
export class EventTypeLimitsInput {
  @Field(() => Int, { nullable: true }) day?: number | null;
  @Field(() => Int, { nullable: true }) week?: number | null;
  @Field(() => Int, { nullable: true }) month?: number | null;
  @Field(() => Int, { nullable: true }) year?: number | null;
  @Field(() => Boolean, { nullable: true }) disabled?: boolean | null;
}

@InputType({ description: '`{type: businessDays|calendarDays, value: days}`, `{type: range, value: ["YYYY-MM-DD", "YYYY-MM-DD"]}`, or `{disabled: true}`.' })
export class BookingWindowInput {
  @Field(() => String, { nullable: true }) type?: string | null;
  @Field(() => GraphQLJSON, { nullable: true, description: 'A number of days, or two dates for `range`.' }) value?: unknown;
  @Field(() => Boolean, {
    nullable: true,
    description: '`true`: the N days are days with a free slot, so the window reaches past full or closed days (businessDays / calendarDays only).',
  })
  rolling?: boolean | null;
  @Field(() => Boolean, { nullable: true }) disabled?: boolean | null;
}

@InputType()
export class NoticeThresholdInput {
  @Field({ description: '`minutes` or `hours`.' }) unit: string;
  @Field(() => Int) count: number;
}

@InputType({ description: '`{type: always | time, noticeThreshold, blockUnconfirmedBookingsInBooker}` or `{disabled: true}`.' })
export class ConfirmationPolicyInput {
  @Field(() => String, { nullable: true }) type?: string | null;
  @Field(() => NoticeThresholdInput, { nullable: true }) noticeThreshold?: NoticeThresholdInput | null;
  @Field(() => Boolean, { nullable: true }) blockUnconfirmedBookingsInBooker?: boolean | null;
  @Field(() => Boolean, { nullable: true }) disabled?: boolean | null;
}

@InputType({ description: '`{seatsPerTimeSlot, showAttendeeInfo, showAvailabilityCount}` or `{disabled: true}`.' })
export class SeatsInput {
  @Field(() => Int, { nullable: true }) seatsPerTimeSlot?: number | null;
  @Field(() => Boolean, { nullable: true }) showAttendeeInfo?: boolean | null;
  @Field(() => Boolean, { nullable: true }) showAvailabilityCount?: boolean | null;
  @Field(() => Boolean, { nullable: true }) disabled?: boolean | null;
}

@InputType({
  description:
    '`{frequency: weekly | monthly | yearly, interval, occurrences}` (a booking repeats every interval weeks / months / years, up to occurrences times), or `{disabled: true}`.',
})
export class RecurrenceInput {
  @Field(() => Int, { nullable: true }) interval?: number | null;
  @Field(() => Int, { nullable: true }) occurrences?: number | null;
  @Field(() => String, { nullable: true }) frequency?: string | null;
  @Field(() => Boolean, { nullable: true }) disabled?: boolean | null;
}

@InputType()
export class EventTypeColorInput {
  @Field() lightThemeHex: string;
  @Field() darkThemeHex: string;
}

@InputType()
export class BookerLayoutsInput {
  @Field({ description: '`month`, `week` or `column`.' }) defaultLayout: string;
  @Field(() => [String]) enabledLayouts: string[];
}

@InputType()
export class DestinationCalendarInput {
  @Field() integration: string;
  @Field() externalId: string;
}

/** The settings fields of the create and update bodies, as GraphQL sends them. */
export interface EventTypeSettingsInput {
  lengthInMinutesOptions?: number[] | null;
  minimumBookingNotice?: number | null;
  beforeEventBuffer?: number | null;
  afterEventBuffer?: number | null;
  slotInterval?: number | null;
  offsetStart?: number | null;
  onlyShowFirstAvailableSlot?: boolean | null;
  bookingLimitsCount?: EventTypeLimitsInput | null;
  bookingLimitsDuration?: EventTypeLimitsInput | null;
  bookingWindow?: BookingWindowInput | null;
  confirmationPolicy?: ConfirmationPolicyInput | null;
  seats?: SeatsInput | null;
  recurrence?: RecurrenceInput | null;
  disableGuests?: boolean | null;
  hideCalendarNotes?: boolean | null;
  hideCalendarEventDetails?: boolean | null;
  hideOrganizerEmail?: boolean | null;
  lockTimeZoneToggleOnBookingPage?: boolean | null;
  useDestinationCalendarEmail?: boolean | null;
  customName?: string | null;
  successRedirectUrl?: string | null;
  color?: EventTypeColorInput | null;
  bookerLayouts?: BookerLayoutsInput | null;
  destinationCalendar?: DestinationCalendarInput | null;
  calVideoSettings?: Record<string, unknown> | null;
  requiresBookerEmailVerification?: boolean | null;
  bookingRequiresAuthentication?: boolean | null;
}

/** Column values, as stored on the event type. */
export type EventTypeSettings = Partial<{
  lengthInMinutesOptions: number[] | null;
  minimumBookingNotice: number;
  beforeEventBuffer: number;
  afterEventBuffer: number;
  slotInterval: number | null;
  offsetStart: number;
  onlyShowFirstAvailableSlot: boolean;
  bookingLimitsCount: EventTypeLimits | null;
  bookingLimitsDuration: EventTypeLimits | null;
  bookingWindow: BookingWindow | null;
  confirmationPolicy: ConfirmationPolicy | null;
  seats: Seats | null;
  recurrence: Recurrence | null;
  disableGuests: boolean;
  hideCalendarNotes: boolean;
  hideCalendarEventDetails: boolean;
  hideOrganizerEmail: boolean;
  lockTimeZoneToggleOnBookingPage: boolean;
  useDestinationCalendarEmail: boolean;
  bookingRequiresAuthentication: boolean;
  requiresBookerEmailVerification: boolean;
  customName: string | null;
  successRedirectUrl: string | null;
  color: Record<string, unknown> | null;
  bookerLayouts: Record<string, unknown> | null;
  destinationCalendar: Record<string, unknown> | null;
  calVideoSettings: Record<string, unknown> | null;
}>;

const MINUTES_MAX = 525_600; // a year

function minutes(field: string, value: number | null | undefined, min = 0): number | undefined {
  if (value == null) return undefined;
  if (!Number.isInteger(value) || value < min || value > MINUTES_MAX)
    throw badInput(field, `${field} must be a whole number of minutes from ${min} to ${MINUTES_MAX}`);
  return value;
}

function flag(value: boolean | null | undefined): boolean | undefined {
  return value == null ? undefined : value;
}

function limitsOf(field: string, input: EventTypeLimitsInput | null | undefined, multipleOf = 1): EventTypeLimits | null | undefined {
  if (input === undefined) return undefined;
  if (input === null || input.disabled) return null;
  const limits: EventTypeLimits = {};
  for (const period of ['day', 'week', 'month', 'year'] as const) {
    const bound = input[period];
    if (bound == null) continue;
    if (!Number.isInteger(bound) || bound < 1 || bound % multipleOf !== 0) {
      throw badInput(
        `${field}.${period}`,
        `${field}.${period} must be a whole number of at least 1${multipleOf > 1 ? ` and a multiple of ${multipleOf}` : ''}`,
      );
    }
    limits[period] = bound;
  }
  const order = ['day', 'week', 'month', 'year'] as const;
  for (let i = 0; i < order.length; i++) {
    for (let j = i + 1; j < order.length; j++) {
      const shorter = limits[order[i]];
      const longer = limits[order[j]];
      if (shorter != null && longer != null && shorter > longer) {
        throw badInput(`${field}.${order[i]}`, `${field}.${order[i]} (${shorter}) cannot be greater than ${field}.${order[j]} (${longer})`);
      }
    }
  }
  return Object.keys(limits).length ? limits : null;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

function bookingWindowOf(input: BookingWindowInput | null | undefined): BookingWindow | null | undefined {
  if (input === undefined) return undefined;
  if (input === null || input.disabled) return null;
  if (input.type === 'businessDays' || input.type === 'calendarDays') {
    const days = input.value;
    // A rolling window looks ahead for days with a free slot: bounded tighter, as it costs one slot search per day counted.
    const max = input.rolling === true ? ROLLING_DAYS_MAX : 3650;
    if (typeof days !== 'number' || !Number.isInteger(days) || days < 1 || days > max)
      throw badInput(
        'bookingWindow.value',
        `bookingWindow.value must be a whole number of days from 1 to ${max}${input.rolling === true ? ' for a rolling window' : ''}`,
      );
    return { type: input.type, value: days, rolling: input.rolling === true };
  }
  if (input.type === 'range') {
    const value = input.value;
    if (!Array.isArray(value) || value.length !== 2 || !value.every((d) => typeof d === 'string' && DATE.test(d) && !Number.isNaN(Date.parse(d)))) {
      throw badInput('bookingWindow.value', 'bookingWindow.value must be two dates ["YYYY-MM-DD", "YYYY-MM-DD"] for type range');
    }
    if (value[0] > value[1]) throw badInput('bookingWindow.value', 'bookingWindow.value: the first date must not be after the second');
    return { type: 'range', value: [value[0], value[1]] };
  }
  throw badInput('bookingWindow.type', 'bookingWindow.type must be businessDays, calendarDays or range (or send {disabled: true})');
}

function confirmationPolicyOf(input: ConfirmationPolicyInput | null | undefined): ConfirmationPolicy | null | undefined {
  if (input === undefined) return undefined;
  if (input === null || input.disabled) return null;
  if (input.blockUnconfirmedBookingsInBooker === false) {
    throw badInput(
      'confirmationPolicy.blockUnconfirmedBookingsInBooker',
      'confirmationPolicy.blockUnconfirmedBookingsInBooker: unconfirmed bookings always block their slot here; only true is accepted',
    );
  }
  if (input.type === 'always') return { type: 'always', blockUnconfirmedBookingsInBooker: true };
  if (input.type === 'time') {
    const threshold = input.noticeThreshold;
    if (!threshold || (threshold.unit !== 'minutes' && threshold.unit !== 'hours') || !Number.isInteger(threshold.count) || threshold.count < 1) {
      throw badInput(
        'confirmationPolicy.noticeThreshold',
        'confirmationPolicy.noticeThreshold must be {unit: minutes | hours, count: at least 1} for type time',
      );
    }
    return { type: 'time', noticeThreshold: { unit: threshold.unit, count: threshold.count }, blockUnconfirmedBookingsInBooker: true };
  }
  throw badInput('confirmationPolicy.type', 'confirmationPolicy.type must be always or time (or send {disabled: true})');
}

function seatsOf(input: SeatsInput | null | undefined): Seats | null | undefined {
  if (input === undefined) return undefined;
  if (input === null || input.disabled) return null;
  if (!SEATS_SUPPORTED) throw badInput('seats', 'seats: seated event types are not supported yet; send {disabled: true} or omit it');
  const count = input.seatsPerTimeSlot;
  if (count == null || !Number.isInteger(count) || count < 1 || count > 1000)
    throw badInput('seats.seatsPerTimeSlot', 'seats.seatsPerTimeSlot must be a whole number from 1 to 1000');
  return { seatsPerTimeSlot: count, showAttendeeInfo: input.showAttendeeInfo ?? false, showAvailabilityCount: input.showAvailabilityCount ?? true };
}

/** The largest `value` of a rolling booking window (days with a free slot). */
export const ROLLING_DAYS_MAX = 180;

/** The most occurrences a recurring event type may have (every occurrence is checked and written in one transaction). */
export const RECURRENCE_OCCURRENCES_MAX = 100;
const FREQUENCIES = ['weekly', 'monthly', 'yearly'] as const;

function recurrenceOf(input: RecurrenceInput | null | undefined): Recurrence | null | undefined {
  if (input === undefined) return undefined;
  if (input === null || input.disabled) return null;
  const frequency = FREQUENCIES.find((f) => f === input.frequency);
  if (!frequency) throw badInput('recurrence.frequency', 'recurrence.frequency must be weekly, monthly or yearly (or send {disabled: true})');
  const { interval, occurrences } = input;
  if (interval == null || !Number.isInteger(interval) || interval < 1 || interval > 100)
    throw badInput('recurrence.interval', 'recurrence.interval must be a whole number from 1 to 100');
  if (occurrences == null || !Number.isInteger(occurrences) || occurrences < 2 || occurrences > RECURRENCE_OCCURRENCES_MAX) {
    throw badInput('recurrence.occurrences', `recurrence.occurrences must be a whole number from 2 to ${RECURRENCE_OCCURRENCES_MAX}`);
  }
  // A series is read and written in one transaction: it may reach at most ten years ahead.
  const spanYears = ((occurrences - 1) * interval) / { weekly: 52, monthly: 12, yearly: 1 }[frequency];
  if (spanYears > 10)
    throw badInput(
      'recurrence.occurrences',
      'recurrence.occurrences × recurrence.interval may span at most 10 years (one series is booked in one transaction)',
    );
  return { frequency, interval, occurrences };
}

/** The 400 of seats with recurrence, in one body or the second of two updates: the reference service's sentence (after the field). */
export const SEATS_WITH_RECURRENCE = 'Seats Validation failed: Seats cannot be combined with recurring events.';

/** Seated event types: several attendees share one booking of a slot, up to seatsPerTimeSlot. */
const SEATS_SUPPORTED = true;

const HEX = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;
const LAYOUTS = ['month', 'week', 'column'];

/**
 * The settings a create or update body sends, checked and written as the columns store them; fields
 * not sent are absent (an update keeps them). Fields the service cannot honour are a 400 naming them.
 */
export function settingsOf(input: EventTypeSettingsInput, lengthInMinutes: number | undefined): EventTypeSettings {
  if (input.recurrence != null && !input.recurrence.disabled && input.seats != null && !input.seats.disabled) {
    throw badInput('recurrence', `recurrence: ${SEATS_WITH_RECURRENCE}`);
  }
  const settings: EventTypeSettings = {
    minimumBookingNotice: minutes('minimumBookingNotice', input.minimumBookingNotice),
    beforeEventBuffer: minutes('beforeEventBuffer', input.beforeEventBuffer),
    afterEventBuffer: minutes('afterEventBuffer', input.afterEventBuffer),
    offsetStart: minutes('offsetStart', input.offsetStart),
    onlyShowFirstAvailableSlot: flag(input.onlyShowFirstAvailableSlot),
    bookingLimitsCount: limitsOf('bookingLimitsCount', input.bookingLimitsCount),
    bookingLimitsDuration: limitsOf('bookingLimitsDuration', input.bookingLimitsDuration, 15),
    bookingWindow: bookingWindowOf(input.bookingWindow),
    confirmationPolicy: confirmationPolicyOf(input.confirmationPolicy),
    seats: seatsOf(input.seats),
    recurrence: recurrenceOf(input.recurrence),
    disableGuests: flag(input.disableGuests),
    hideCalendarNotes: flag(input.hideCalendarNotes),
    hideCalendarEventDetails: flag(input.hideCalendarEventDetails),
    hideOrganizerEmail: flag(input.hideOrganizerEmail),
    lockTimeZoneToggleOnBookingPage: flag(input.lockTimeZoneToggleOnBookingPage),
    useDestinationCalendarEmail: flag(input.useDestinationCalendarEmail),
    bookingRequiresAuthentication: flag(input.bookingRequiresAuthentication),
    requiresBookerEmailVerification: flag(input.requiresBookerEmailVerification),
  };
  if (input.slotInterval !== undefined) settings.slotInterval = input.slotInterval === null ? null : minutes('slotInterval', input.slotInterval, 1)!;
  if (input.lengthInMinutesOptions !== undefined) {
    const options = input.lengthInMinutesOptions;
    if (options === null || options.length === 0) settings.lengthInMinutesOptions = null;
    else {
      for (const o of options)
        if (!Number.isInteger(o) || o < 1 || o > 1440)
          throw badInput('lengthInMinutesOptions', 'lengthInMinutesOptions must hold whole numbers of minutes from 1 to 1440');
      if (lengthInMinutes !== undefined && !options.includes(lengthInMinutes)) {
        throw badInput('lengthInMinutesOptions', `lengthInMinutesOptions must include lengthInMinutes (${lengthInMinutes}), the default length`);
      }
      settings.lengthInMinutesOptions = [...new Set(options)].sort((a, b) => a - b);
    }
  }
  if (input.customName !== undefined) settings.customName = input.customName?.trim() || null;
  if (input.successRedirectUrl !== undefined) {
    const url = input.successRedirectUrl?.trim() || null;
    if (url && !/^https?:\/\/[^\s]+$/i.test(url)) throw badInput('successRedirectUrl', 'successRedirectUrl must be an http(s) URL');
    settings.successRedirectUrl = url;
  }
  if (input.color !== undefined) {
    if (input.color && (!HEX.test(input.color.lightThemeHex) || !HEX.test(input.color.darkThemeHex)))
      throw badInput('color', 'color.lightThemeHex and color.darkThemeHex must be hex colours such as #292929');
    settings.color = input.color ? { lightThemeHex: input.color.lightThemeHex, darkThemeHex: input.color.darkThemeHex } : null;
  }
  if (input.bookerLayouts !== undefined) {
    const layouts = input.bookerLayouts;
    if (
      layouts &&
      (!LAYOUTS.includes(layouts.defaultLayout) ||
        !layouts.enabledLayouts.every((l) => LAYOUTS.includes(l)) ||
        !layouts.enabledLayouts.includes(layouts.defaultLayout))
    ) {
      throw badInput('bookerLayouts', 'bookerLayouts: layouts are month, week or column, and enabledLayouts must include defaultLayout');
    }
    settings.bookerLayouts = layouts ? { defaultLayout: layouts.defaultLayout, enabledLayouts: [...layouts.enabledLayouts] } : null;
  }
  if (input.destinationCalendar !== undefined) {
    settings.destinationCalendar = input.destinationCalendar
      ? { integration: input.destinationCalendar.integration, externalId: input.destinationCalendar.externalId }
      : null;
  }
  if (input.calVideoSettings !== undefined) settings.calVideoSettings = input.calVideoSettings ?? null;
  for (const key of Object.keys(settings) as Array<keyof EventTypeSettings>) if (settings[key] === undefined) delete settings[key];
  return settings;
}

/** The settings fields every create and update body of an event type (personal or team) accepts. */
@InputType({ description: 'Settings fields shared by the event type bodies (never used on its own).' })
export class EventTypeSettingsFields implements EventTypeSettingsInput {
  @Field(() => [Int], { nullable: true, description: 'Lengths a booker may choose (must include lengthInMinutes).' }) lengthInMinutesOptions?: number[] | null;
  @Field(() => Int, { nullable: true, description: "Minutes before a slot's start within which it cannot be booked." }) minimumBookingNotice?: number | null;
  @Field(() => Int, { nullable: true, description: 'Minutes kept free before each booking.' }) beforeEventBuffer?: number | null;
  @Field(() => Int, { nullable: true, description: 'Minutes kept free after each booking.' }) afterEventBuffer?: number | null;
  @Field(() => Int, { nullable: true, description: 'Minutes between slot starts (default: the length).' }) slotInterval?: number | null;
  @Field(() => Int, { nullable: true, description: 'Minutes every slot start is shifted by.' }) offsetStart?: number | null;
  @Field(() => Boolean, { nullable: true, description: 'Only the earliest free slot of each day.' }) onlyShowFirstAvailableSlot?: boolean | null;
  @Field(() => EventTypeLimitsInput, { nullable: true, description: 'Bookings of this event type per period.' })
  bookingLimitsCount?: EventTypeLimitsInput | null;
  @Field(() => EventTypeLimitsInput, { nullable: true, description: 'Minutes booked of this event type per period (multiples of 15).' })
  bookingLimitsDuration?: EventTypeLimitsInput | null;
  @Field(() => BookingWindowInput, { nullable: true }) bookingWindow?: BookingWindowInput | null;
  @Field(() => ConfirmationPolicyInput, { nullable: true, description: 'Bookings start pending until the host confirms.' })
  confirmationPolicy?: ConfirmationPolicyInput | null;
  @Field(() => SeatsInput, { nullable: true }) seats?: SeatsInput | null;
  @Field(() => RecurrenceInput, { nullable: true }) recurrence?: RecurrenceInput | null;
  @Field(() => Boolean, { nullable: true }) disableGuests?: boolean | null;
  @Field(() => Boolean, { nullable: true }) hideCalendarNotes?: boolean | null;
  @Field(() => Boolean, { nullable: true }) hideCalendarEventDetails?: boolean | null;
  @Field(() => Boolean, { nullable: true }) hideOrganizerEmail?: boolean | null;
  @Field(() => Boolean, { nullable: true }) lockTimeZoneToggleOnBookingPage?: boolean | null;
  @Field(() => Boolean, { nullable: true }) useDestinationCalendarEmail?: boolean | null;
  @Field(() => String, { nullable: true }) customName?: string | null;
  @Field(() => String, { nullable: true }) successRedirectUrl?: string | null;
  @Field(() => EventTypeColorInput, { nullable: true }) color?: EventTypeColorInput | null;
  @Field(() => BookerLayoutsInput, { nullable: true }) bookerLayouts?: BookerLayoutsInput | null;
  @Field(() => DestinationCalendarInput, { nullable: true }) destinationCalendar?: DestinationCalendarInput | null;
  @Field(() => GraphQLJSONObject, { nullable: true }) calVideoSettings?: Record<string, unknown> | null;
  @Field(() => Boolean, {
    nullable: true,
    description: 'true: a booking must carry emailVerificationCode, a code mailed to the attendee by POST /v2/bookings/email-verification-code.',
  })
  requiresBookerEmailVerification?: boolean | null;
  @Field(() => Boolean, {
    nullable: true,
    description:
      'true: only the owner, or an ADMIN/OWNER of the team or its organization, may book it (authenticated); default false: booking is public (spec 5.3).',
  })
  bookingRequiresAuthentication?: boolean | null;
  @Field(() => [BookingFieldInput], { nullable: true, description: 'The booking form (type 2.6); replaces the form as PUT …/booking-fields does.' })
  bookingFields?: BookingFieldInput[] | null;
}
