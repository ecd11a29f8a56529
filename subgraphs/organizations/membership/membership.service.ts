import { DataSource, EntityManager } from 'typeorm';
import { badInput, conflict, forbidden, isConstraintViolation, notFound } from '../../../platform/errors';
import { PageArgs, pageWindow } from '../../../platform/pagination';
import { KeyedWriteReference, recordKeyedWrite } from '../../../platform/keyed-writes';
import { Team } from '../team/team.entity';
import { TeamService } from '../team/team.service';
import { User } from '../user/user.entity';
import { Membership, MembershipRole } from '../team/membership.entity';
import { ConsentTarget, MembershipActor, mayAcceptFor } from './consent';
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
  /** Set when the change is an invitation the person has to answer: the team, and who invited them (null: the system). */
  invitation?: { team: Team; invitedBy: number | null };
}

/** Whose membership of `team` is being given, and whether they already belong to the team's organization. */
async function consentTargetOf(manager: EntityManager, team: Team, userId: number): Promise<ConsentTarget> {
  const organizationId = team.isOrganization ? null : team.parentId;
  const inOrganization = organizationId != null && (await manager.existsBy(Membership, { teamId: organizationId, userId, accepted: true }));
  return { userId, organizationId, inOrganization };
}

/** The reference's sentences (after the field, as every 400 here) for a managed user added outside its organization. */
export const MANAGED_USER_OUTSIDE = {
  organization:
    "Can't add user to organization - the user is platform managed user but organization is not because organization probably was not created using OAuth credentials.",
  team: "Can't add user to team - the user is platform managed user but team is not because team probably was not created using OAuth credentials.",
};

/**
 * A managed user (a platform OAuth client's) belongs to the organization whose client made it (its
 * `organization_user_accounts` row; none for a client without an organization): it joins that organization and its
 * teams only. Anywhere else is a 400 naming `userId`, as the reference refuses a platform user in a regular team.
 */
