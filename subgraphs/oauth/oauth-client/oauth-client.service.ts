import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { badInput } from '../../../platform/errors';
import { KeyedWriteReference, recordKeyedWrite, sealedForRecall, unsealedOnRecall } from '../../../platform/keyed-writes';
import { sha256Hex } from '../secrets';
import { OAuthClient, OAuthClientStatus } from './oauth-client.entity';
import { isOAuthScope } from './scopes';

export interface NewOAuthClient {
  name: string;
  redirectUris: string[];
  scopes: string[];
  isPublic?: boolean | null;
}

/** What a platform OAuth client has beyond a registered one (reference "OAuth Clients"). */
export type PlatformClientSettings = Partial<
  Pick<
    OAuthClient,
    | 'organizationId'
    | 'logo'
    | 'bookingRedirectUri'
    | 'bookingCancelRedirectUri'
    | 'bookingRescheduleRedirectUri'
    | 'areEmailsEnabled'
    | 'areDefaultEventTypesEnabled'
    | 'areCalendarEventsEnabled'
  >
>;

export const CLIENT_SECRET_PREFIX = 'svc_cs_';

/** `svc_cs_…abcd`: tells secrets apart in a list without revealing them. */
export const secretHintOf = (secret: string) => `${CLIENT_SECRET_PREFIX}…${secret.slice(-4)}`;
const MAX_REDIRECT_URIS = 10;
/** Schemes a browser would run rather than navigate to. */
const UNSAFE_SCHEMES = new Set(['javascript:', 'data:', 'vbscript:']);

function redirectUriProblem(uri: unknown): string | null {
  if (typeof uri !== 'string') return 'must be an absolute URL';
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return `"${uri}" is not an absolute URL`;
  }
  if (UNSAFE_SCHEMES.has(url.protocol)) return `"${uri}" uses a forbidden scheme`;
  if (url.hash) return `"${uri}" must not contain a fragment`;
  return null;
}

/** A client's name: 1 to 100 characters after trimming. */
export function checkedName(value: unknown): string {
  const name = typeof value === 'string' ? value.trim() : '';
  if (!name) throw badInput('name', 'must not be empty');
  if (name.length > 100) throw badInput('name', 'must be at most 100 characters');
  return name;
}

/** 1 to 10 absolute URLs of a safe scheme, without fragment; repeats dropped. */
export function checkedRedirectUris(value: unknown): string[] {
  if (!Array.isArray(value) || value.length === 0) throw badInput('redirectUris', 'must contain at least one URL');
  if (value.length > MAX_REDIRECT_URIS) throw badInput('redirectUris', `must contain at most ${MAX_REDIRECT_URIS} URLs`);
  for (const uri of value) {
    const problem = redirectUriProblem(uri);
    if (problem) throw badInput('redirectUris', problem);
  }
  return [...new Set(value as string[])];
}

export class OAuthClientService {
  constructor(private readonly db: DataSource) {}

  private get clients() {
    return this.db.getRepository(OAuthClient);
  }

  /** Registers a client for review (PENDING); confidential clients get a secret of which only the hash is kept. */
  async register(
    ownerId: number,
    input: NewOAuthClient,
    platform: PlatformClientSettings = {},
    scopesField = 'scopes',
  ): Promise<{ client: OAuthClient; secret: string | null }> {
    const name = checkedName(input.name);
    const redirectUris = checkedRedirectUris(input.redirectUris);

    if (!Array.isArray(input.scopes) || input.scopes.length === 0) throw badInput(scopesField, 'must contain at least one scope');
    const unknown = input.scopes.filter((scope) => !isOAuthScope(scope));
    if (unknown.length) throw badInput(scopesField, `unknown scope ${unknown.map((s) => JSON.stringify(s)).join(', ')}`);

    const isPublic = input.isPublic ?? false;
    const secret = isPublic ? null : CLIENT_SECRET_PREFIX + randomBytes(32).toString('hex');
    const client = await this.db.transaction(async (tx) => {
      const saved = await tx.save(
        tx.create(OAuthClient, {
          id: randomBytes(12).toString('hex'),
          name,
          ownerId,
          redirectUris,
          scopes: [...new Set(input.scopes)],
          isPublic,
          secretHash: secret === null ? null : sha256Hex(secret),
          secretHint: secret === null ? null : secretHintOf(secret),
          status: OAuthClientStatus.PENDING,
          ...platform,
        }),
      );
      // A keyed registration (Idempotency-Key) records the client and its secret sealed: sent again, it answers both.
      await recordKeyedWrite(tx, { clientId: saved.id, sealedSecret: secret === null ? null : sealedForRecall(secret) });
      return saved;
    });
    return { client, secret };
  }

  /** The client a keyed registration made before (register's record), with the secret it answered. */
  async recalled(reference: KeyedWriteReference): Promise<{ client: OAuthClient; secret: string | null }> {
    const client = await this.clients.findOneByOrFail({ id: reference.clientId as string });
    const sealed = reference.sealedSecret as string | null;
    return { client, secret: sealed === null ? null : unsealedOnRecall(sealed) };
  }

  listForOwner(ownerId: number): Promise<OAuthClient[]> {
    return this.clients.find({ where: { ownerId }, order: { createdAt: 'ASC', id: 'ASC' } });
  }
}
