import { GraphQLJSONObject } from 'graphql-scalars';
import { Directive, Field, Int, ObjectType } from 'type-graphql';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { StoredBookingField } from '../booking-field/booking-field.kinds';
import { BookingField } from '../booking-field/booking-field.type';
import { BookingWindow, ConfirmationPolicy, EventTypeLimits, Recurrence, Seats } from './event-type-settings';

@ObjectType({
  description:
    'Where a meeting takes place, without integration prefix (`{type: "integration", integration: "cal-video"}`, `{type: "address", address, public}`, …).',
})
export class EventTypeLocation {
  @Field()
  type: string;

  @Field(() => String, { nullable: true, description: 'type `address`: where the meeting is.' })
  address?: string | null;

  @Field(() => String, { nullable: true, description: 'type `link`: the meeting link.' })
  link?: string | null;

  @Field(() => String, { nullable: true, description: 'type `phone`: the number to call.' })
  phone?: string | null;

  @Field(() => String, { nullable: true, description: 'type `integration`: the conferencing app, such as `cal-video`.' })
  integration?: string | null;

  @Field(() => Boolean, { nullable: true, description: 'types `address`, `link`, `phone`: shown on the booking page before booking.' })
  public?: boolean | null;
}

@ObjectType({ description: 'Seats of a seated event type (Seats_2024_06_14).' })
export class EventTypeSeats {
  @Field(() => Int) seatsPerTimeSlot: number;
  @Field() showAttendeeInfo: boolean;
  @Field() showAvailabilityCount: boolean;
}

@ObjectType({ description: 'EventTypeColor_2024_06_14' })
export class EventTypeColor {
  @Field() lightThemeHex: string;
  @Field() darkThemeHex: string;
}

@ObjectType({ description: 'BookerLayouts_2024_06_14' })
export class EventTypeBookerLayouts {
  @Field() defaultLayout: string;
  @Field(() => [String]) enabledLayouts: string[];
}

@ObjectType({ description: 'DestinationCalendar_2024_06_14' })
export class EventTypeDestinationCalendar {
  @Field() integration: string;
  @Field() externalId: string;
}

@Entity({ name: 'event_types' })
@ObjectType({ description: 'A kind of meeting people can book, personal or of a team.' })
@Directive('@key(fields: "id")')
export class EventType {
  @PrimaryGeneratedColumn()
  @Field(() => Int)
  id: number;

  @Column()
  @Field()
  title: string;

  @Column()
  @Field({ description: 'Unique per owner.' })
  slug: string;

  @Column({ type: 'text', nullable: true })
  @Field(() => String, { nullable: true })
  description: string | null;

  @Column({ name: 'length_in_minutes' })
  @Field(() => Int)
  lengthInMinutes: number;

  @Column({ type: 'jsonb', default: [] })
  @Field(() => [EventTypeLocation])
  locations: EventTypeLocation[];

  @Column({ default: false })
  @Field()
  hidden: boolean;

  @Column({ name: 'owner_id', type: 'int', nullable: true })
  @Field(() => Int, { nullable: true })
  ownerId: number | null;

  @Column({ name: 'team_id', type: 'int', nullable: true })
  @Field(() => Int, { nullable: true, description: 'Immutable.' })
  teamId: number | null;

  @Column({ name: 'parent_id', type: 'int', nullable: true })
  @Field(() => Int, { nullable: true, description: 'Immutable: the managed event type this one was created from.' })
  parentId: number | null;

  @Column({ name: 'assign_all_team_members', default: false })
  @Field({ description: 'Team event types: every accepted member of the team was made a host.' })
  assignAllTeamMembers: boolean;

  @Column({ name: 'booking_fields', type: 'jsonb' })
  @Field(() => [BookingField], { description: 'The booking form: default fields, workflow-added fields and custom fields.' })
  bookingFields: StoredBookingField[];

  @Column({ name: 'schedule_id', type: 'int', nullable: true })
  @Field(() => Int, { nullable: true })
  scheduleId: number | null;

  @Column({ name: 'length_in_minutes_options', type: 'int', array: true, nullable: true })
  @Field(() => [Int], { nullable: true, description: 'Lengths a booker may choose from (includes lengthInMinutes, the default).' })
  lengthInMinutesOptions: number[] | null;

  @Column({ name: 'minimum_booking_notice', default: 0 })
  @Field(() => Int, { description: 'Minutes: a slot cannot start sooner than this after now.' })
  minimumBookingNotice: number;

  @Column({ name: 'before_event_buffer', default: 0 })
  @Field(() => Int, { description: 'Minutes kept free before each booking of this event type.' })
  beforeEventBuffer: number;

  @Column({ name: 'after_event_buffer', default: 0 })
  @Field(() => Int, { description: 'Minutes kept free after each booking of this event type.' })
  afterEventBuffer: number;

