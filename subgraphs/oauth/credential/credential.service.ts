import { DataSource } from 'typeorm';
import { ApiKeyService } from '../api-key/api-key.service';
import { ResolvedCredential } from './credential.type';

export class CredentialService {
  constructor(private readonly db: DataSource) {}

  /** The credential a bearer secret stands for, or null when it is unknown, revoked or expired. */
  async resolve(secret: string): Promise<ResolvedCredential | null> {
    const apiKeys = new ApiKeyService(this.db);
    const apiKey = await apiKeys.findActiveBySecret(secret);
    if (!apiKey) return null;
    await apiKeys.touch(apiKey);
    return Object.assign(new ResolvedCredential(), { kind: 'apiKey', userId: apiKey.userId, scopes: null, clientId: null, apiKeyId: apiKey.id });
  }
}
