import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

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
  isServiceAdmin: boolean;
  memberships: PrincipalMembership[];
}

export const ANONYMOUS: Principal = Object.freeze({
  kind: 'anonymous', userId: null, scopes: null, clientId: null, isServiceAdmin: false, memberships: [],
}) as Principal;

export const SYSTEM: Principal = Object.freeze({
  kind: 'system', userId: null, scopes: null, clientId: null, isServiceAdmin: false, memberships: [],
}) as Principal;

export const PRINCIPAL_HEADER = 'x-svc-principal';
const LIFETIME_SECONDS = 60;

/**
 * The key shared by the gateway and the subgraphs. Processes started together (npm start, tests)
 * share one random key; separately deployed services must all be given the same INTERNAL_SECRET.
 */
const internalSecret = process.env.INTERNAL_SECRET || randomBytes(32).toString('hex');

function mac(payload: string): Buffer {
  return createHmac('sha256', internalSecret).update(payload).digest();
}

/** `base64url(json).base64url(hmac)`; expires after a minute so a captured header is of little use. */
export function signPrincipal(principal: Principal, now = Date.now()): string {
  const payload = Buffer.from(JSON.stringify({ ...principal, exp: Math.floor(now / 1000) + LIFETIME_SECONDS })).toString('base64url');
  return `${payload}.${mac(payload).toString('base64url')}`;
}

/** The principal in a signed header, or null when the header is forged, malformed or expired. */
export function verifyPrincipal(header: string, now = Date.now()): Principal | null {
  const [payload, signature, extra] = header.split('.');
  if (!payload || !signature || extra !== undefined) return null;
  const expected = mac(payload);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const { exp, ...principal } = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    if (typeof exp !== 'number' || exp * 1000 < now) return null;
    return principal as Principal;
  } catch {
    return null;
  }
}
