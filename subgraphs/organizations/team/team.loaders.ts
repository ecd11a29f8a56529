import { SubgraphContext } from '../../../platform/context';
import { byKey, groupedByKey } from '../../../platform/loaders';
import { leanFindBy } from '../../../platform/lean-reads';
import { Membership } from './membership.entity';
import { DataSource, EntityManager } from 'typeorm';
import { Team } from './team.entity';
import { TeamService } from './team.service';

export const teamById = (ctx: SubgraphContext) =>
  ctx.loaders.get<number, Team | null>('teamById', async (ids) => byKey(ids, await new TeamService(ctx.db).findByIds(ids), (t) => t.id));

export const teamsByOrganizationId = (ctx: SubgraphContext) =>
  ctx.loaders.get<number, Team[]>('teamsByOrganizationId', async (ids) =>
    groupedByKey(ids, await new TeamService(ctx.db).teamsOfOrganizations(ids), (t) => t.parentId!),
  );

/** The memberships of teams (accepted or not), by id: one statement. */
export function membershipsOfTeams(db: DataSource | EntityManager, teamIds: readonly number[]): Promise<Membership[]> {
  return leanFindBy(db, Membership, 'teamId', teamIds, ['id']);
}

/** The memberships of users (accepted or not), by id: one statement. */
export function membershipsOfUsers(db: DataSource | EntityManager, userIds: readonly number[]): Promise<Membership[]> {
  return leanFindBy(db, Membership, 'userId', userIds, ['id']);
}

/** Every membership of each team (invitations included: what a caller may see of them is the schema's rule, @consented). */
export const membershipsByTeamId = (ctx: SubgraphContext) =>
  ctx.loaders.get<number, Membership[]>('membershipsByTeamId', async (ids) => groupedByKey(ids, await membershipsOfTeams(ctx.db, ids), (m) => m.teamId));

/** Every membership of each user. */
export const membershipsByUserId = (ctx: SubgraphContext) =>
  ctx.loaders.get<number, Membership[]>('membershipsByUserId', async (ids) => groupedByKey(ids, await membershipsOfUsers(ctx.db, ids), (m) => m.userId));
