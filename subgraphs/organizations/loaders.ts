import { SubgraphContext } from '../kit/context';
import { byKey, groupedByKey } from '../kit/loaders';
import { Membership } from './team/membership.entity';
import { MembershipService } from './membership/membership.service';
import { Role } from './role/role.entity';
import { RoleService } from './role/role.service';
import { Team } from './team/team.entity';
import { TeamService } from './team/team.service';
import { User } from './user/user.entity';
import { UserService } from './user/user.service';

export const userById = (ctx: SubgraphContext) =>
  ctx.loaders.get<number, User | null>('userById', async (ids) => byKey(ids, await new UserService(ctx.db).findByIds(ids), (u) => u.id));

export const teamById = (ctx: SubgraphContext) =>
  ctx.loaders.get<number, Team | null>('teamById', async (ids) => byKey(ids, await new TeamService(ctx.db).findByIds(ids), (t) => t.id));

export const membershipsByTeamId = (ctx: SubgraphContext) =>
  ctx.loaders.get<number, Membership[]>('membershipsByTeamId', async (ids) =>
    groupedByKey(ids, await new MembershipService(ctx.db).forTeams(ids), (m) => m.teamId),
  );

export const membershipsByUserId = (ctx: SubgraphContext) =>
  ctx.loaders.get<number, Membership[]>('membershipsByUserId', async (ids) =>
    groupedByKey(ids, await new MembershipService(ctx.db).forUsers(ids), (m) => m.userId),
  );

export const teamsByOrganizationId = (ctx: SubgraphContext) =>
  ctx.loaders.get<number, Team[]>('teamsByOrganizationId', async (ids) =>
    groupedByKey(ids, await new TeamService(ctx.db).teamsOfOrganizations(ids), (t) => t.parentId!),
  );

export const roleById = (ctx: SubgraphContext) =>
  ctx.loaders.get<string, Role | null>('roleById', async (ids) => byKey(ids, await new RoleService(ctx.db).findByIds(ids), (r) => r.id));
