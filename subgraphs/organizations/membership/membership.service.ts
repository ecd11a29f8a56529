import { leanFindBy } from '../../kit/lean-reads';
import { DataSource, EntityManager } from 'typeorm';
import { badInput, conflict, isConstraintViolation, notFound } from '../../kit/errors';
import { PageArgs, pageWindow } from '../../kit/pagination';
import { Team } from '../team/team.entity';
import { TeamService } from '../team/team.service';
import { User } from '../user/user.entity';
import { Membership, MembershipRole } from './membership.entity';
import { CreateMembershipInput, UpdateMembershipInput } from './membership.inputs';

/**
 * Where a membership is addressed: a team (`/v2/teams/{teamId}`), a team of an organization
 * (`/v2/organizations/{orgId}/teams/{teamId}`) or the organization itself (`/v2/organizations/{orgId}`).
 */
export type MembershipAddress = { teamId: number; orgId: number | null } | { organizationId: number };

/** A membership change, and whose cached principal it changed. */
export interface MembershipChange {
  membership: Membership;
  userIds: number[];
}

const isAcceptedOwner = (m: { role: MembershipRole; accepted: boolean }) => m.role === MembershipRole.OWNER && m.accepted;

export class MembershipService {
  constructor(private readonly db: DataSource) {}

  private get memberships() {
    return this.db.getRepository(Membership);
  }

  /** Used by operator tools and fixtures: adds a membership without the API's rules. */
  async add(input: { teamId: number; userId: number; role: MembershipRole; accepted?: boolean }): Promise<Membership> {
    if (!Object.values(MembershipRole).includes(input.role)) throw badInput('role', 'must be MEMBER, ADMIN or OWNER');
    if (!(await this.db.getRepository(Team).existsBy({ id: input.teamId }))) throw notFound('Team', input.teamId);
    if (!(await this.db.getRepository(User).existsBy({ id: input.userId }))) throw notFound('User', input.userId);
    try {
      return await this.memberships.save(this.memberships.create({ ...input, accepted: input.accepted ?? true }));
    } catch (error) {
      if (isConstraintViolation(error)) throw conflict(`User ${input.userId} is already a member of team ${input.teamId}`);
      throw error;
    }
  }

  /** The id of the team row the address names, checked (NOT_FOUND when the path does not hold together). */
  async resolve(address: MembershipAddress): Promise<number> {
    const teams = new TeamService(this.db);
    if ('organizationId' in address) return (await teams.getOrganization(address.organizationId)).id;
    return (await teams.getInOrganization(address.teamId, address.orgId)).id;
  }

  async list(address: MembershipAddress, page: PageArgs): Promise<[Membership[], number]> {
    const teamId = await this.resolve(address);
    const { take, skip } = pageWindow(page);
    return this.memberships.findAndCount({ where: { teamId }, order: { id: 'ASC' }, take, skip });
  }

  /** Kept for the existing organization team list. */
  listForTeam(teamId: number, orgId: number | null, page: PageArgs): Promise<[Membership[], number]> {
    return this.list({ teamId, orgId }, page);
  }

  async get(address: MembershipAddress, membershipId: number): Promise<Membership> {
    const teamId = await this.resolve(address);
    const membership = await this.memberships.findOneBy({ id: membershipId, teamId });
    if (!membership) throw notFound('Membership', membershipId);
    return membership;
  }

  /**
   * Adds a user. In a team of an organization the user must be an accepted member of the organization;
   * the user's id is never confirmed otherwise (one message for "no such user" and "not a member").
   */
  async create(address: MembershipAddress, input: CreateMembershipInput): Promise<MembershipChange> {
    const teamId = await this.resolve(address);
    const role = input.role ?? MembershipRole.MEMBER;
    const orgId = 'orgId' in address ? address.orgId : null;
    if (orgId != null) {
      const inOrg = await this.memberships.existsBy({ teamId: orgId, userId: input.userId, accepted: true });
      if (!inOrg) throw badInput('userId', `user ${input.userId} is not a member of organization ${orgId}`);
    } else if (!(await this.db.getRepository(User).existsBy({ id: input.userId }))) {
      throw notFound('User', input.userId);
    }
    try {
      const membership = await this.memberships.save(
        this.memberships.create({ teamId, userId: input.userId, role, accepted: input.accepted ?? false, disableImpersonation: input.disableImpersonation ?? false }),
      );
      return { membership, userIds: [membership.userId] };
    } catch (error) {
      if (isConstraintViolation(error)) throw conflict(`User ${input.userId} is already a member of team ${teamId}`);
      throw error;
    }
  }

  /** Applies the changes; taking away the last accepted OWNER is a 409. */
  async update(address: MembershipAddress, membershipId: number, changes: UpdateMembershipInput): Promise<MembershipChange> {
    const teamId = await this.resolve(address);
    return this.db.transaction(async (tx) => {
      const membership = await this.lockedMembership(tx, teamId, membershipId);
      const next = { role: changes.role ?? membership.role, accepted: changes.accepted ?? membership.accepted };
      if (isAcceptedOwner(membership) && !isAcceptedOwner(next)) await this.refuseLastOwner(tx, membership, 'demoted');
      Object.assign(membership, next);
      if (changes.disableImpersonation != null) membership.disableImpersonation = changes.disableImpersonation;
      return { membership: await tx.save(membership), userIds: [membership.userId] };
    });
  }

  /**
   * Deletes the membership and answers it as it was; the last accepted OWNER cannot be removed (409).
   * Leaving an organization also ends the user's memberships of its teams.
   */
  async remove(address: MembershipAddress, membershipId: number): Promise<MembershipChange> {
    const teamId = await this.resolve(address);
    return this.db.transaction(async (tx) => {
      const membership = await this.lockedMembership(tx, teamId, membershipId);
      if (isAcceptedOwner(membership)) await this.refuseLastOwner(tx, membership, 'removed');
      await tx.delete(Membership, { id: membershipId });
      if ('organizationId' in address) {
        await tx.query('DELETE FROM memberships WHERE user_id = $1 AND team_id IN (SELECT id FROM teams WHERE parent_id = $2)', [membership.userId, teamId]);
      }
      return { membership, userIds: [membership.userId] };
    });
  }

  /**
   * Locks the team row first (every owner-changing write of one team queues on it, so two concurrent
   * demotions of the last two owners are judged one after the other), then the membership.
   */
  private async lockedMembership(tx: EntityManager, teamId: number, membershipId: number): Promise<Membership> {
    await tx.query('SELECT id FROM teams WHERE id = $1 FOR NO KEY UPDATE', [teamId]);
    const membership = await tx.findOne(Membership, { where: { id: membershipId, teamId }, lock: { mode: 'pessimistic_write' } });
    if (!membership) throw notFound('Membership', membershipId);
    return membership;
  }

  /** Inside the team's lock: a 409 unless another accepted OWNER remains. */
  private async refuseLastOwner(tx: EntityManager, membership: Membership, change: 'demoted' | 'removed'): Promise<void> {
    const others = await tx.count(Membership, { where: { teamId: membership.teamId, role: MembershipRole.OWNER, accepted: true } });
    if (others <= 1) throw conflict(`The last owner of team ${membership.teamId} cannot be ${change}: make another member OWNER first`);
  }

  forTeams(teamIds: readonly number[]): Promise<Membership[]> {
    return leanFindBy(this.db, Membership, 'teamId', teamIds, ['id']);
  }

  forUsers(userIds: readonly number[]): Promise<Membership[]> {
    return leanFindBy(this.db, Membership, 'userId', userIds, ['id']);
  }
}
