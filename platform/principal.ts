import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { setting } from './configuration/settings';

export type MembershipRole = 'MEMBER' | 'ADMIN' | 'OWNER';
export type CredentialKind = 'anonymous' | 'apiKey' | 'oauth' | 'platform' | 'system';

/** One team or organization the caller belongs to, as the authorization rules need it. */
export interface PrincipalMembership {
  teamId: number;
  isOrganization: boolean;
  /** The organization a team belongs to, if any. */
  parentId: number | null;
  role: MembershipRole;
  accepted: boolean;
  /** `resource.action` permissions of the member's custom organization role; null when none is assigned. */
  permissions: string[] | null;
}

/** Who is calling: resolved once per request by the gateway, trusted by subgraphs only when signed. */
export interface Principal {
  kind: CredentialKind;
  userId: number | null;
  /** Granted OAuth scopes; null means the credential acts with the user's full rights (API keys). */
  scopes: string[] | null;
  clientId: string | null;
  /** The API key the request came with (kind `apiKey`): POST /v2/api-keys/refresh rotates it. */
  apiKeyId?: number | null;
  isServiceAdmin: boolean;
  memberships: PrincipalMembership[];
}

export const ANONYMOUS: Principal = Object.freeze({
  kind: 'anonymous',
  userId: null,
  scopes: null,
  clientId: null,
  isServiceAdmin: false,
  memberships: [],
}) as Principal;

export const SYSTEM: Principal = Object.freeze({
  kind: 'system',
  userId: null,
  scopes: null,
  clientId: null,
  isServiceAdmin: false,
  memberships: [],
}) as Principal;

export const PRINCIPAL_HEADER = 'x-svc-principal';
const LIFETIME_SECONDS = 60;

/**
 * The key shared by the gateway and the subgraphs. Processes started together (npm start, tests)
 * share one random key; separately deployed services must all be given the same INTERNAL_SECRET.
 */
const internalSecret = setting('INTERNAL_SECRET') ?? randomBytes(32).toString('hex');

/**
 * The key of subgraph → gateway callbacks (GraphLink, on the gateway's internal listener only). It is
 * not the key of gateway → subgraph headers, so a principal header captured between the gateway and
 * a subgraph, the system one included, is worth nothing at the gateway.
 */
const systemCallSecret = setting('SYSTEM_CALL_SECRET') ?? randomBytes(32).toString('hex');

function mac(key: string, payload: string): Buffer {
  return createHmac('sha256', key).update(payload).digest();
}

function sign(key: string, content: object, now: number): string {
  const payload = Buffer.from(JSON.stringify({ ...content, exp: Math.floor(now / 1000) + LIFETIME_SECONDS })).toString('base64url');
  return `${payload}.${mac(key, payload).toString('base64url')}`;
}

function verify<T = Principal>(key: string, header: string, now: number): { content: T; expiresAt: number } | null {
  const [payload, signature, extra] = header.split('.');
  if (!payload || !signature || extra !== undefined) return null;
  const expected = mac(key, payload);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const { exp, ...content } = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    if (typeof exp !== 'number' || exp * 1000 < now) return null;
    return { content: content as T, expiresAt: exp * 1000 };
  } catch {
    return null;
  }
}

/**
 * A principal's header is signed once and sent again while it has at least half its lifetime left,
 * and a subgraph keeps the principals of the headers it verified until they expire: the HMACs, JSON
 * and base64 of every gateway → subgraph call were about 4 % of a `GET /v2/me` (docs/performance.md).
 */
const REUSE_MS = (LIFETIME_SECONDS * 1000) / 2;
const signedHeaders = new WeakMap<Principal, { header: string; signedAt: number }>();
const VERIFIED_KEPT = 1_000;
const verifiedHeaders = new Map<string, { principal: Principal; expiresAt: number }>();

/** `base64url(json).base64url(hmac)`; expires after a minute so a captured header is of little use. */
export function signPrincipal(principal: Principal, now = Date.now()): string {
  const signed = signedHeaders.get(principal);
  if (signed && now >= signed.signedAt && now - signed.signedAt < REUSE_MS) return signed.header;
  const header = sign(internalSecret, principal, now);
  signedHeaders.set(principal, { header, signedAt: now });
  return header;
}

