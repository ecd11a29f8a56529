import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { badInput } from '../../kit/errors';
import { sha256Hex } from '../secrets';
import { OAuthClient, OAuthClientStatus } from './oauth-client.entity';
import { isOAuthScope } from './scopes';

export interface NewOAuthClient {
  name: string;
  redirectUris: string[];
  scopes: string[];
  isPublic?: boolean | null;
}

export const CLIENT_SECRET_PREFIX = 'svc_cs_';
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

export class OAuthClientService {
  constructor(private readonly db: DataSource) {}

  private get clients() {
    return this.db.getRepository(OAuthClient);
  }

  /** Registers a client for review (PENDING); confidential clients get a secret of which only the hash is kept. */
  async register(ownerId: number, input: NewOAuthClient): Promise<{ client: OAuthClient; secret: string | null }> {
    const name = typeof input.name === 'string' ? input.name.trim() : '';
    if (!name) throw badInput('name', 'must not be empty');
    if (name.length > 100) throw badInput('name', 'must be at most 100 characters');

    if (!Array.isArray(input.redirectUris) || input.redirectUris.length === 0) throw badInput('redirectUris', 'must contain at least one URL');
    if (input.redirectUris.length > MAX_REDIRECT_URIS) throw badInput('redirectUris', `must contain at most ${MAX_REDIRECT_URIS} URLs`);
    for (const uri of input.redirectUris) {
      const problem = redirectUriProblem(uri);
      if (problem) throw badInput('redirectUris', problem);
    }

    if (!Array.isArray(input.scopes) || input.scopes.length === 0) throw badInput('scopes', 'must contain at least one scope');
    const unknown = input.scopes.filter((scope) => !isOAuthScope(scope));
    if (unknown.length) throw badInput('scopes', `unknown scope ${unknown.map((s) => JSON.stringify(s)).join(', ')}`);

    const isPublic = input.isPublic ?? false;
    const secret = isPublic ? null : CLIENT_SECRET_PREFIX + randomBytes(32).toString('hex');
    const client = await this.clients.save(
      this.clients.create({
        id: randomBytes(12).toString('hex'),
        name,
        ownerId,
        redirectUris: [...new Set(input.redirectUris)],
        scopes: [...new Set(input.scopes)],
        isPublic,
        secretHash: secret === null ? null : sha256Hex(secret),
        status: OAuthClientStatus.PENDING,
      }),
    );
    return { client, secret };
  }

  listForOwner(ownerId: number): Promise<OAuthClient[]> {
    return this.clients.find({ where: { ownerId }, order: { createdAt: 'ASC', id: 'ASC' } });
  }
}
