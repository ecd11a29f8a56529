import { Directive, Field, Int, ObjectType } from 'type-graphql';

/**
 * A user reached as an accepted member of one organization: the way into member data other
 * subgraphs own (`OrganizationUser.schedules` in scheduling). Only this subgraph creates one, after
 * checking the membership, so the fields others add may trust that `userId` belongs to `orgId`.
 */
@ObjectType({ description: 'A user as a member of an organization.' })
@Directive('@key(fields: "orgId userId")')
export class OrganizationUser {
  @Field(() => Int)
  orgId: number;

  @Field(() => Int)
  userId: number;
}
