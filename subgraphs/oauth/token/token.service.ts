import { DataSource, EntityManager, IsNull } from 'typeorm';
import { conflict } from '../../../platform/errors';
import { KeyedWriteReference, recordKeyedWrite, sealedForRecall, unsealedOnRecall } from '../../../platform/keyed-writes';
import { AuthorizationCode } from '../authorization/authorization-code.entity';
import { parseScopes } from '../authorization/authorization-request';
import { verifierMatches } from '../authorization/pkce';
import { OAuthClient, OAuthClientStatus } from '../oauth-client/oauth-client.entity';
import { matchesHash, newSecret, SECRET_PREFIX, sha256Hex } from '../secrets';
import { OAuthGrant } from './grant.entity';
import { ACCESS_TOKEN_LIFETIME_SECONDS, REFRESH_TOKEN_LIFETIME_SECONDS } from '../lifetimes';
import { OAUTH_ERRORS } from './oauth-error';
import { OAuthToken } from './token.entity';

/** The body of POST /v2/auth/oauth2/token (spec 4.1), every field as sent. */
export interface TokenRequest {
  grant_type?: string | null;
  client_id?: string | null;
  client_secret?: string | null;
  code?: string | null;
  redirect_uri?: string | null;
  code_verifier?: string | null;
  refresh_token?: string | null;
  scope?: string | null;
}

/** The token response of spec 2.3. */
export interface TokenResponse {
  accessToken: string;
  refreshToken: string;
  tokenType: 'bearer';
  expiresIn: number;
  scope: string;
}

/** What an exchange did: the tokens, or the users whose tokens it revoked (then the refusal). */
export interface TokenOutcome {
  response?: TokenResponse;
  /** Users whose principals changed (tokens revoked by a replayed code or refresh token). */
  revokedFor: number[];
  refusal?: Error;
}

const present = (value: string | null | undefined): value is string => typeof value === 'string' && value !== '';

/**
 * The token endpoint's rules (spec 4.1, 5.2, 7.3): client authentication, the code exchange with
 * PKCE, refresh-token rotation. Codes are single use: a second use is refused and revokes every
 * token issued from the code; so is a rotated refresh token used again (its grant is revoked).
 */
export class TokenService {
  constructor(private readonly db: DataSource) {}

  async exchange(request: TokenRequest, now = new Date()): Promise<TokenOutcome> {
    try {
      if (!present(request.client_id)) throw OAUTH_ERRORS.clientIdRequired();
      if (request.grant_type !== 'authorization_code' && request.grant_type !== 'refresh_token') throw OAUTH_ERRORS.unsupportedGrantType();
      const client = await this.authenticateClient(request.client_id, request.client_secret);
      return request.grant_type === 'authorization_code' ? await this.exchangeCode(client, request, now) : await this.refresh(client, request, now);
    } catch (error) {
      return { revokedFor: [], refusal: error as Error };
    }
  }

  /** Confidential clients prove themselves with client_secret; public ones (PKCE) have none. */
  private async authenticateClient(clientId: string, secret: string | null | undefined): Promise<OAuthClient> {
    const client = await this.db.getRepository(OAuthClient).findOneBy({ id: clientId });
    if (!client) throw OAUTH_ERRORS.clientNotFound();
    if (!client.isPublic && !matchesHash(secret ?? '', client.secretHash)) throw OAUTH_ERRORS.invalidClientCredentials();
    if (client.status !== OAuthClientStatus.APPROVED) throw OAUTH_ERRORS.clientNotApproved();
    return client;
  }

  private async exchangeCode(client: OAuthClient, request: TokenRequest, now: Date): Promise<TokenOutcome> {
    if (!present(request.code)) throw OAUTH_ERRORS.required('code');
    if (!present(request.redirect_uri)) throw OAUTH_ERRORS.required('redirect_uri');
    const code = request.code;
    return this.db.transaction(async (tx) => {
      const found = await tx.findOne(AuthorizationCode, { where: { codeHash: sha256Hex(code) }, lock: { mode: 'pessimistic_write' } });
      if (!found || found.clientId !== client.id || !matchesHash(code, found.codeHash)) throw OAUTH_ERRORS.codeInvalidOrExpired();
      if (found.usedAt) {
        // A replayed code: whoever holds it may have stolen it, so what the first exchange issued stops working.
        const revoked = await tx.update(OAuthGrant, { authorizationCodeId: found.id, revokedAt: IsNull() }, { revokedAt: now });
        return { revokedFor: revoked.affected ? [found.userId] : [], refusal: OAUTH_ERRORS.codeInvalidOrExpired() };
      }
      if (found.expiresAt.getTime() <= now.getTime()) throw OAUTH_ERRORS.codeInvalidOrExpired();
      if (found.redirectUri !== request.redirect_uri) throw OAUTH_ERRORS.redirectUriMismatch();
      if (found.codeChallenge) {
        if (!present(request.code_verifier)) throw OAUTH_ERRORS.required('code_verifier');
        if (!verifierMatches(request.code_verifier, found.codeChallenge)) throw OAUTH_ERRORS.codeVerifierMismatch();
      } else if (present(request.code_verifier)) {
        throw OAUTH_ERRORS.codeVerifierUnexpected();
      }
      found.usedAt = now;
      await tx.save(found);
      const grant = await tx.save(
        tx.create(OAuthGrant, { clientId: client.id, userId: found.userId, scopes: found.scopes, authorizationCodeId: found.id, revokedAt: null }),
      );
      return { response: await this.issueTokens(tx, grant, now), revokedFor: [] };
    });
  }

