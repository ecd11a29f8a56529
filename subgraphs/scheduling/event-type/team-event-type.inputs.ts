import { IsOptional, ValidateNested } from 'class-validator';
import { Field, InputType, Int } from 'type-graphql';
import { CreateEventTypeInput, UpdateEventTypeInput } from './event-type.inputs';

@InputType({ description: 'A user who hosts a team event type; must be an accepted member of the team.' })
export class HostInput {
  @Field(() => Int)
  userId: number;

  @Field(() => Boolean, {
    nullable: true,
    description: 'Round robin only: true when every booking includes this host, next to the one optional host picked (default false).',
  })
  mandatory?: boolean | null;

  @Field(() => String, {
    nullable: true,
    description: 'Round robin only: lowest, low, medium (default), high or highest; a free host of higher priority is picked first.',
  })
  priority?: string | null;
}

@InputType({ description: 'Body of POST /v2/teams/{teamId}/event-types: an event type with its hosts (`hosts` or `assignAllTeamMembers: true`).' })
export class CreateTeamEventTypeInput extends CreateEventTypeInput {
  @Field(() => String, {
    nullable: true,
    description:
      '`roundRobin` (default: one free host, the least booked first), `collective` (every host attends: a slot needs all of them free) or `managed` (a template: each assigned member gets an own copy, bookable on their personal page).',
  })
  schedulingType?: string | null;

  @Field(() => [HostInput], { nullable: true, description: 'Accepted members of the team who host the event type.' })
  @IsOptional()
  @ValidateNested({ each: true })
  hosts?: HostInput[];

  @Field({ nullable: true, description: 'true: every accepted member of the team hosts it (instead of `hosts`).' })
  assignAllTeamMembers?: boolean;
}

@InputType({
  description:
    'Body of PATCH /v2/teams/{teamId}/event-types/{eventTypeId}: any field of the create body; `hosts` replaces the hosts. `teamId` and `parentId` are immutable.',
})
export class UpdateTeamEventTypeInput extends UpdateEventTypeInput {
  @Field(() => String, {
    nullable: true,
    description:
      '`roundRobin` (default: one free host, the least booked first), `collective` (every host attends: a slot needs all of them free) or `managed` (a template: each assigned member gets an own copy, bookable on their personal page).',
  })
  schedulingType?: string | null;

  @Field(() => [HostInput], { nullable: true, description: 'Replaces the hosts: accepted members of the team.' })
  @IsOptional()
  @ValidateNested({ each: true })
  hosts?: HostInput[];

  @Field({ nullable: true, description: 'true: every accepted member of the team hosts it (instead of `hosts`).' })
  assignAllTeamMembers?: boolean;
}
