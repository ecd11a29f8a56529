import { ArgsType, Field, InputType, Int, ObjectType } from 'type-graphql';
import { PageOf } from '../../../platform/pagination';
import { OutOfOfficeEntry } from './out-of-office.entity';

@InputType({ description: 'Body of POST …/ooo: start and end are ISO 8601 (UTC); the period covers whole UTC days.' })
export class CreateOutOfOfficeInput {
  @Field({ description: 'ISO 8601; the entry starts at the start of that UTC day.' })
  start: string;

  @Field({ description: 'ISO 8601; the entry ends at the end of that UTC day.' })
  end: string;

  @Field(() => String, { nullable: true })
  notes?: string | null;

  @Field(() => Int, { nullable: true, description: 'Who covers for the period: a member of a team (or the organization) the user belongs to.' })
  toUserId?: number | null;

  @Field(() => String, { nullable: true, description: 'unspecified (default), vacation, travel, sick or public_holiday.' })
  reason?: string | null;
}

@InputType({ description: 'Body of PATCH …/ooo/{oooId}: omitted fields are kept; notes and toUserId may be null to remove them.' })
export class UpdateOutOfOfficeInput {
  @Field({ nullable: true })
  start?: string;

  @Field({ nullable: true })
  end?: string;

  @Field(() => String, { nullable: true })
  notes?: string | null;

  @Field(() => Int, { nullable: true })
  toUserId?: number | null;

  @Field(() => String, { nullable: true })
  reason?: string | null;
}

@ArgsType()
export class OutOfOfficeSort {
  @Field(() => String, { nullable: true, description: 'asc or desc: order by start.' })
  sortStart?: string;

  @Field(() => String, { nullable: true, description: 'asc or desc: order by end.' })
  sortEnd?: string;
}

@ObjectType()
export class OutOfOfficePage extends PageOf(OutOfOfficeEntry) {}