  private async refresh(client: OAuthClient, request: TokenRequest, now: Date): Promise<TokenOutcome> {
    if (!present(request.refresh_token)) throw OAUTH_ERRORS.required('refresh_token');
    const secret = request.refresh_token;
    return this.db.transaction(async (tx) => {
      const token = await tx.findOne(OAuthToken, { where: { tokenHash: sha256Hex(secret), kind: 'refresh' }, lock: { mode: 'pessimistic_write' } });
      const grant = token && (await tx.findOne(OAuthGrant, { where: { id: token.grantId }, lock: { mode: 'pessimistic_write' } }));
      if (!token || !grant || grant.clientId !== client.id || !matchesHash(secret, token.tokenHash) || grant.revokedAt)
        throw OAUTH_ERRORS.refreshTokenInvalidOrExpired();
      if (token.usedAt) {
        // A rotated refresh token used again: the grant is revoked, as its tokens may have leaked.
        await tx.update(OAuthGrant, { id: grant.id }, { revokedAt: now });
        return { revokedFor: [grant.userId], refusal: OAUTH_ERRORS.refreshTokenInvalidOrExpired() };
      }
      if (token.expiresAt.getTime() <= now.getTime()) throw OAUTH_ERRORS.refreshTokenInvalidOrExpired();
      if (present(request.scope)) {
        const asked = parseScopes(request.scope);
        if (asked.length !== grant.scopes.length || !asked.every((s) => grant.scopes.includes(s))) throw OAUTH_ERRORS.scopeChanged(grant.scopes);
      }
      token.usedAt = now;
      await tx.save(token);
      return { response: await this.issueTokens(tx, grant, now), revokedFor: [] };
    });
  }

  /** A new access token and refresh token of the grant, with exactly its scopes. */
  private async issueTokens(tx: EntityManager, grant: OAuthGrant, now: Date): Promise<TokenResponse> {
    const accessToken = newSecret(SECRET_PREFIX.accessToken);
    const refreshToken = newSecret(SECRET_PREFIX.refreshToken);
    const at = (seconds: number) => new Date(now.getTime() + seconds * 1000);
    await tx.insert(OAuthToken, [
      { grantId: grant.id, kind: 'access', tokenHash: sha256Hex(accessToken), expiresAt: at(ACCESS_TOKEN_LIFETIME_SECONDS), usedAt: null },
      { grantId: grant.id, kind: 'refresh', tokenHash: sha256Hex(refreshToken), expiresAt: at(REFRESH_TOKEN_LIFETIME_SECONDS), usedAt: null },
    ]);
    return { accessToken, refreshToken, tokenType: 'bearer', expiresIn: ACCESS_TOKEN_LIFETIME_SECONDS, scope: grant.scopes.join(' ') };
  }

  /**
   * Tokens of a platform client's managed user (reference "Platform / Managed Users"): a grant of the
   * client's scopes, without an authorization code. Earlier grants of the same user and client are
   * revoked, so only the newest pair works (force-refresh after lost tokens).
   */
  async issueForManagedUser(clientId: string, userId: number, now = new Date()): Promise<ManagedUserTokens> {
    return this.db.transaction(async (tx) => {
      const client = await tx.findOne(OAuthClient, { where: { id: clientId } });
      if (!client) throw OAUTH_ERRORS.clientNotFound();
      await tx.update(OAuthGrant, { clientId, userId, revokedAt: IsNull() }, { revokedAt: now });
      const grant = await tx.save(tx.create(OAuthGrant, { clientId, userId, scopes: client.scopes, authorizationCodeId: null, revokedAt: null }));
      const tokens = withExpiries(await this.issueTokens(tx, grant, now), now);
      // Keyed (an Idempotency-Key passed on by the organizations subgraph): the grant and the pair sealed, for the call made again.
      const sealedPair = sealedForRecall(JSON.stringify([tokens.accessToken, tokens.refreshToken]));
      if (sealedPair) {
        const { accessTokenExpiresAt, refreshTokenExpiresAt } = tokens;
        await recordKeyedWrite(tx, { grantId: grant.id, sealedPair, accessTokenExpiresAt, refreshTokenExpiresAt });
      }
      return tokens;
    });
  }

