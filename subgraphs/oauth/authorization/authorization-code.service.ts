import { DataSource } from 'typeorm';
import { newSecret, SECRET_PREFIX, sha256Hex } from '../secrets';
import { AUTHORIZATION_CODE_LIFETIME_SECONDS } from '../lifetimes';
import { AuthorizationCode } from './authorization-code.entity';
import { ValidAuthorizationRequest } from './authorization-request';

export class AuthorizationCodeService {
  constructor(private readonly db: DataSource) {}

  /** The user allowed the request: a code for the redirect, of which only the hash is kept. */
  async issue(request: ValidAuthorizationRequest, userId: number, now = new Date()): Promise<string> {
    const code = newSecret(SECRET_PREFIX.authorizationCode);
    const codes = this.db.getRepository(AuthorizationCode);
    await codes.save(
      codes.create({
        codeHash: sha256Hex(code),
        clientId: request.client.id,
        userId,
        redirectUri: request.redirectUri,
        scopes: request.scopes,
        codeChallenge: request.codeChallenge,
        expiresAt: new Date(now.getTime() + AUTHORIZATION_CODE_LIFETIME_SECONDS * 1000),
        usedAt: null,
      }),
    );
    return code;
  }
}
