import { MigrationInterface, QueryRunner } from 'typeorm';

/** Managed users of platform OAuth clients (reference "Platform / Managed Users"): the client that created the user. */
export class ManagedUsers1734600000001 implements MigrationInterface {
  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE users ADD COLUMN platform_oauth_client_id text;
      CREATE INDEX users_platform_oauth_client_id_idx ON users (platform_oauth_client_id, id) WHERE platform_oauth_client_id IS NOT NULL;
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP INDEX users_platform_oauth_client_id_idx; ALTER TABLE users DROP COLUMN platform_oauth_client_id');
  }
}
