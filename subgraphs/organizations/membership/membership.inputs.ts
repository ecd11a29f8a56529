import { ArrayMaxSize, IsOptional } from 'class-validator';
import { ArgsType, Field, InputType, Int } from 'type-graphql';
import { MembershipRole } from '../team/membership.entity';

@InputType({ description: 'Body of POST …/memberships (teams, organization teams, organizations).' })
export class CreateMembershipInput {
  @Field(() => Int)
  userId: number;

  @Field({ nullable: true, description: 'Default false: the user still has to accept.' })
  accepted?: boolean;

  @Field(() => MembershipRole, { nullable: true, description: 'Default MEMBER.' })
  role?: MembershipRole;

  @Field({ nullable: true, description: 'Default false.' })
  disableImpersonation?: boolean;
}

@InputType({ description: 'Body of PATCH …/memberships/{membershipId}: the fields sent replace the stored ones.' })
export class UpdateMembershipInput {
  @Field({ nullable: true })
  accepted?: boolean;

  @Field(() => MembershipRole, { nullable: true })
  role?: MembershipRole;

  @Field({ nullable: true })
  disableImpersonation?: boolean;
}

/** The real service's limit on `emails` in one request (its e2e spec: 21 addresses are refused). */
export const MAX_MEMBERSHIP_EMAILS = 20;

/** `?emails=a@x,b@y` of GET …/teams/{teamId}/memberships: only the members with one of these e-mails (any case). */
@ArgsType()
export class MembershipFilterArgs {
  @Field(() => [String], {
    nullable: true,
    description: `Only the members with one of these e-mail addresses (case-insensitive), at most ${MAX_MEMBERSHIP_EMAILS}.`,
  })
  @IsOptional()
  @ArrayMaxSize(MAX_MEMBERSHIP_EMAILS, { message: `emails must hold at most ${MAX_MEMBERSHIP_EMAILS} e-mail addresses` })
  emails?: string[] | null;
}