async function refuseManagedUserOutside(manager: EntityManager, team: Team, userId: number): Promise<void> {
  const [user] = await manager.query(
    `SELECT u.platform_oauth_client_id AS "clientId", a.organization_id AS "organizationId"
       FROM users u LEFT JOIN organization_user_accounts a ON a.user_id = u.id WHERE u.id = $1`,
    [userId],
  );
  if (!user?.clientId) return;
  const organizationId = team.isOrganization ? team.id : team.parentId;
  if (user.organizationId == null || user.organizationId !== organizationId)
    throw badInput('userId', team.isOrganization ? MANAGED_USER_OUTSIDE.organization : MANAGED_USER_OUTSIDE.team);
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

  /** The team (or organization) row the address names, checked (NOT_FOUND when the path does not hold together). */
  async resolveTeam(address: MembershipAddress): Promise<Team> {
    const teams = new TeamService(this.db);
    if ('organizationId' in address) return teams.getOrganization(address.organizationId);
    return teams.getInOrganization(address.teamId, address.orgId);
  }

  /** The id of the team row the address names, checked. */
  async resolve(address: MembershipAddress): Promise<number> {
    return (await this.resolveTeam(address)).id;
  }

  /** The memberships of the team, oldest first; `emails` keeps those whose user has one of these e-mails (any case). */
  async list(address: MembershipAddress, page: PageArgs, filter: { emails?: string[] | null } = {}): Promise<[Membership[], number]> {
    const teamId = await this.resolve(address);
    const { take, skip } = pageWindow(page);
    const query = this.memberships.createQueryBuilder('m').where('m.teamId = :teamId', { teamId }).orderBy('m.id', 'ASC').limit(take).offset(skip);
    if (filter.emails?.length) {
      const emails = filter.emails.map((email) => email.trim().toLowerCase());
      query.innerJoin(User, 'u', 'u.id = m.userId').andWhere('lower(u.email) IN (:...emails)', { emails });
    }
    return query.getManyAndCount();
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
   * Adds a user. In a team of an organization (on either path) the user must be an accepted member of the
   * organization; the user's id is never confirmed otherwise (one message for "no such user" and "not a
   * member"). `accepted: true` stands only where it is the person's consent (consent.ts); otherwise the
   * membership is stored as an invitation (`accepted: false`) for the person to accept or decline.
   */
  async create(address: MembershipAddress, input: CreateMembershipInput, actor: MembershipActor): Promise<MembershipChange> {
    const team = await this.resolveTeam(address);
    const role = input.role ?? MembershipRole.MEMBER;
    const target = await consentTargetOf(this.db.manager, team, input.userId);
    if (target.organizationId != null) {
      if (!target.inOrganization) throw badInput('userId', `user ${input.userId} is not a member of organization ${target.organizationId}`);
    } else if (!(await this.db.getRepository(User).existsBy({ id: input.userId }))) {
      throw notFound('User', input.userId);
    }
    await refuseManagedUserOutside(this.db.manager, team, input.userId);
    const accepted = (input.accepted ?? false) && mayAcceptFor(actor, target);
    try {
      const membership = await this.db.transaction(async (tx) => {
        const saved = await tx.save(
          tx.create(Membership, { teamId: team.id, userId: input.userId, role, accepted, disableImpersonation: input.disableImpersonation ?? false }),
        );
        // With the record of a keyed creation (Idempotency-Key) in the same transaction: sent again, it answers this membership.
        await recordKeyedWrite(tx, { membershipId: saved.id });
        return saved;
      });
      return { membership, userIds: [membership.userId], invitation: accepted ? undefined : { team, invitedBy: actor.userId } };
    } catch (error) {
      if (isConstraintViolation(error)) throw conflict(`User ${input.userId} is already a member of team ${team.id}`);
      throw error;
    }
  }

  /**
   * The membership a keyed creation made before (create's record), as it is now: no invitation this time, the
   * first run sent it. A membership removed since is NOT_FOUND.
   */
  async recalled(reference: KeyedWriteReference): Promise<MembershipChange> {
    const membership = await this.memberships.findOneBy({ id: reference.membershipId as number });
    if (!membership) throw notFound('Membership', reference.membershipId as number);
    return { membership, userIds: [membership.userId] };
  }

  /**
   * The invited person's answer to their own unaccepted membership (`membershipId` of `userId`): accepting
   * makes it count; declining removes it. Another person's membership is NOT_FOUND, whoever asks.
   * Accepting twice answers the membership as it is; declining an accepted membership is a 409.
   */
  async answerInvitation(userId: number, membershipId: number, accept: boolean): Promise<MembershipChange> {
    return this.db.transaction(async (tx) => {
      const found = await tx.findOneBy(Membership, { id: membershipId, userId });
      if (!found) throw notFound('Membership', membershipId);
      const membership = await this.lockedMembership(tx, found.teamId, membershipId);
      if (accept) {
        if (!membership.accepted) {
          membership.accepted = true;
          await tx.save(membership);
        }
        return { membership, userIds: [userId] };
      }
      if (membership.accepted) throw conflict(`Membership ${membershipId} is accepted already: only an invitation can be declined`);
      await tx.delete(Membership, { id: membershipId });
      return { membership, userIds: [userId] };
    });
  }

  /** The person's memberships still waiting for their answer, oldest first. */
  invitationsOf(userId: number): Promise<Membership[]> {
    return this.memberships.find({ where: { userId, accepted: false }, order: { id: 'ASC' } });
  }

  /**
   * Applies the changes; taking away the last accepted OWNER is a 409. Accepting an invitation on
   * someone else's behalf is a 403 unless it is their consent (consent.ts): they answer it themselves.
   */
  async update(address: MembershipAddress, membershipId: number, changes: UpdateMembershipInput, actor: MembershipActor): Promise<MembershipChange> {
    const team = await this.resolveTeam(address);
    const teamId = team.id;
    return this.db.transaction(async (tx) => {
      const membership = await this.lockedMembership(tx, teamId, membershipId);
      if (changes.accepted === true && !membership.accepted) await this.refuseAcceptingFor(tx, actor, team, membership);
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

  /** FORBIDDEN unless `accepted: true` from `actor` is the person's consent. */
  private async refuseAcceptingFor(tx: EntityManager, actor: MembershipActor, team: Team, membership: Membership): Promise<void> {
    if (!mayAcceptFor(actor, await consentTargetOf(tx, team, membership.userId))) {
      throw forbidden(
        `Membership ${membership.id} is an invitation: only user ${membership.userId} can accept it (POST /v2/me/memberships/${membership.id}/accept, or the invitations page under /auth)`,
      );
    }
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
}
