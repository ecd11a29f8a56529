import { DataSource } from 'typeorm';
import { ApiKeyService } from '../api-key/api-key.service';
import { OAuthClient, OAuthClientStatus } from '../oauth-client/oauth-client.entity';
import { matchesHash } from '../secrets';
import { TokenService } from '../token/token.service';
import { ResolvedCredential } from './credential.type';

const credential = (fields: Omit<ResolvedCredential, 'user'>) => Object.assign(new ResolvedCredential(), fields);

export class CredentialService {
  constructor(private readonly db: DataSource) {}

  /**
   * What `Authorization: Bearer <secret>` stands for, or null when it is unknown, revoked, expired or
   * malformed: an API key (the user's full rights) or an OAuth access token (the granted scopes).
   */
  async resolve(secret: string): Promise<ResolvedCredential | null> {
    if (typeof secret !== 'string' || !secret) return null;
    const access = await new TokenService(this.db).findAccess(secret);
    if (access)
      return credential({
        kind: 'oauth',
        userId: access.userId,
        scopes: access.scopes,
        clientId: access.clientId,
        apiKeyId: null,
        expiresAt: access.expiresAt,
      });

    const apiKeys = new ApiKeyService(this.db);
    const apiKey = await apiKeys.findActiveBySecret(secret);
    if (!apiKey) return null;
    await apiKeys.touch(apiKey);
    return credential({ kind: 'apiKey', userId: apiKey.userId, scopes: null, clientId: null, apiKeyId: apiKey.id, expiresAt: apiKey.expiresAt });
  }

  /**
   * Platform customers' headers (x-svc-client-id + x-svc-secret-key): an approved confidential client
   * and its secret. The client acts as its owner, with the client's scopes.
   */
  async resolvePlatform(clientId: string, secretKey: string): Promise<ResolvedCredential | null> {
    if (typeof clientId !== 'string' || !clientId || typeof secretKey !== 'string' || !secretKey) return null;
    const client = await this.db.getRepository(OAuthClient).findOneBy({ id: clientId });
    if (!client || client.isPublic || client.status !== OAuthClientStatus.APPROVED || !matchesHash(secretKey, client.secretHash)) return null;
    return credential({ kind: 'platform', userId: client.ownerId, scopes: client.scopes, clientId: client.id, apiKeyId: null, expiresAt: null });
  }
}
