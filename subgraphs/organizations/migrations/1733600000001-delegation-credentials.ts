import { MigrationInterface, QueryRunner } from 'typeorm';

/** Delegation credentials (spec 2.5): the service account key only as AES-256-GCM ciphertext. */
export class DelegationCredentials1733600000001 implements MigrationInterface {
  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE delegation_credentials (
        id text PRIMARY KEY,
        organization_id int NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
        domain text NOT NULL CHECK (domain = lower(domain)),
        workspace_platform_slug text NOT NULL,
        encrypted_service_account_key text NOT NULL CHECK (encrypted_service_account_key LIKE 'v1.%'),
        enabled boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      -- One organization speaks for a workspace domain: a second credential for it, anywhere, is refused.
      CREATE UNIQUE INDEX delegation_credentials_domain ON delegation_credentials (domain);
      CREATE INDEX delegation_credentials_organization ON delegation_credentials (organization_id);
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE delegation_credentials;');
  }
}
