import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { badInput, conflict, isConstraintViolation, notFound } from '../../../platform/errors';
import { recordKeyedWrite } from '../../../platform/keyed-writes';
import { Team } from '../team/team.entity';
import { DelegationCredential, WorkspacePlatform } from './delegation-credential.entity';
import { CreateDelegationCredentialInput, ServiceAccountKeyInput, UpdateDelegationCredentialInput } from './delegation-credential.inputs';
import { encryptServiceAccountKey, isSealedWithOldKey, reencryptServiceAccountKey } from './service-account-key-cipher';

/** The platforms a service account key can come from (spec 2.20: the allowed slugs are not shown). */
export const WORKSPACE_PLATFORMS: Record<string, string> = { google: 'Google', office365: 'Microsoft 365' };

const DOMAIN = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

export function workspacePlatformOf(credential: DelegationCredential): WorkspacePlatform {
  return { slug: credential.workspacePlatformSlug, name: WORKSPACE_PLATFORMS[credential.workspacePlatformSlug] ?? credential.workspacePlatformSlug };
}

function sealedKey(key: ServiceAccountKeyInput): string {
  for (const field of ['private_key', 'client_email', 'client_id'] as const) {
    if (!key[field]?.trim()) throw badInput(`serviceAccountKey.${field}`, 'must not be empty');
  }
  return encryptServiceAccountKey(JSON.stringify({ private_key: key.private_key, client_email: key.client_email.trim(), client_id: key.client_id.trim() }));
}

export class DelegationCredentialService {
  constructor(private readonly db: DataSource) {}

  /** Created disabled: the key must first be granted domain-wide delegation in the workspace. */
  async create(orgId: number, input: CreateDelegationCredentialInput): Promise<DelegationCredential> {
    const org = await this.db.getRepository(Team).findOneBy({ id: orgId });
    if (!org?.isOrganization) throw notFound('Organization', orgId);
    const domain = input.domain.trim().toLowerCase().replace(/\.$/, '');
    if (!DOMAIN.test(domain)) throw badInput('domain', 'must be a domain name such as example.com');
    if (!WORKSPACE_PLATFORMS[input.workspacePlatformSlug]) {
      throw badInput('workspacePlatformSlug', `must be one of ${Object.keys(WORKSPACE_PLATFORMS).join(', ')}`);
    }
    const credential = this.db.getRepository(DelegationCredential).create({
      id: randomUUID(),
      organizationId: orgId,
      domain,
      workspacePlatformSlug: input.workspacePlatformSlug,
      encryptedServiceAccountKey: sealedKey(input.serviceAccountKey),
      enabled: false,
    });
    try {
      return await this.db.transaction(async (tx) => {
        const saved = await tx.save(credential);
        await recordKeyedWrite(tx, { credentialId: saved.id });
        return saved;
      });
    } catch (error) {
      if (isConstraintViolation(error)) throw conflict(`The domain ${domain} already has a delegation credential`);
      throw error;
    }
  }

  async get(orgId: number, credentialId: string): Promise<DelegationCredential> {
    const credential = await this.db.getRepository(DelegationCredential).findOneBy({ id: credentialId, organizationId: orgId });
    if (!credential) throw notFound('Delegation credential', credentialId);
    return credential;
  }

  async update(orgId: number, credentialId: string, input: UpdateDelegationCredentialInput): Promise<DelegationCredential> {
    const credential = await this.get(orgId, credentialId);
    if (input.serviceAccountKey) {
      credential.encryptedServiceAccountKey = sealedKey(input.serviceAccountKey);
      credential.enabled = false;
    }
    if (input.enabled != null) credential.enabled = input.enabled;
    return this.db.getRepository(DelegationCredential).save(credential);
  }

  /**
   * Key rotation, last step: seals every key still under an old DELEGATION_CREDENTIAL_KEY again under
   * the current one (`npm run admin -- reencrypt-delegation-credentials`); afterwards the old keys can
   * leave DELEGATION_CREDENTIAL_OLD_KEYS. Answers how many were sealed again.
   */
  async reencryptUnderCurrentKey(): Promise<number> {
    let count = 0;
    for (const credential of await this.db.getRepository(DelegationCredential).find()) {
      if (!isSealedWithOldKey(credential.encryptedServiceAccountKey)) continue;
      await this.db
        .getRepository(DelegationCredential)
        .update({ id: credential.id }, { encryptedServiceAccountKey: reencryptServiceAccountKey(credential.encryptedServiceAccountKey) });
      count += 1;
    }
    return count;
  }
}
