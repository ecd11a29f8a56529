import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Managed organizations (reference "Managed Orgs"): an organization created and administered by
 * another one, with an API user of its own whose key the creator receives once.
 */
export class ManagedOrganizations1734300000001 implements MigrationInterface {
  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE managed_organizations (
        organization_id int PRIMARY KEY REFERENCES teams (id) ON DELETE CASCADE,
        manager_id int NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
        api_user_id int REFERENCES users (id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        CHECK (organization_id <> manager_id)
      );
      CREATE INDEX managed_organizations_manager ON managed_organizations (manager_id, organization_id);
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE managed_organizations;');
  }
}