  /**
   * The pair a keyed issueForManagedUser made before (its record), while it is the grant's newest: a grant revoked since
   * (another force-refresh, the user deleted) or a pair refreshed since (its refresh token used) is a CONFLICT, never a
   * pair that no longer works.
   */
  async recalledForManagedUser(reference: KeyedWriteReference): Promise<ManagedUserTokens> {
    const [accessToken, refreshToken] = JSON.parse(unsealedOnRecall(reference.sealedPair as string)) as [string, string];
    const [live] = (await this.db.query(
      `SELECT 1 FROM oauth_tokens t JOIN oauth_grants g ON g.id = t.grant_id
        WHERE g.id = $1 AND g.revoked_at IS NULL AND t.kind = 'refresh' AND t.token_hash = $2 AND t.used_at IS NULL`,
      [reference.grantId, sha256Hex(refreshToken)],
    )) as unknown[];
    if (!live) throw conflict('The tokens this Idempotency-Key issued were refreshed or revoked since');
    return {
      accessToken,
      refreshToken,
      accessTokenExpiresAt: reference.accessTokenExpiresAt as number,
      refreshTokenExpiresAt: reference.refreshTokenExpiresAt as number,
    };
  }

  /** Every grant of the user for the client stops working (a managed user is deleted). */
  async revokeManagedUser(clientId: string, userId: number, now = new Date()): Promise<number> {
    const revoked = await this.db.getRepository(OAuthGrant).update({ clientId, userId, revokedAt: IsNull() }, { revokedAt: now });
    return revoked.affected ?? 0;
  }

  /** The refresh grant for a client that already proved itself (its secret key, on `/v2/oauth/{clientId}/refresh`). */
  async refreshAsClient(clientId: string, refreshToken: string, now = new Date()): Promise<TokenOutcome & { expiries?: ManagedUserTokens }> {
    try {
      const client = await this.db.getRepository(OAuthClient).findOneBy({ id: clientId, status: OAuthClientStatus.APPROVED });
      if (!client) throw OAUTH_ERRORS.clientNotFound();
      const outcome = await this.refresh(client, { refresh_token: refreshToken }, now);
      return outcome.response ? { ...outcome, expiries: withExpiries(outcome.response, now) } : outcome;
    } catch (error) {
      return { revokedFor: [], refusal: error as Error };
    }
  }

  /** What a bearer access token stands for: an unexpired token of a grant that is not revoked (one statement). */
  async findAccess(secret: string, now = new Date()): Promise<AccessTokenGrant | null> {
    if (!secret.startsWith(SECRET_PREFIX.accessToken)) return null;
    const hash = sha256Hex(secret);
    const rows: Array<{ token_hash: string; expires_at: Date; user_id: number; scopes: string[]; client_id: string }> = await this.db.query(
      `SELECT t.token_hash, t.expires_at, g.user_id, g.scopes, g.client_id
         FROM oauth_tokens t JOIN oauth_grants g ON g.id = t.grant_id
        WHERE t.token_hash = $1 AND t.kind = 'access' AND t.expires_at > $2 AND g.revoked_at IS NULL`,
      [hash, now],
    );
    const [row] = rows;
    if (!row || !matchesHash(secret, row.token_hash)) return null;
    return { userId: row.user_id, scopes: row.scopes, clientId: row.client_id, expiresAt: new Date(row.expires_at) };
  }
}

/** The reference's KeysDto: the pair and when each expires (milliseconds since the epoch). */
export interface ManagedUserTokens {
  accessToken: string;
  refreshToken: string;
  accessTokenExpiresAt: number;
  refreshTokenExpiresAt: number;
}

function withExpiries(response: TokenResponse, now: Date): ManagedUserTokens {
  return {
    accessToken: response.accessToken,
    refreshToken: response.refreshToken,
    accessTokenExpiresAt: now.getTime() + ACCESS_TOKEN_LIFETIME_SECONDS * 1000,
    refreshTokenExpiresAt: now.getTime() + REFRESH_TOKEN_LIFETIME_SECONDS * 1000,
  };
}

export interface AccessTokenGrant {
  userId: number;
  scopes: string[];
  clientId: string;
  expiresAt: Date;
}
