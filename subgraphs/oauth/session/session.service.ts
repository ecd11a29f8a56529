import { DataSource, IsNull } from 'typeorm';
import { matchesHash, newSecret, SECRET_PREFIX, sha256Hex } from '../secrets';
import { AuthSession } from './session.entity';

/** A session lasts this long from sign-in (no sliding renewal): 12 hours. */
export const SESSION_LIFETIME_MS = 12 * 60 * 60 * 1000;

export class SessionService {
  constructor(private readonly db: DataSource) {}

  private get sessions() {
    return this.db.getRepository(AuthSession);
  }

  /** A new session for the user; the secret (the cookie's value) is only in the answer. */
  async start(userId: number, now = new Date()): Promise<{ session: AuthSession; secret: string }> {
    const secret = newSecret(SECRET_PREFIX.session);
    const session = await this.sessions.save(
      this.sessions.create({ userId, secretHash: sha256Hex(secret), expiresAt: new Date(now.getTime() + SESSION_LIFETIME_MS), endedAt: null }),
    );
    return { session, secret };
  }

  /** The session a cookie stands for, or null when it is unknown, ended or expired. */
  async find(secret: string | undefined, now = new Date()): Promise<AuthSession | null> {
    if (!secret || !secret.startsWith(SECRET_PREFIX.session)) return null;
    const session = await this.sessions.findOneBy({ secretHash: sha256Hex(secret), endedAt: IsNull() });
    if (!session || !matchesHash(secret, session.secretHash) || session.expiresAt.getTime() <= now.getTime()) return null;
    return session;
  }

  /** Signs out: the cookie stops working even if somebody kept a copy. */
  async end(secret: string | undefined): Promise<void> {
    if (!secret) return;
    await this.sessions.update({ secretHash: sha256Hex(secret), endedAt: IsNull() }, { endedAt: new Date() });
  }
}
