import { DataSource, EntityManager } from 'typeorm';
import { badInput, conflict, isConstraintViolation, notFound } from '../../../platform/errors';
import { PageArgs, pageWindow } from '../../../platform/pagination';
import { KeyedWriteReference, recordKeyedWrite } from '../../../platform/keyed-writes';
import { isIanaTimeZone } from '../../../platform/time-zones';
import { Membership, MembershipRole } from '../team/membership.entity';
import { Team } from '../team/team.entity';
import { TeamService } from '../team/team.service';
import { User } from '../user/user.entity';
import { UserService } from '../user/user.service';
import { OrganizationMember } from './organization-member.type';
import { CreateOrganizationUserInput, UpdateOrganizationUserInput } from './organization-users.inputs';
import { EMAIL_ADDRESS } from '../../../platform/email-address';
import { SignUpInvitationService } from '../sign-up-invitation/sign-up-invitation.service';

const USERNAME = /^[a-z0-9][a-z0-9._-]*$/;

export interface UserFilter {
  emails?: string[] | null;
  teamIds?: number[] | null;
  /** Attribute options (reference `assignedOptionIds`), combined by `attributeQueryOperator`. */
  assignedOptionIds?: string[] | null;
  /** AND (default): every option; OR: at least one; NONE: none of them. */
  attributeQueryOperator?: string | null;
}

export const ATTRIBUTE_QUERY_OPERATORS = ['AND', 'OR', 'NONE'] as const;

/** How many of the wanted options a member must hold, as SQL on the count of those they hold. */
function optionCountCondition(operator: string | null | undefined): string {
  const chosen = operator ?? 'AND';
  if (!(ATTRIBUTE_QUERY_OPERATORS as readonly string[]).includes(chosen))
    throw badInput('attributeQueryOperator', `must be one of ${ATTRIBUTE_QUERY_OPERATORS.join(', ')}`);
  return chosen === 'AND' ? '= :optionCount' : chosen === 'OR' ? '> 0' : '= 0';
}

/** A change to users of an organization, and whose cached principal it changed. */
export interface OrganizationUserChange {
  member: OrganizationMember;
  userIds: number[];
}

/**
 * Users of an organization (`/v2/organizations/{orgId}/users`): everyone with an accepted membership of it, and the
 * accounts it created (accepted or not); a person merely invited shows in its memberships, without their details.
 * Users the organization created (`organization_user_accounts`) are its to edit and delete; users
 * who joined with an account of their own keep it: the organization can only remove them from itself.
 */
export class OrganizationUsersService {
  constructor(private readonly db: DataSource) {}

  async list(orgId: number, page: PageArgs, filter: UserFilter): Promise<[OrganizationMember[], number]> {
    await new TeamService(this.db).getOrganization(orgId);
    const { take, skip } = pageWindow(page);
    const query = this.db
      .getRepository(Membership)
      .createQueryBuilder('m')
      .innerJoinAndMapOne('m.user', User, 'u', 'u.id = m.user_id')
      .where('m.team_id = :orgId', { orgId })
      // Consent: an invitation nobody answered shows the person to nobody, except an account the organization created (it typed all of it).
      .andWhere('(m.accepted OR EXISTS (SELECT 1 FROM organization_user_accounts o WHERE o.user_id = m.user_id AND o.organization_id = :orgId))');
    if (filter.emails?.length) query.andWhere('lower(u.email) IN (:...emails)', { emails: filter.emails.map((e) => e.trim().toLowerCase()) });
    if (filter.teamIds?.length) {
      query.andWhere(
        'EXISTS (SELECT 1 FROM memberships tm JOIN teams t ON t.id = tm.team_id WHERE tm.user_id = m.user_id AND t.parent_id = :orgId AND tm.team_id IN (:...teamIds))',
        {
          teamIds: filter.teamIds,
        },
      );
    }
    const condition = optionCountCondition(filter.attributeQueryOperator);
    const optionIds = [...new Set((filter.assignedOptionIds ?? []).map((id) => id.trim()).filter(Boolean))];
    if (optionIds.length) {
      query.andWhere(
        `(SELECT count(DISTINCT s.attribute_option_id) FROM attribute_assignments s WHERE s.membership_id = m.id AND s.attribute_option_id IN (:...optionIds)) ${condition}`,
        {
          optionIds,
          optionCount: optionIds.length,
        },
      );
    }
    const [rows, total] = await query.orderBy('m.user_id').take(take).skip(skip).getManyAndCount();
    return [rows.map((m) => OrganizationMember.of((m as Membership & { user: User }).user, m)), total];
  }

  /**
   * Creates the account and its organization membership in one transaction, with the outbox row of its sign-up e-mail
   * (a link to choose a password; sign-up-invitation/): `inviterId` is the admin who made it (null: the organization's
   * client credentials).
   */
  async create(orgId: number, input: CreateOrganizationUserInput, inviterId: number | null): Promise<OrganizationUserChange> {
    await new TeamService(this.db).getOrganization(orgId);
    const timeZone = input.timeZone ?? 'Europe/London';
    if (typeof input.email !== 'string') throw badInput('email', 'must be an e-mail address');
    const username = input.username?.trim().toLowerCase() || undefined;
    if (username !== undefined && !USERNAME.test(username)) throw badInput('username', 'must be lowercase letters, digits, ".", "_" or "-"');
    return this.db.transaction(async (tx) => {
      const created = await new UserService(tx).create({ email: input.email, username, name: input.name ?? username ?? input.email.split('@')[0], timeZone });
      const user = await tx.save(
        Object.assign(created, { bio: input.bio ?? null, avatarUrl: input.avatarUrl ?? null, metadata: input.metadata ?? {}, theme: input.theme ?? null }),
      );
      const membership = await tx.save(
        tx.create(Membership, { teamId: orgId, userId: user.id, role: input.organizationRole ?? MembershipRole.MEMBER, accepted: input.autoAccept ?? true }),
      );
      await tx.query('INSERT INTO organization_user_accounts (user_id, organization_id) VALUES ($1, $2)', [user.id, orgId]);
      await SignUpInvitationService.record(tx, user.id, orgId, inviterId);
      // With the record of a keyed creation (Idempotency-Key) in the same transaction: sent again, it answers this user.
      await recordKeyedWrite(tx, { userId: user.id });
      return { member: OrganizationMember.of(user, membership), userIds: [user.id] };
    });
  }

