import { Ctx, FieldResolver, Resolver, Root } from 'type-graphql';
import { SubgraphContext } from '../../../platform/context';
import { teamById } from '../team/team.loaders';
import { Team } from '../team/team.entity';
import { Organization } from './organization.type';

/** `Team.organization`: the organization a team belongs to, presented as an Organization. */
@Resolver(() => Team)
export class TeamOrganizationResolver {
  @FieldResolver(() => Organization, { nullable: true })
  async organization(@Root() team: Team, @Ctx() ctx: SubgraphContext): Promise<Organization | null> {
    const org = team.parentId == null ? null : await teamById(ctx).load(team.parentId);
    return org ? Organization.of(org) : null;
  }
}
