import { Field, InputType, ObjectType } from 'type-graphql';
import { badInput } from '../../../platform/errors';
import { PageOf } from '../../../platform/pagination';
import { Availability, Schedule } from './schedule.entity';

// Values are checked by the service's rules (schedule.rules.ts), whose messages name the field
// with its position: `availability[1].endTime`, `overrides[0].date`.

@InputType({ description: 'Weekly open hours: on these days, from startTime to endTime.' })
export class AvailabilityInput {
  @Field(() => [String], { description: 'Weekday names: Monday, Tuesday, Wednesday, Thursday, Friday, Saturday, Sunday.' })
  days: string[];

  @Field({ description: 'HH:mm (24-hour), before endTime.' })
  startTime: string;

  @Field({ description: 'HH:mm (24-hour), after startTime.' })
  endTime: string;
}

@InputType({
  description: 'Open hours for one date instead of the weekly ones; one override per date. startTime equal to endTime (00:00–00:00) closes the date.',
})
export class AvailabilityOverrideInput {
  @Field({ description: 'A calendar date, YYYY-MM-DD.' })
  date: string;

  @Field({ description: 'HH:mm (24-hour), before endTime; equal to endTime closes the date.' })
  startTime: string;

  @Field({ description: 'HH:mm (24-hour), after startTime; equal to startTime closes the date.' })
  endTime: string;
}

@InputType({ description: 'Body of POST /v2/schedules.' })
export class CreateScheduleInput {
  @Field()
  name: string;

  @Field({ description: 'IANA time zone name, such as Europe/Rome.' })
  timeZone: string;

  @Field({ nullable: true, description: "Makes this the user's default schedule. A user's first schedule is always the default." })
  isDefault?: boolean;

  @Field(() => [AvailabilityInput], { nullable: true, description: 'Weekly availability; defaults to Monday–Friday 09:00–17:00.' })
  availability?: AvailabilityInput[];

  @Field(() => [AvailabilityInput], { nullable: true, description: 'Alias of `availability` (the name of the v1 migration guide); send one or the other.' })
  schedule?: AvailabilityInput[];

  @Field(() => [AvailabilityOverrideInput], { nullable: true, description: 'Open hours for specific dates.' })
  overrides?: AvailabilityOverrideInput[];
}

@InputType({ description: 'Body of PATCH /v2/schedules/{scheduleId}: the fields to change; omitted fields keep their value.' })
export class UpdateScheduleInput {
  @Field({ nullable: true })
  name?: string;

  @Field({ nullable: true, description: 'IANA time zone name.' })
  timeZone?: string;

  @Field({ nullable: true, description: 'true makes this the default schedule (the previous default stops being it).' })
  isDefault?: boolean;

  @Field(() => [AvailabilityInput], { nullable: true, description: 'Replaces the weekly availability.' })
  availability?: AvailabilityInput[];

  @Field(() => [AvailabilityInput], { nullable: true, description: 'Alias of `availability`; send one or the other.' })
  schedule?: AvailabilityInput[];

  @Field(() => [AvailabilityOverrideInput], { nullable: true, description: 'Replaces the date overrides.' })
  overrides?: AvailabilityOverrideInput[];
}

/** `availability`, or its alias `schedule`; undefined when neither was sent. */
export function weeklyHoursOf(input: { availability?: Availability[] | null; schedule?: Availability[] | null }): Availability[] | null | undefined {
  if (input.availability !== undefined && input.schedule !== undefined) {
    throw badInput('schedule', 'schedule is an alias of availability: send one of them, not both');
  }
  return input.availability !== undefined ? input.availability : input.schedule;
}

@ObjectType()
export class SchedulePage extends PageOf(Schedule) {}
