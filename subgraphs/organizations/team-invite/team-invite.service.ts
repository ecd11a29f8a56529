import { randomBytes } from 'node:crypto';
import { DataSource, EntityManager, IsNull, MoreThan } from 'typeorm';
import { bookingBaseUrl } from '../../../platform/booking-url';
import { badInput, notFound } from '../../../platform/errors';
import { sha256Hex } from '../../../platform/sha256';
import { KeyedWriteReference, recordKeyedWrite, sealedForRecall, unsealedOnRecall } from '../../../platform/keyed-writes';
import { Membership, MembershipRole } from '../team/membership.entity';
import { Team } from '../team/team.entity';
import { TeamService } from '../team/team.service';
import { TeamInvite } from './team-invite.entity';
import { TeamInviteLink } from './team-invite.types';

/** How long an invite link admits people (the service's team invite tokens last a week). */
export const INVITE_LIFETIME_MS = 7 * 24 * 3600 * 1000;
const TOKEN_PREFIX = 'svc_ti_';

/** Where an invited person opens the link: the web app's `/teams?token=…` page. */
export function inviteLinkOf(token: string): string {
  const url = bookingBaseUrl();
  url.pathname = `${url.pathname.replace(/\/$/, '')}/teams`;
  url.searchParams.set('token', token);
  return url.toString();
}

export class TeamInviteService {
  constructor(private readonly db: DataSource) {}

  /** A new link for the team (checked to belong to `orgId`, or any team when null). */
  async create(teamId: number, orgId: number | null, createdBy: number | null): Promise<TeamInviteLink> {
    await new TeamService(this.db).getInOrganization(teamId, orgId);
    const token = TOKEN_PREFIX + randomBytes(32).toString('base64url');
    const expiresAt = new Date(Date.now() + INVITE_LIFETIME_MS);
    await this.db.transaction(async (tx) => {
      await tx.getRepository(TeamInvite).insert({ teamId, tokenHash: sha256Hex(token), createdBy, expiresAt });
      // A keyed creation (Idempotency-Key) records the link, its token sealed: sent again, it answers this link.
      const sealedToken = sealedForRecall(token);
      if (sealedToken) await recordKeyedWrite(tx, { sealedToken, expiresAt: expiresAt.toISOString() });
    });
    return { token, inviteLink: inviteLinkOf(token), expiresAt };
  }

  /** The link a keyed creation made before (create's record): its answer again. */
  recalled(reference: KeyedWriteReference): TeamInviteLink {
    const token = unsealedOnRecall(reference.sealedToken as string);
    return { token, inviteLink: inviteLinkOf(token), expiresAt: new Date(reference.expiresAt as string) };
  }

  /** Every usable link of the team stops working; answers how many there were. */
  async revokeAll(teamId: number, orgId: number | null): Promise<number> {
    await new TeamService(this.db).getInOrganization(teamId, orgId);
    const result = await this.db.getRepository(TeamInvite).update({ teamId, revokedAt: IsNull(), expiresAt: MoreThan(new Date()) }, { revokedAt: new Date() });
    return result.affected ?? 0;
  }

  /**
   * The caller joins the team of a usable link as an accepted MEMBER (a pending membership becomes
   * accepted; an existing role is kept). For a team of an organization the caller joins the
   * organization too, as MEMBER, so the team is never one of an organization they are not in.
   * An unknown, revoked or expired token is one 404, so a guess learns nothing.
   */
  async accept(token: string, userId: number): Promise<{ membership: Membership; team: Team }> {
    if (typeof token !== 'string' || !token.trim()) throw badInput('token', 'must not be empty');
    return this.db.transaction(async (tx) => {
      const invite = await tx.findOne(TeamInvite, { where: { tokenHash: sha256Hex(token.trim()), revokedAt: IsNull(), expiresAt: MoreThan(new Date()) } });
      if (!invite) throw notFound('Team invite', 'token');
      const team = await tx.findOneBy(Team, { id: invite.teamId });
      if (!team) throw notFound('Team invite', 'token');
      if (team.parentId != null) await join(tx, team.parentId, userId);
      return { membership: await join(tx, team.id, userId), team };
    });
  }
}

async function join(tx: EntityManager, teamId: number, userId: number): Promise<Membership> {
  await tx.query(
    `INSERT INTO memberships (team_id, user_id, role, accepted) VALUES ($1, $2, $3, true)
     ON CONFLICT (user_id, team_id) DO UPDATE SET accepted = true WHERE NOT memberships.accepted`,
    [teamId, userId, MembershipRole.MEMBER],
  );
  return tx.findOneByOrFail(Membership, { teamId, userId });
}
