import { IsOptional, Matches, MinLength, ValidateNested } from 'class-validator';
import { Field, InputType, ObjectType } from 'type-graphql';
import { PageOf } from '../../kit/pagination';
import { Schedule } from './schedule.entity';

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

@InputType()
export class AvailabilityInput {
  @Field(() => [String], { description: 'Weekday names: Monday … Sunday.' })
  days: string[];

  @Field({ description: 'HH:mm' })
  @Matches(TIME, { message: 'startTime must be HH:mm' })
  startTime: string;

  @Field({ description: 'HH:mm' })
  @Matches(TIME, { message: 'endTime must be HH:mm' })
  endTime: string;
}

@InputType()
export class AvailabilityOverrideInput {
  @Field({ description: 'YYYY-MM-DD' })
  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: 'date must be YYYY-MM-DD' })
  date: string;

  @Field()
  @Matches(TIME, { message: 'startTime must be HH:mm' })
  startTime: string;

  @Field()
  @Matches(TIME, { message: 'endTime must be HH:mm' })
  endTime: string;
}

@InputType({ description: 'Body of POST /v2/schedules.' })
export class CreateScheduleInput {
  @Field()
  @MinLength(1, { message: 'name must not be empty' })
  name: string;

  @Field({ description: 'IANA time zone name.' })
  timeZone: string;

  @Field({ nullable: true })
  isDefault?: boolean;

  @Field(() => [AvailabilityInput], { nullable: true, description: 'Weekly availability; defaults to Monday–Friday 09:00–17:00.' })
  @IsOptional()
  @ValidateNested({ each: true })
  availability?: AvailabilityInput[];

  @Field(() => [AvailabilityOverrideInput], { nullable: true })
  @IsOptional()
  @ValidateNested({ each: true })
  overrides?: AvailabilityOverrideInput[];
}

@ObjectType()
export class SchedulePage extends PageOf(Schedule) {}