/** The principal in a signed header (frozen: one object serves every call with that header), or null when the header is forged, malformed or expired. */
export function verifyPrincipal(header: string, now = Date.now()): Principal | null {
  const known = verifiedHeaders.get(header);
  if (known) return known.expiresAt >= now ? known.principal : null;
  const verified = verify(internalSecret, header, now);
  if (!verified) return null;
  const principal = verified.content;
  Object.freeze(principal.memberships);
  Object.freeze(principal.scopes);
  Object.freeze(principal);
  if (verifiedHeaders.size >= VERIFIED_KEPT) verifiedHeaders.clear();
  verifiedHeaders.set(header, { principal, expiresAt: verified.expiresAt });
  return principal;
}

/** The header a subgraph sends with a callback to the gateway's internal listener. */
export const SYSTEM_CALL_HEADER = 'x-svc-system-call';

export function signSystemCall(now = Date.now()): string {
  return sign(systemCallSecret, SYSTEM, now);
}

/** True when the header is a current system call signed with the callback key. */
export function verifySystemCall(header: string | undefined, now = Date.now()): boolean {
  return header !== undefined && verify(systemCallSecret, header, now)?.content.kind === 'system';
}

/** The header of the gateway's browser proxy (/auth): what it determined about the request, signed. */
export const FORWARDED_CONTEXT_HEADER = 'x-svc-forwarded';

/** What the gateway vouches for to the pages it proxies: the client's address (after TRUST_PROXY) and the public origin. */
export interface ForwardedContext {
  clientAddress: string;
  origin: string;
}

/** Its own key, derived from INTERNAL_SECRET: a forwarded context is never taken for a principal, nor the other way. */
const forwardedContextSecret = `${internalSecret}\nforwarded-context`;

export function signForwardedContext(context: ForwardedContext, now = Date.now()): string {
  return sign(forwardedContextSecret, context, now);
}

/** The context of a header the gateway signed, or null when it is absent, forged, malformed or expired. */
export function verifyForwardedContext(header: string | undefined, now = Date.now()): ForwardedContext | null {
  const content = header ? verify<Partial<ForwardedContext>>(forwardedContextSecret, header, now)?.content : undefined;
  return typeof content?.clientAddress === 'string' && typeof content.origin === 'string'
    ? { clientAddress: content.clientAddress, origin: content.origin }
    : null;
}

/**
 * The header that carries a keyed write's key from the gateway to the subgraph that runs it (keyed-writes.ts): the
 * client's Idempotency-Key never travels itself, only the random key the gateway's record of it holds, signed.
 */
export const WRITE_KEY_HEADER = 'x-svc-write-key';

/** Its own key, derived from INTERNAL_SECRET: a write key header is never taken for a principal or a forwarded context. */
const writeKeySecret = `${internalSecret}\nwrite-key`;

export function signWriteKey(writeKey: string, now = Date.now()): string {
  return sign(writeKeySecret, { writeKey }, now);
}

/**
 * The key that seals the secret a keyed write answered (a client secret, an API key) in its record, for the retry to
 * answer it again: made from INTERNAL_SECRET and the write key, so the database alone (which holds the write key in
 * the gateway's table) cannot open it.
 */
export function keyedWriteSealKey(writeKey: string): Buffer {
  return createHash('sha256').update(`${internalSecret}\nkeyed-write-secret\n${writeKey}`).digest();
}

/** The write key of a header the gateway signed; null when absent, forged, malformed or expired. */
export function verifyWriteKey(header: string | string[] | undefined, now = Date.now()): string | null {
  const content = typeof header === 'string' && header ? verify<{ writeKey?: unknown }>(writeKeySecret, header, now)?.content : undefined;
  return typeof content?.writeKey === 'string' ? content.writeKey : null;
}

/**
 * Headers only our own services may send. The gateway deletes them from every request it accepts
 * from outside, before anything else reads the request.
 */
export const INTERNAL_HEADERS = [PRINCIPAL_HEADER, SYSTEM_CALL_HEADER, FORWARDED_CONTEXT_HEADER, WRITE_KEY_HEADER];
