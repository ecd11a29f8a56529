import { GraphQLError } from 'graphql';
import { sha256Hex } from '../platform/sha256';
import { addressKey } from '../platform/client-address';
import { ANONYMOUS, Principal, SYSTEM } from '../platform/principal';
import { hasUnavailableCode } from '../platform/unavailable';
import { unavailableBeforeExecution } from './unavailable';
import { FailureLockout, GuessLockout, retryAfterSeconds, waitText } from '../platform/failure-lockout';
import { tooManyRequestsError } from './rate-limits/too-many-requests';
import { setting } from '../platform/configuration/settings';
import { printedOnce } from '../platform/printed-documents';
import { CredentialFieldsFragment, ResolveCredentialDocument, ResolvePlatformCredentialDocument } from './contracts/generated';

/** Runs a GraphQL operation on the supergraph as a given principal (the gateway, in process); `writeKey` for a keyed write (Idempotency-Key). */
export type OperationRunner = (
  query: string,
  variables: Record<string, unknown>,
  principal: Principal,
  requestId?: string,
  writeKey?: string,
) => Promise<{ data?: Record<string, unknown> | null; errors?: readonly { message: string }[] }>;

/** Platform customers' headers (spec 5.1): the OAuth client id and its secret key. */
export const PLATFORM_CLIENT_ID_HEADER = 'x-svc-client-id';
export const PLATFORM_SECRET_KEY_HEADER = 'x-svc-secret-key';

/** The 401 messages of one platform header sent alone, without a bearer credential (the real service's sentences). */
export const ONLY_CLIENT_ID_SENT = `Only '${PLATFORM_CLIENT_ID_HEADER}' header provided. Please also provide '${PLATFORM_SECRET_KEY_HEADER}' header or Auth bearer token as 'Authentication' header`;
export const ONLY_SECRET_KEY_SENT = `Only '${PLATFORM_SECRET_KEY_HEADER}' header provided. Please also provide '${PLATFORM_CLIENT_ID_HEADER}' header or Auth bearer token as 'Authentication' header`;

/** What a request presents: read by resolveRequest. */
export interface CredentialSource {
  header(name: string): string | undefined;
  query: unknown;
  /** The client's address (express `req.ip`): wrong platform secrets are counted per client id and per IP. */
  ip?: string;
  /** The request's id (request-log.ts): the credential lookup is logged under it. */
  id?: string;
}

/** The contracts a credential is looked up with (gateway/contracts), each answering one field with CredentialFields. */
type CredentialLookup = typeof ResolveCredentialDocument | typeof ResolvePlatformCredentialDocument;

/** An API key: svc_ and 64 hex characters. OAuth access tokens start with svc_at_. */
const API_KEY = /^svc_[0-9a-f]{64}$/;
const ACCESS_TOKEN_PREFIX = 'svc_at_';

/** The secret of an `Authorization: Bearer <secret>` header; undefined for any other form. */
export function bearerSecretOf(authorization: string | undefined): string | undefined {
  return /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '')?.[1];
}

function refuseApiKeyParameter(query: Record<string, unknown>): void {
  if (query.apiKey !== undefined) {
    throw credentialError('The apiKey query parameter is no longer accepted (API v1 style): send Authorization: Bearer <API key> instead');
  }
}

export function credentialError(message: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code: 'UNAUTHENTICATED', http: { status: 401 } } });
}

const isCredentialError = (error: unknown) => error instanceof GraphQLError && error.extensions.code === 'UNAUTHENTICATED';

/** The lockouts credential lookups pass (gateway/rate-limits): wrong platform secrets, and bearer credentials that do not resolve. */
export interface CredentialLockouts {
  clientSecrets: GuessLockout;
  invalidCredentials: FailureLockout;
}

/** How a lookup ended, for its lockout: the secret was right, wrong, or never checked (the lookup failed). */
type LookupOutcome = 'right' | 'wrong' | 'unchecked';

