import { DataSource } from 'typeorm';
import { badInput, notFound } from '../../../platform/errors';
import { Principal } from '../../../platform/principal';
import { OAuthClient } from './oauth-client.entity';
import { checkedName, checkedRedirectUris, OAuthClientService, PlatformClientSettings } from './oauth-client.service';
import { CreatePlatformOAuthClientInput, UpdatePlatformOAuthClientInput } from './platform-oauth-client.inputs';
import { USER_SCOPES } from './scopes';
import { KeyedWriteReference } from '../../../platform/keyed-writes';

/** The caller's organization, as `@pbac(org: "principal.organizationId")` reads it: the first accepted organization membership. */
export function organizationOfCaller(principal: Principal): number | null {
  return principal.memberships.find((m) => m.accepted && m.isOrganization)?.teamId ?? null;
}

/** `permissions` of the reference are our scopes; `*` stands for every user scope (the reference's permission list). */
export function scopesOfPermissions(permissions: unknown): string[] {
  if (!Array.isArray(permissions)) throw badInput('permissions', 'must be a list of scopes');
  return [...new Set(permissions.flatMap((p) => (p === '*' ? [...USER_SCOPES] : [p])))];
}

const OPTIONAL_URLS = ['logo', 'bookingRedirectUri', 'bookingCancelRedirectUri', 'bookingRescheduleRedirectUri'] as const;
const SWITCHES = ['areEmailsEnabled', 'areDefaultEventTypesEnabled', 'areCalendarEventsEnabled'] as const;

/** An http(s) URL or nothing (null / empty removes it). */
function optionalUrl(field: string, value: string | null | undefined): string | null {
  const text = typeof value === 'string' ? value.trim() : '';
  if (!text) return null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw badInput(field, 'must be an absolute http(s) URL');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw badInput(field, 'must be an absolute http(s) URL');
  return text;
}

/**
 * Platform OAuth clients of an organization (`/v2/oauth-clients`, reference "OAuth Clients"): its admins
 * create, list, change and delete them. Another organization's client is NOT_FOUND, never confirmed.
 */
export class PlatformOAuthClientService {
  constructor(private readonly db: DataSource) {}

  private get clients() {
    return this.db.getRepository(OAuthClient);
  }

  list(organizationId: number): Promise<OAuthClient[]> {
    return this.clients.find({ where: { organizationId }, order: { createdAt: 'ASC', id: 'ASC' } });
  }

  async get(organizationId: number, clientId: string): Promise<OAuthClient> {
    const client = await this.clients.findOneBy({ id: clientId, organizationId });
    if (!client) throw notFound('OAuthClient', clientId);
    return client;
  }

  /** A confidential client of the organization, PENDING review like every client (spec 3); the secret is answered once, only its hash kept. */
  async create(organizationId: number, ownerId: number, input: CreatePlatformOAuthClientInput): Promise<{ clientId: string; clientSecret: string }> {
    const settings: PlatformClientSettings = { organizationId };
    for (const field of OPTIONAL_URLS) settings[field] = optionalUrl(field, input[field]);
    for (const field of SWITCHES) if (typeof input[field] === 'boolean') settings[field] = input[field];
    const { client, secret } = await new OAuthClientService(this.db).register(
      ownerId,
      { name: input.name, redirectUris: input.redirectUris, scopes: scopesOfPermissions(input.permissions), isPublic: false },
      settings,
      'permissions',
    );
    return { clientId: client.id, clientSecret: secret! };
  }

  /** The client a keyed creation made before (its record, kept by OAuthClientService.register), with its secret. */
  async recalled(reference: KeyedWriteReference): Promise<{ clientId: string; clientSecret: string }> {
    const { client, secret } = await new OAuthClientService(this.db).recalled(reference);
    return { clientId: client.id, clientSecret: secret! };
  }

  async update(organizationId: number, clientId: string, input: UpdatePlatformOAuthClientInput): Promise<OAuthClient> {
    const client = await this.get(organizationId, clientId);
    if (input.name !== undefined) client.name = checkedName(input.name);
    if (input.redirectUris !== undefined) client.redirectUris = checkedRedirectUris(input.redirectUris);
    for (const field of OPTIONAL_URLS) if (input[field] !== undefined) client[field] = optionalUrl(field, input[field]);
    for (const field of SWITCHES) {
      if (input[field] === null) throw badInput(field, `${field} must be true or false (omit it to keep the current value)`);
      if (input[field] !== undefined) client[field] = input[field]!;
    }
    return this.clients.save(client);
  }

  /** Deletes the client: its grants, and so every access and refresh token it issued, go with it (ON DELETE CASCADE). */
  async delete(organizationId: number, clientId: string): Promise<{ client: OAuthClient; tokenHolders: number[] }> {
    const client = await this.get(organizationId, clientId);
    const holders: Array<{ user_id: number }> = await this.db.query('SELECT DISTINCT user_id FROM oauth_grants WHERE client_id = $1 AND revoked_at IS NULL', [
      client.id,
    ]);
    await this.clients.delete({ id: client.id });
    return { client, tokenHolders: holders.map((h) => h.user_id) };
  }
}
