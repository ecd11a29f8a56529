import { DataSource, EntityManager } from 'typeorm';
import { setting } from '../../../platform/configuration/settings';
import { mailerFromEnvironment } from '../../../platform/mailer';
import { CLAIM_SECONDS, claimDue, recordOutboxFailure, startOutboxRetries } from '../outbox';
import { checkPassword, hashPassword } from '../user/password';
import { SignUpLink, SignUpLinkState } from './sign-up-link.type';
import { signUpMail, SignUpMailFacts } from './sign-up-mail';
import { newSignUpToken, parseSignUpToken, signUpSecretHash, signUpSecretMatches } from './sign-up-token';

interface InvitationRow {
  user_id: number;
  email: string;
  name: string;
  organization_id: number;
  organization_name: string;
  inviter_name: string | null;
  inviter_email: string | null;
  token_hash: string | null;
  expires_at: Date | null;
  used_at: Date | null;
}

/** The invitation of a user with the facts of its e-mail. */
const INVITATION = `
  SELECT i.user_id, u.email, u.name, o.id AS organization_id, o.name AS organization_name, inviter.name AS inviter_name,
         inviter.email AS inviter_email, i.token_hash, i.expires_at, i.used_at
    FROM sign_up_invitations i
    JOIN users u ON u.id = i.user_id
    JOIN teams o ON o.id = i.organization_id
    LEFT JOIN users inviter ON inviter.id = i.inviter_id
   WHERE i.user_id = $1`;

/**
 * The sign-up e-mail of an account an organization made (POST /v2/organizations/{orgId}/users), and its link.
 * The account's transaction writes an outbox row (`sign_up_invitations`); the request then sends the e-mail without
 * holding up its answer, and the poll retries one that could not be sent (SMTP down) with backoff, so no account is
 * left without its e-mail and a keyed creation sent again (which makes no new account) sends none. Sending makes the
 * link's token and stores the SHA-256 of its secret and its expiry (SIGN_UP_LINK_LIFETIME_HOURS from then), sends, and
 * marks the row done; a failed send is tried again with a new token (the old one was in no e-mail). The link lets its
 * person choose a password once.
 */
export class SignUpInvitationService {
  constructor(private readonly db: DataSource) {}

  /** In the account's transaction; due at once: the request that made the account sends it, unless the poll was quicker. */
  static async record(tx: EntityManager, userId: number, organizationId: number, inviterId: number | null): Promise<void> {
    await tx.query('INSERT INTO sign_up_invitations (user_id, organization_id, inviter_id) VALUES ($1, $2, $3)', [userId, organizationId, inviterId]);
  }

  /**
   * One attempt at sending the user's e-mail, if it is still to be sent; a failure is recorded for the poll, never thrown.
   * The link's token is stored (its hash) and committed before the e-mail leaves, so the link works as soon as it
   * arrives; the row is claimed for CLAIM_SECONDS meanwhile (`claimed`: the poll has claimed it already), so a keyed
   * retry or another replica sends nothing while this one sends.
   */
  async dispatch(userId: number, claimed = false): Promise<boolean> {
    try {
      const token = newSignUpToken(userId);
      const expiresAt = new Date(Date.now() + setting('SIGN_UP_LINK_LIFETIME_HOURS') * 3_600_000);
      const taken: unknown[] = await this.db.query(
        `UPDATE sign_up_invitations SET token_hash = $2, expires_at = $3, next_attempt_at = now() + make_interval(secs => $4)
          WHERE user_id = $1 AND completed_at IS NULL ${claimed ? '' : 'AND next_attempt_at <= now()'} RETURNING user_id`,
        [userId, signUpSecretHash(token.secret), expiresAt, CLAIM_SECONDS],
      );
      if (!taken.length) return true; // sent already, or being sent
      const [row]: InvitationRow[] = await this.db.query(INVITATION, [userId]);
      await mailerFromEnvironment().send(signUpMail(factsOf(row), token.text, expiresAt));
      await this.db.query('UPDATE sign_up_invitations SET completed_at = now(), attempts = attempts + 1, last_error = NULL WHERE user_id = $1', [userId]);
      return true;
    } catch (error) {
      await recordOutboxFailure(this.db, 'sign_up_invitations', userId, error, 'sending the sign-up e-mail');
      return false;
    }
  }

  /** Sends the e-mail after the request's answer; the outbox row keeps it safe meanwhile. */
  dispatchSoon(userId: number): void {
    void this.dispatch(userId);
  }

  /** Claims the e-mails that are due (SKIP LOCKED: replicas share the work) and tries each once. */
  async retryDue(limit = 20): Promise<number> {
    const due = await claimDue(this.db, 'sign_up_invitations', limit);
    for (const userId of due) await this.dispatch(userId, true);
    return due.length;
  }

  /** What the link's token stands for; nothing is changed. */
  async inspect(token: string): Promise<SignUpLink> {
    const parsed = parseSignUpToken(token);
    if (!parsed) return unknownLink();
    const [row]: InvitationRow[] = await this.db.query(INVITATION, [parsed.userId]);
    return linkOf(row, parsed.secret);
  }

  /**
   * Sets the account's password with the link, if it is VALID (BAD_USER_INPUT naming `password` if the password breaks
   * the rule; the link stays valid), and uses the link up. Answers the link as it was found.
   */
  async redeem(token: string, password: string): Promise<SignUpLink> {
    const parsed = parseSignUpToken(token);
    if (!parsed) return unknownLink();
    return this.db.transaction(async (tx) => {
      const [row]: InvitationRow[] = await tx.query(`${INVITATION} FOR UPDATE OF i`, [parsed.userId]);
      const link = linkOf(row, parsed.secret);
      if (link.state !== SignUpLinkState.VALID) return link;
      checkPassword(password);
      await tx.query('UPDATE users SET password_hash = $2 WHERE id = $1', [parsed.userId, await hashPassword(password)]);
      await tx.query('UPDATE sign_up_invitations SET used_at = now() WHERE user_id = $1', [parsed.userId]);
      return link;
    });
  }
}

function factsOf(row: InvitationRow): SignUpMailFacts {
  return {
    email: row.email,
    name: row.name,
    organizationId: row.organization_id,
    organizationName: row.organization_name,
    inviter: row.inviter_email ? { name: row.inviter_name ?? row.inviter_email, email: row.inviter_email } : null,
  };
}

const unknownLink = (): SignUpLink => ({ state: SignUpLinkState.UNKNOWN, email: null, organizationName: null });

/** The link's state for this secret: UNKNOWN unless the secret is the one stored (then used, expired or valid). */
function linkOf(row: InvitationRow | undefined, secret: string): SignUpLink {
  if (!row || !signUpSecretMatches(row.token_hash, secret)) return unknownLink();
  const state = row.used_at ? SignUpLinkState.USED : row.expires_at && row.expires_at.getTime() > Date.now() ? SignUpLinkState.VALID : SignUpLinkState.EXPIRED;
  return { state, email: row.email, organizationName: row.organization_name };
}

/** Retries the sign-up e-mails not sent yet at start and every SIGN_UP_EMAIL_POLL_MS (default 30 s). */
export function startSignUpEmailRetries(runtime: { db: DataSource }): { stop(): Promise<void> } {
  const service = new SignUpInvitationService(runtime.db);
  return startOutboxRetries('sign-up e-mail', setting('SIGN_UP_EMAIL_POLL_MS'), () => service.retryDue());
}