  @Column({ name: 'slot_interval', type: 'int', nullable: true })
  @Field(() => Int, { nullable: true, description: 'Minutes between two slot starts (default: the length).' })
  slotInterval: number | null;

  @Column({ name: 'offset_start', default: 0 })
  @Field(() => Int, { description: 'Minutes every slot start is shifted by from the start of the open hours.' })
  offsetStart: number;

  @Column({ name: 'only_show_first_available_slot', default: false })
  @Field({ description: 'One slot per day: the earliest free one.' })
  onlyShowFirstAvailableSlot: boolean;

  @Column({ name: 'booking_limits_count', type: 'jsonb', nullable: true })
  @Field(() => GraphQLJSONObject, { nullable: true, description: 'Bookings of this event type per day / week / month / year (`{day, week, month, year}`).' })
  bookingLimitsCount: EventTypeLimits | null;

  @Column({ name: 'booking_limits_duration', type: 'jsonb', nullable: true })
  @Field(() => GraphQLJSONObject, { nullable: true, description: 'Minutes booked of this event type per day / week / month / year.' })
  bookingLimitsDuration: EventTypeLimits | null;

  @Column({ name: 'booking_window', type: 'jsonb', nullable: true })
  @Field(() => GraphQLJSONObject, {
    nullable: true,
    description: 'How far in the future it can be booked: `{type: businessDays|calendarDays, value}` or `{type: range, value: [from, to]}`.',
  })
  bookingWindow: BookingWindow | null;

  @Column({ name: 'confirmation_policy', type: 'jsonb', nullable: true })
  @Field(() => GraphQLJSONObject, {
    nullable: true,
    description: "Bookings need the host's confirmation (they start pending): `{type: always}` or `{type: time, noticeThreshold}`.",
  })
  confirmationPolicy: ConfirmationPolicy | null;

  @Column({ type: 'jsonb', nullable: true })
  @Field(() => EventTypeSeats, { nullable: true, description: 'Seated event type: attendees share the booking of a slot.' })
  seats: Seats | null;

  /** Recurring event type (reference Recurrence_2024_06_14); the GraphQL field is resolved in EventTypeResolver. */
  @Column({ type: 'jsonb', nullable: true })
  recurrence: Recurrence | null;

  /** Bookers must send a code mailed to their e-mail (POST /v2/bookings/email-verification-code); the GraphQL field is resolved in EventTypeResolver. */
  @Column({ name: 'requires_booker_email_verification', default: false })
  requiresBookerEmailVerification: boolean;

  @Column({ name: 'booking_requires_authentication', default: false })
  @Field({ description: 'Only the owner (personal) or an ADMIN/OWNER of the team or its organization (team event types) may book it, authenticated.' })
  bookingRequiresAuthentication: boolean;

  @Column({ name: 'scheduling_type', type: 'text', nullable: true })
  @Field(() => String, { nullable: true, description: 'Team event types: `roundRobin`, `collective` or `managed`.' })
  schedulingType: string | null;

  @Column({ name: 'disable_guests', default: false })
  @Field()
  disableGuests: boolean;

  @Column({ name: 'hide_calendar_notes', default: false })
  @Field()
  hideCalendarNotes: boolean;

  @Column({ name: 'hide_calendar_event_details', default: false })
  @Field()
  hideCalendarEventDetails: boolean;

  @Column({ name: 'hide_organizer_email', default: false })
  @Field()
  hideOrganizerEmail: boolean;

  @Column({ name: 'lock_time_zone_toggle_on_booking_page', default: false })
  @Field()
  lockTimeZoneToggleOnBookingPage: boolean;

  @Column({ name: 'use_destination_calendar_email', default: false })
  @Field()
  useDestinationCalendarEmail: boolean;

  @Column({ name: 'custom_name', type: 'text', nullable: true })
  @Field(() => String, { nullable: true })
  customName: string | null;

  @Column({ name: 'success_redirect_url', type: 'text', nullable: true })
  @Field(() => String, { nullable: true })
  successRedirectUrl: string | null;

  @Column({ type: 'jsonb', nullable: true })
  @Field(() => EventTypeColor, { nullable: true })
  color: Record<string, unknown> | null;

  @Column({ name: 'booker_layouts', type: 'jsonb', nullable: true })
  @Field(() => EventTypeBookerLayouts, { nullable: true })
  bookerLayouts: Record<string, unknown> | null;

  @Column({ name: 'destination_calendar', type: 'jsonb', nullable: true })
  @Field(() => EventTypeDestinationCalendar, { nullable: true })
  destinationCalendar: Record<string, unknown> | null;

  @Column({ name: 'cal_video_settings', type: 'jsonb', nullable: true })
  @Field(() => GraphQLJSONObject, { nullable: true })
  calVideoSettings: Record<string, unknown> | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  @Field()
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  @Field()
  updatedAt: Date;
}