/**
 * A lockout in front of a credential lookup. `reserve` counts the attempt before the secret is checked and
 * throws 429 while locked; `settle` keeps the count of a wrong secret and gives back the others. `known`
 * runs instead for a credential proven before (from the cache): a lock may refuse it, and when it answers
 * false the credential is checked again (counted) rather than taken from the cache.
 */
interface LookupGuard {
  known?(): Promise<boolean>;
  reserve(): Promise<void>;
  settle(outcome: LookupOutcome): Promise<void>;
}

function platformGuard(lockout: GuessLockout, clientId: string, address: string): LookupGuard {
  const refuseWhileLocked = (lockedMs: number) => {
    if (!lockedMs) return;
    const wait = waitText(retryAfterSeconds(lockedMs));
    throw tooManyRequestsError(
      `Too many wrong ${PLATFORM_SECRET_KEY_HEADER} values for this ${PLATFORM_CLIENT_ID_HEADER} or from this IP address: retry in ${wait}`,
      lockedMs,
    );
  };
  return {
    // After wrong secrets, the right one is checked (and counted) again: the next check past the limit locks the client id.
    known: async () => {
      const { lockedMs, subjectHasFailures } = await lockout.check(clientId, address);
      refuseWhileLocked(lockedMs);
      return !subjectHasFailures;
    },
    reserve: async () => refuseWhileLocked(await lockout.attempt(clientId, address)),
    settle: async (outcome) => {
      if (outcome === 'right') await lockout.succeeded(clientId, address);
      else if (outcome === 'unchecked') await lockout.notAFailure(clientId, address);
    },
  };
}

function bearerGuard(lockout: FailureLockout, address: string): LookupGuard {
  return {
    reserve: async () => {
      const lockedMs = await lockout.attempt(address);
      if (lockedMs)
        throw tooManyRequestsError(`Too many invalid credentials from this IP address: retry in ${waitText(retryAfterSeconds(lockedMs))}`, lockedMs);
    },
    settle: async (outcome) => {
      if (outcome !== 'wrong') await lockout.refund(address);
    },
  };
}

/**
 * Turns the caller's credential into a principal: once per request, and from a short-lived cache
 * keyed by the credential's hash, so most requests cost no database round trip. Parallel requests with
 * the same credential share one lookup. A lookup passes its lockout first (LookupGuard).
 */
export class CredentialResolver {
  private readonly cache = new Map<string, { principal: Principal; expiresAt: number }>();
  /** Lookups on their way, by the credential's hash. */
  private readonly lookups = new Map<string, Promise<Principal>>();
  /** Each request's resolution (by the platform client id a route names), so the rate limits and the route share one. */
  private readonly resolutions = new WeakMap<CredentialSource, Map<string | undefined, Promise<Principal>>>();
  /** Bumped by forgetUsers(), so a resolution that started before it does not cache what it read. */
  private generation = 0;

  constructor(
    private readonly run: OperationRunner,
    private readonly ttlMs = setting('CREDENTIAL_CACHE_TTL_MS'),
    /** None: no lockout. */
    private readonly lockouts?: CredentialLockouts,
  ) {}

  /**
   * The principal of a request: `Authorization: Bearer <API key or access token>`, else the platform
   * headers `x-svc-client-id` + `x-svc-secret-key`, else anonymous. Every credential sent must be valid:
   * when both kinds are sent, the bearer credential is the caller and the platform headers must still
   * name a valid client secret. One platform header alone is no credential: beside a bearer credential it is
   * ignored, on its own a 401 naming the header missing. Resolved once per request and options: asked again, it answers the same.
   */
  resolveRequest(req: CredentialSource, options: { platformClientId?: string } = {}): Promise<Principal> {
    let resolutions = this.resolutions.get(req);
    if (!resolutions) this.resolutions.set(req, (resolutions = new Map()));
    let resolution = resolutions.get(options.platformClientId);
    if (!resolution) resolutions.set(options.platformClientId, (resolution = this.resolveOnce(req, options.platformClientId)));
    return resolution;
  }