  /** The user a keyed creation made before (create's record), as a member of the organization now. */
  recalled(orgId: number, reference: KeyedWriteReference): Promise<OrganizationUserChange> {
    const userId = reference.userId as number;
    return this.db.transaction(async (tx) => {
      const { user, membership } = await this.memberOf(tx, orgId, userId);
      return { member: OrganizationMember.of(user, membership), userIds: [userId] };
    });
  }

  async update(orgId: number, userId: number, changes: UpdateOrganizationUserInput): Promise<OrganizationUserChange> {
    return this.db.transaction(async (tx) => {
      const { user, membership } = await this.memberOf(tx, orgId, userId);
      await this.refuseOwnAccount(tx, orgId, userId, 'changed');
      if (changes.email != null) {
        const email = changes.email.trim().toLowerCase();
        if (!EMAIL_ADDRESS.test(email)) throw badInput('email', 'must be an e-mail address');
        user.email = email;
      }
      if (changes.username != null) {
        const username = changes.username.trim().toLowerCase();
        if (!USERNAME.test(username)) throw badInput('username', 'must be lowercase letters, digits, ".", "_" or "-"');
        user.username = username;
      }
      if (changes.name != null) user.name = changes.name.trim() || user.name;
      if (changes.timeZone != null) {
        if (!isIanaTimeZone(changes.timeZone)) throw badInput('timeZone', `"${changes.timeZone}" is not an IANA time zone`);
        user.timeZone = changes.timeZone;
      }
      if (changes.bio !== undefined) user.bio = changes.bio ?? null;
      if (changes.avatarUrl !== undefined) user.avatarUrl = changes.avatarUrl ?? null;
      if (changes.metadata != null) user.metadata = changes.metadata;
      if (changes.theme !== undefined) user.theme = changes.theme ?? null;
      try {
        const saved = await tx.save(user);
        return { member: OrganizationMember.of(saved, membership), userIds: [userId] };
      } catch (error) {
        if (isConstraintViolation(error)) throw conflict(`A user with e-mail ${user.email} or username ${user.username} already exists`);
        throw error;
      }
    });
  }

  /**
   * Removes the user from the organization and its teams; an account the organization created is
   * deleted with everything it belongs to. The organization's last accepted OWNER cannot go (409).
   */
  async delete(orgId: number, userId: number): Promise<OrganizationUserChange> {
    return this.db.transaction(async (tx) => {
      await tx.query('SELECT id FROM teams WHERE id = $1 FOR NO KEY UPDATE', [orgId]);
      const { user, membership } = await this.memberOf(tx, orgId, userId);
      if (membership.role === MembershipRole.OWNER && membership.accepted) {
        const owners = await tx.count(Membership, { where: { teamId: orgId, role: MembershipRole.OWNER, accepted: true } });
        if (owners <= 1) throw conflict(`The last owner of organization ${orgId} cannot be removed: make another member OWNER first`);
      }
      const managed = await tx.query('SELECT 1 FROM organization_user_accounts WHERE user_id = $1 AND organization_id = $2', [userId, orgId]);
      if (managed.length) {
        await tx.delete(User, { id: userId }); // memberships go with it (ON DELETE CASCADE)
      } else {
        await tx.query('DELETE FROM memberships WHERE user_id = $1 AND (team_id = $2 OR team_id IN (SELECT id FROM teams WHERE parent_id = $2))', [
          userId,
          orgId,
        ]);
      }
      return { member: OrganizationMember.of(user, membership), userIds: [userId] };
    });
  }

  /** The user and their membership of the organization; NOT_FOUND for anyone who has none. */
  private async memberOf(tx: EntityManager, orgId: number, userId: number): Promise<{ user: User; membership: Membership }> {
    // On the transaction's own connection: one taken from the pool while this transaction holds the
    // organization's row lock deadlocks once every pooled connection waits on that lock.
    const organization = await tx.findOne(Team, { where: { id: orgId } });
    if (!organization?.isOrganization) throw notFound('Organization', orgId);
    const membership = await tx.findOne(Membership, { where: { teamId: orgId, userId }, lock: { mode: 'pessimistic_write' } });
    const user = membership ? await tx.findOne(User, { where: { id: userId }, lock: { mode: 'pessimistic_write' } }) : null;
    if (!membership || !user) throw notFound(`User in organization ${orgId}`, userId);
    return { user, membership };
  }

  /** A user who joined with an account of their own keeps control of it (409: the account's state, not the caller's rights, refuses it). */
  private async refuseOwnAccount(tx: EntityManager, orgId: number, userId: number, change: string): Promise<void> {
    const managed = await tx.query('SELECT 1 FROM organization_user_accounts WHERE user_id = $1 AND organization_id = $2', [userId, orgId]);
    if (!managed.length)
      throw conflict(`User ${userId} has an account of their own, not created by organization ${orgId}: it cannot be ${change} by the organization`);
  }
}
