import { Directive, Field, Int, ObjectType } from 'type-graphql';

/**
 * The organizations subgraph's OrganizationUser: a user reached as a member of one organization.
 * Only the organizations subgraph hands these out (after checking the membership), so a field here
 * may trust that `userId` belongs to `orgId`; scheduling extends it with the user's schedules.
 */
@ObjectType({ description: 'A user as a member of an organization.' })
@Directive('@key(fields: "orgId userId")')
export class OrganizationUser {
  @Field(() => Int)
  orgId: number;

  @Field(() => Int)
  userId: number;
}

export const organizationUserReference = {
  __resolveReference: (ref: { orgId: number; userId: number }) =>
    Object.assign(new OrganizationUser(), { orgId: Number(ref.orgId), userId: Number(ref.userId) }),
};
