import { Ctx, Directive, FieldResolver, Int, Resolver, Root } from 'type-graphql';
import { SubgraphContext } from '../../../platform/context';
import { membershipsByUserId, teamById } from '../team/team.loaders';
import { User } from '../user/user.entity';
import { Organization } from './organization.type';

/** `User.organization` and `User.organizationId`: the organization the user is an accepted member of. */
@Resolver(() => User)
export class UserOrganizationResolver {
  @FieldResolver(() => Organization, { nullable: true, description: 'The organization the user is an accepted member of, if any.' })
  @Directive('@ownData(userId: "parent.id")')
  async organization(@Root() user: User, @Ctx() ctx: SubgraphContext): Promise<Organization | null> {
    for (const m of await membershipsByUserId(ctx).load(user.id)) {
      const team = m.accepted ? await teamById(ctx).load(m.teamId) : null;
      if (team?.isOrganization) return Organization.of(team);
    }
    return null;
  }

  @FieldResolver(() => Int, { nullable: true })
  @Directive('@ownData(userId: "parent.id")')
  async organizationId(@Root() user: User, @Ctx() ctx: SubgraphContext): Promise<number | null> {
    return (await this.organization(user, ctx))?.id ?? null;
  }
}