  private async resolveOnce(req: CredentialSource, platformClientId: string | undefined): Promise<Principal> {
    if (platformClientId !== undefined) return this.resolvePlatformCaller(req, platformClientId);
    const clientId = req.header(PLATFORM_CLIENT_ID_HEADER);
    const secretKey = req.header(PLATFORM_SECRET_KEY_HEADER);
    const query = (req.query ?? {}) as Record<string, unknown>;
    const address = addressKey(req.ip);
    if (!clientId || !secretKey) {
      // One platform header alone is no credential: a bearer credential sent with it is the caller (platform apps send
      // their client id beside a managed user's access token); without one, the answer names the header missing.
      if (req.header('authorization') || (!clientId && !secretKey)) return this.resolve(req.header('authorization'), query, req.id, address);
      throw credentialError(clientId ? ONLY_CLIENT_ID_SENT : ONLY_SECRET_KEY_SENT);
    }
    const platform = await this.resolvePlatform(clientId, secretKey, query, address, req.id);
    return req.header('authorization') ? this.resolve(req.header('authorization'), query, req.id, address) : platform;
  }

  /**
   * Routes called by a platform OAuth client itself (spec 4.2: `/v2/oauth-clients/{clientId}/webhooks`): the
   * client named in the path (or by `x-svc-client-id`, when sent) with `x-svc-secret-key` is the caller.
   * A bearer credential sent as well must be valid, but does not change who calls.
   */
  private async resolvePlatformCaller(req: CredentialSource, pathClientId: string): Promise<Principal> {
    const secretKey = req.header(PLATFORM_SECRET_KEY_HEADER);
    if (!secretKey) throw credentialError(`This endpoint is called by the platform OAuth client itself: send its secret key in ${PLATFORM_SECRET_KEY_HEADER}`);
    const query = (req.query ?? {}) as Record<string, unknown>;
    const address = addressKey(req.ip);
    const platform = await this.resolvePlatform(req.header(PLATFORM_CLIENT_ID_HEADER) || pathClientId, secretKey, query, address, req.id);
    if (req.header('authorization')) await this.resolve(req.header('authorization'), query, req.id, address);
    return platform;
  }

  /** A bearer credential; one that does not resolve counts towards its address's lockout (`address`: addressKey of the client's IP). */
  async resolve(authorization: string | undefined, query: Record<string, unknown> = {}, requestId?: string, address = 'unknown'): Promise<Principal> {
    refuseApiKeyParameter(query);
    if (!authorization) return ANONYMOUS;
    const secret = bearerSecretOf(authorization);
    if (secret === undefined) throw credentialError('The Authorization header must be "Bearer <API key or access token>"');
    return this.cached(
      `bearer:${secret}`,
      ResolveCredentialDocument,
      { secret },
      'credential',
      requestId,
      () =>
        API_KEY.test(secret)
          ? 'Invalid, revoked or expired API key'
          : secret.startsWith(ACCESS_TOKEN_PREFIX)
            ? 'Invalid, revoked or expired access token'
            : 'Malformed credential: neither an API key (svc_…) nor an OAuth access token',
      this.lockouts && bearerGuard(this.lockouts.invalidCredentials, address),
    );
  }

  /** Platform customers (spec 5.1): an approved confidential OAuth client, by its id and secret key. */
  async resolvePlatform(clientId: string, secretKey: string, query: Record<string, unknown> = {}, address = 'unknown', requestId?: string): Promise<Principal> {
    refuseApiKeyParameter(query);
    return this.cached(
      `platform:${clientId}:${secretKey}`,
      ResolvePlatformCredentialDocument,
      { clientId, secretKey },
      'platformCredential',
      requestId,
      () => `Invalid ${PLATFORM_CLIENT_ID_HEADER} / ${PLATFORM_SECRET_KEY_HEADER}: unknown or unapproved OAuth client, or a wrong secret key`,
      // While the client id (or the IP) is locked, not even the right secret is accepted, from the cache either.
      this.lockouts && platformGuard(this.lockouts.clientSecrets, clientId, address),
    );
  }

