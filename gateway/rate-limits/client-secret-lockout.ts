import { attemptStrikes, checkStrikes, FailureLockout, lockoutKey, recordFailure, Strike } from '../../subgraphs/kit/failure-lockout';
import { RateLimitSettings } from '../../subgraphs/kit/rate-limit-settings';
import { LimiterFactory } from '../../subgraphs/kit/rate-limit-store';

/**
 * Wrong client secrets, counted per client id and per client IP, with lockouts that double: one
 * count for the token endpoint (`client_secret`) and the platform headers (`x-svc-secret-key`),
 * since both guess the same secret. While a client id or an IP is locked, the secret is not even
 * checked, so the right one is refused too. The token endpoint counts every attempt before the secret
 * is checked (attempt, then succeeded / notAFailure); the platform headers, on every API call, only
 * read the counts and write on a failure (check, failed, forgetClient).
 */
export class ClientSecretLockout {
  private readonly perClient: FailureLockout;
  private readonly perIp: FailureLockout;

  constructor(limiters: LimiterFactory, settings: RateLimitSettings) {
    this.perClient = new FailureLockout(limiters, 'client-secret-per-client', settings.clientSecretFailuresPerClient, settings);
    this.perIp = new FailureLockout(limiters, 'client-secret-per-ip', settings.clientSecretFailuresPerIp, settings);
  }

  private strikes(clientId: string, address: string): Strike[] {
    return [
      { lockout: this.perClient, key: lockoutKey(clientId) },
      { lockout: this.perIp, key: address },
    ];
  }

  /** Counts a token request; the milliseconds the client id or the IP stays locked (0: check the secret). */
  attempt(clientId: string, address: string): Promise<number> {
    return attemptStrikes(this.strikes(clientId, address));
  }

  /** The secret was right: the client id's failures are forgotten, the attempt's count on the IP taken back. */
  async succeeded(clientId: string, address: string): Promise<void> {
    const [client, ip] = this.strikes(clientId, address);
    await Promise.all([client.lockout.reset(client.key), ip.lockout.refund(ip.key)]);
  }

  /** The request failed for another reason than the client's credentials (a bad code, a malformed body): take the attempt back. */
  async notAFailure(clientId: string, address: string): Promise<void> {
    await Promise.all(this.strikes(clientId, address).map((s) => s.lockout.refund(s.key)));
  }

  /** Milliseconds the client id or the IP stays locked (0: neither), and whether the client id has failures to forget on success. */
  async check(clientId: string, address: string): Promise<{ lockedMs: number; clientHasFailures: boolean }> {
    const { lockedMs, failures } = await checkStrikes(this.strikes(clientId, address));
    return { lockedMs, clientHasFailures: failures[0] > 0 };
  }

  /** A wrong secret (or an unknown client id): answers how long the caller is now locked out (0: not yet). */
  failed(clientId: string, address: string): Promise<number> {
    return recordFailure(this.strikes(clientId, address));
  }

  /** The right secret: the client id's failures are forgotten (the IP's are not: one good client must not clear an attacker's count). */
  forgetClient(clientId: string): Promise<void> {
    return this.perClient.reset(lockoutKey(clientId));
  }
}
