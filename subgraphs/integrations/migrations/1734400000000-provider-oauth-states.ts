import { MigrationInterface, QueryRunner } from 'typeorm';

/** Pending third-party OAuth consents (calendars, conferencing): the `state` values, by hash, single use. */
export class ProviderOAuthStates1734400000000 implements MigrationInterface {
  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE provider_oauth_states (
        state_hash text PRIMARY KEY,
        app text NOT NULL,
        user_id int NOT NULL,
        team_id int,
        org_id int,
        verifier_ciphertext text NOT NULL,
        return_to text,
        on_error_return_to text,
        expires_at timestamptz NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX provider_oauth_states_expiry ON provider_oauth_states (expires_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE provider_oauth_states`);
  }
}
