import { createHash } from 'node:crypto';
import { GraphQLError } from 'graphql';
import { ANONYMOUS, Principal, SYSTEM } from '../subgraphs/kit/principal';

/** Runs a GraphQL operation on the supergraph as a given principal (the gateway, in process). */
export type OperationRunner = (query: string, variables: Record<string, unknown>, principal: Principal) => Promise<{ data?: Record<string, unknown> | null; errors?: readonly { message: string }[] }>;

const RESOLVE_CREDENTIAL = /* GraphQL */ `
  query ResolveCredential($secret: String!) {
    credential(secret: $secret) {
      kind
      userId
      scopes
      clientId
      user {
        isServiceAdmin
        memberships { teamId role accepted team { isOrganization parentId } }
      }
    }
  }
`;

interface ResolvedCredential {
  kind: Principal['kind'];
  userId: number;
  scopes: string[] | null;
  clientId: string | null;
  user: {
    isServiceAdmin: boolean;
    memberships: Array<{ teamId: number; role: Principal['memberships'][number]['role']; accepted: boolean; team: { isOrganization: boolean; parentId: number | null } }>;
  };
}

export function credentialError(message: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code: 'UNAUTHENTICATED', http: { status: 401 } } });
}

/**
 * Turns the caller's credential into a principal: once per request, and from a short-lived cache
 * keyed by the credential's hash, so most requests cost no database round trip.
 */
export class CredentialResolver {
  private readonly cache = new Map<string, { principal: Principal; expiresAt: number }>();
  /** Bumped by forgetUsers(), so a resolution that started before it does not cache what it read. */
  private generation = 0;

  constructor(
    private readonly run: OperationRunner,
    private readonly ttlMs = Number(process.env.CREDENTIAL_CACHE_TTL_MS ?? 30_000),
  ) {}

  async resolve(authorization: string | undefined, query: Record<string, unknown> = {}): Promise<Principal> {
    if (query.apiKey !== undefined) {
      throw credentialError('The apiKey query parameter is no longer accepted (API v1 style): send Authorization: Bearer <API key> instead');
    }
    if (!authorization) return ANONYMOUS;
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
    if (!match) throw credentialError('The Authorization header must be "Bearer <API key or access token>"');
    const secret = match[1];
    const key = createHash('sha256').update(secret).digest('hex');
    const cached = this.cache.get(key);
    if (cached && cached.expiresAt > Date.now()) return cached.principal;

    const generation = this.generation;
    const result = await this.run(RESOLVE_CREDENTIAL, { secret }, SYSTEM);
    if (result.errors?.length) throw new Error(`Credential resolution failed: ${result.errors[0].message}`);
    const credential = result.data?.credential as ResolvedCredential | null;
    if (!credential) {
      this.cache.delete(key);
      throw credentialError(secret.startsWith('svc_') ? 'Invalid, revoked or expired API key' : 'Invalid or expired access token');
    }
    const principal: Principal = {
      kind: credential.kind,
      userId: credential.userId,
      scopes: credential.scopes,
      clientId: credential.clientId,
      isServiceAdmin: credential.user.isServiceAdmin,
      memberships: credential.user.memberships.map((m) => ({
        teamId: m.teamId,
        role: m.role,
        accepted: m.accepted,
        isOrganization: m.team.isOrganization,
        parentId: m.team.parentId,
        permissions: null,
      })),
    };
    if (generation === this.generation) this.cache.set(key, { principal, expiresAt: Date.now() + this.ttlMs });
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
