import { IsOptional, Matches, Max, MaxLength, Min, MinLength, ValidateNested } from 'class-validator';
import { Field, InputType, Int, ObjectType } from 'type-graphql';
import { PageOf } from '../../../platform/pagination';
import { EventType } from './event-type.entity';
import { EventTypeSettingsFields } from './event-type-settings';

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const SLUG_MESSAGE = 'slug must be lowercase letters, digits and single hyphens';

@InputType({ description: 'A location: its kind and, for `address`, `link`, `phone` and `integration`, its value (kept and answered).' })
export class EventTypeLocationInput {
  @Field({ description: 'Location kind without integration prefix, such as `address`, `link`, `integration`, `phone`.' })
  @MinLength(1, { message: 'type must not be empty' })
  type: string;

  @Field(() => String, { nullable: true, description: 'type `address`: where the meeting is.' })
  address?: string | null;

  @Field(() => String, { nullable: true, description: 'type `link`: an http(s) URL.' })
  link?: string | null;

  @Field(() => String, { nullable: true, description: 'type `phone`: an E.164 number (`+37120993151`).' })
  phone?: string | null;

  @Field(() => String, {
    nullable: true,
    description:
      "type `integration`: the conferencing app, such as `cal-video`. On a team event type: `cal-video`, or `google-meet`, `zoom` or `office365-video` once the team has connected it (its meetings are made with the team's connection).",
  })
  integration?: string | null;

  @Field(() => Boolean, { nullable: true, description: 'types `address`, `link`, `phone`: shown on the booking page before booking.' })
  public?: boolean | null;
}

@InputType({ description: 'Body of POST /v2/event-types.' })
export class CreateEventTypeInput extends EventTypeSettingsFields {
  @Field()
  @MinLength(1, { message: 'title must not be empty' })
  @MaxLength(200, { message: 'title must be at most 200 characters' })
  title: string;

  @Field()
  @Matches(SLUG, { message: SLUG_MESSAGE })
  slug: string;

  @Field(() => Int, { description: 'Duration in minutes, 1 to 1440.' })
  @Min(1, { message: 'lengthInMinutes must be at least 1' })
  @Max(1440, { message: 'lengthInMinutes must not be greater than 1440' })
  lengthInMinutes: number;

  @Field(() => [EventTypeLocationInput], { nullable: true })
  @IsOptional()
  @ValidateNested({ each: true })
  locations?: EventTypeLocationInput[];

  @Field({ nullable: true })
  description?: string;

  @Field({ nullable: true })
  hidden?: boolean;

  @Field(() => Int, { nullable: true, description: "A schedule of the owner (of a team member for team event types) instead of each host's default schedule." })
  scheduleId?: number | null;
}

@InputType({ description: 'Body of PATCH /v2/event-types/{eventTypeId}: any field of the create body. `teamId` and `parentId` are immutable.' })
export class UpdateEventTypeInput extends EventTypeSettingsFields {
  @Field({ nullable: true })
  @IsOptional()
  @MinLength(1, { message: 'title must not be empty' })
  @MaxLength(200, { message: 'title must be at most 200 characters' })
  title?: string;

  @Field({ nullable: true })
  @IsOptional()
  @Matches(SLUG, { message: SLUG_MESSAGE })
  slug?: string;

  @Field(() => Int, { nullable: true })
  @IsOptional()
  @Min(1, { message: 'lengthInMinutes must be at least 1' })
  @Max(1440, { message: 'lengthInMinutes must not be greater than 1440' })
  lengthInMinutes?: number;

  @Field(() => [EventTypeLocationInput], { nullable: true })
  @IsOptional()
  @ValidateNested({ each: true })
  locations?: EventTypeLocationInput[];

  @Field({ nullable: true })
  description?: string;

  @Field({ nullable: true })
  hidden?: boolean;

  @Field(() => Int, { nullable: true, description: "A schedule of the owner (of a team member for team event types) instead of each host's default schedule." })
  scheduleId?: number | null;

  @Field(() => Int, { nullable: true, description: 'Immutable: accepted only when equal to the current value.' })
  teamId?: number | null;

  @Field(() => Int, { nullable: true, description: 'Immutable: accepted only when equal to the current value.' })
  parentId?: number | null;
}

@ObjectType()
export class EventTypePage extends PageOf(EventType) {}
