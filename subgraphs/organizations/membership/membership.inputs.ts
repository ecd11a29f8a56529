import { Field, InputType, Int } from 'type-graphql';
import { MembershipRole } from './membership.entity';

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
