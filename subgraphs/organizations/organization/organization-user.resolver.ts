import { Arg, Ctx, Directive, FieldResolver, Int, Query, Resolver, Root } from 'type-graphql';
import { SubgraphContext } from '../../../platform/context';
import { notFound } from '../../../platform/errors';
import { userById } from '../user/user.loaders';
import { User } from '../user/user.entity';
import { organizationUserOf } from './organization-user.service';
import { OrganizationUser } from './organization-user.type';

/** The organization scopes whose operations address one user of the organization (spec 5.3). */
const ORG_USER_SCOPES = '[["ORG_SCHEDULE_READ"], ["ORG_SCHEDULE_WRITE"], ["ORG_BOOKING_READ"], ["ORG_MEMBERSHIP_READ"], ["ORG_PROFILE_READ"]]';

@Resolver(() => OrganizationUser)
export class OrganizationUserResolver {
  @Query(() => OrganizationUser, {
    description:
      'A member of an organization the caller belongs to (the way into /v2/organizations/{orgId}/users/{userId}/…); NOT_FOUND when the user is not an accepted member of it.',
  })
  @Directive(`@scopes(anyOf: ${ORG_USER_SCOPES})`)
  @Directive('@pbac(permission: "organization.read", roles: ["MEMBER", "ADMIN", "OWNER"], org: "args.orgId")')
  async organizationUser(
    @Arg('orgId', () => Int) orgId: number,
    @Arg('userId', () => Int) userId: number,
    @Ctx() ctx: SubgraphContext,
  ): Promise<OrganizationUser> {
    const member = await organizationUserOf(ctx, orgId, userId);
    if (!member) throw notFound(`User in organization ${orgId}`, userId);
    return member;
  }

  /**
   * The member's profile and e-mail, as GET /v2/organizations/{orgId}/users shows them: organization admins only (the
   * root field is open to every member of the organization, for the routes below it that carry their own rules).
   */
  @FieldResolver(() => User, {
    nullable: true,
    description: 'The member (GET /v2/organizations/{orgId}/users): organization ADMIN/OWNER; null with FORBIDDEN for anyone else.',
  })
  @Directive('@pbac(permission: "organization.listMembers", org: "parent.orgId")')
  user(@Root() member: OrganizationUser, @Ctx() ctx: SubgraphContext) {
    return userById(ctx).load(member.userId);
  }
}

export const organizationUserReference = {
  __resolveReference: (ref: { orgId: number; userId: number }, ctx: SubgraphContext) => organizationUserOf(ctx, Number(ref.orgId), Number(ref.userId)),
};