  /** From the cache (keyed by the credential's hash) or through the oauth subgraph's @internal fields, past the guard. */
  private async cached(
    material: string,
    document: CredentialLookup,
    variables: Record<string, unknown>,
    field: string,
    requestId: string | undefined,
    refusal: () => string,
    guard?: LookupGuard,
  ): Promise<Principal> {
    const key = sha256Hex(material);
    const cached = this.cache.get(key);
    if (cached && cached.expiresAt > Date.now() && (!guard?.known || (await guard.known()))) return cached.principal;
    let lookup = this.lookups.get(key);
    if (!lookup) {
      lookup = this.guarded(guard, () => this.lookUp(key, document, variables, field, requestId, refusal)).finally(() => this.lookups.delete(key));
      this.lookups.set(key, lookup);
    }
    return lookup;
  }

  /** Reserves the lookup's count, looks up, and settles the count without holding the answer back. */
  private async guarded(guard: LookupGuard | undefined, lookUp: () => Promise<Principal>): Promise<Principal> {
    await guard?.reserve();
    let outcome: LookupOutcome = 'unchecked';
    try {
      const principal = await lookUp();
      outcome = 'right';
      return principal;
    } catch (error) {
      if (isCredentialError(error)) outcome = 'wrong';
      throw error;
    } finally {
      guard?.settle(outcome).catch((error: Error) => console.error('[rate limits] could not settle a credential lookup count:', error.message));
    }
  }

  private async lookUp(
    key: string,
    document: CredentialLookup,
    variables: Record<string, unknown>,
    field: string,
    requestId: string | undefined,
    refusal: () => string,
  ): Promise<Principal> {
    const generation = this.generation;
    const result = await this.run(printedOnce(document), variables, SYSTEM, requestId);
    const unavailable = result.errors?.find(hasUnavailableCode);
    if (unavailable) throw unavailableBeforeExecution(unavailable);
    // A credential the declared input limits refuse (longer than any key, token or secret, or with NUL) is no credential of ours.
    if (result.errors?.some((e) => (e as { extensions?: { code?: unknown } }).extensions?.code === 'BAD_USER_INPUT')) throw credentialError(refusal());
    if (result.errors?.length) throw new Error(`Credential resolution failed: ${result.errors[0].message}`);
    // `expiresAt`: when the credential stops working by itself (access tokens, API keys with an expiry); the cache never outlives it.
    const credential = result.data?.[field] as CredentialFieldsFragment | null;
    if (!credential) {
      this.cache.delete(key);
      throw credentialError(refusal());
    }
    const principal: Principal = {
      kind: credential.kind as Principal['kind'],
      userId: credential.userId,
      scopes: credential.scopes,
      clientId: credential.clientId,
      ...(credential.apiKeyId != null ? { apiKeyId: credential.apiKeyId } : {}),
      isServiceAdmin: credential.user.isServiceAdmin,
      memberships: credential.user.memberships.map((m) => ({
        teamId: m.teamId,
        role: m.role,
        accepted: m.accepted,
        isOrganization: m.team.isOrganization,
        parentId: m.team.parentId,
        permissions: m.permissions,
      })),
    };
    const until = Math.min(Date.now() + this.ttlMs, credential.expiresAt ? Date.parse(credential.expiresAt) : Infinity);
    if (generation === this.generation) this.cache.set(key, { principal, expiresAt: until });
    return principal;
  }

  /** Forgets the cached principals of these users (their memberships, roles or credentials changed). */
  forgetUsers(userIds: Iterable<number>): void {
    const forgotten = new Set(userIds);
    if (!forgotten.size) return;
    this.generation += 1;
    for (const [key, entry] of this.cache) if (entry.principal.userId != null && forgotten.has(entry.principal.userId)) this.cache.delete(key);
  }
}
