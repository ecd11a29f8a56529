import { Arg, Ctx, Directive, FieldResolver, Int, Query, Resolver, Root } from 'type-graphql';
import { SubgraphContext } from '../../../platform/context';
import { notFound } from '../../../platform/errors';
import { teamById, teamsByOrganizationId } from '../team/team.loaders';
import { Team } from '../team/team.entity';
import { Organization } from './organization.type';

@Resolver(() => Organization)
export class OrganizationResolver {
  @Query(() => Organization, { description: 'An organization the caller belongs to.' })
  @Directive('@scopes(anyOf: [["ORG_PROFILE_READ"]])')
  @Directive('@pbac(permission: "organization.read", roles: ["MEMBER", "ADMIN", "OWNER"], org: "args.orgId")')
  async organization(@Arg('orgId', () => Int) orgId: number, @Ctx() ctx: SubgraphContext): Promise<Organization> {
    const team = await teamById(ctx).load(orgId);
    if (!team?.isOrganization) throw notFound('Organization', orgId);
    return Organization.of(team);
  }

  /**
   * The rule of `organization(orgId)` again: an Organization is also reached through `Team.organization`
   * (a team member who is not in the organization, anyone holding a booking of one of its teams), and
   * the list of the organization's teams is for its members only.
   */
  @FieldResolver(() => [Team], { description: 'Teams inside the organization; visible to its members.' })
  @Directive('@pbac(permission: "organization.read", roles: ["MEMBER", "ADMIN", "OWNER"], org: "parent.id")')
  teams(@Root() org: Organization, @Ctx() ctx: SubgraphContext): Promise<Team[]> {
    return teamsByOrganizationId(ctx).load(org.id);
  }
}
