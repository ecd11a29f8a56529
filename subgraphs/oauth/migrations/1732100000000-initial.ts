import { MigrationInterface, QueryRunner } from 'typeorm';

export class Initial1732100000000 implements MigrationInterface {
  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE api_keys (
        id serial PRIMARY KEY,
        user_id int NOT NULL,
        hashed_key text NOT NULL UNIQUE,
        key_hint text NOT NULL,
        note text,
        expires_at timestamptz,
        last_used_at timestamptz,
        revoked_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX api_keys_user_id_idx ON api_keys (user_id);

      CREATE TABLE oauth_clients (
        id text PRIMARY KEY,
        name text NOT NULL,
        owner_id int NOT NULL,
        redirect_uris text[] NOT NULL,
        scopes text[] NOT NULL,
        is_public boolean NOT NULL,
        secret_hash text,
        status text NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'APPROVED', 'REJECTED')),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CHECK (is_public OR secret_hash IS NOT NULL)
      );
      CREATE INDEX oauth_clients_owner_id_idx ON oauth_clients (owner_id);
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE oauth_clients; DROP TABLE api_keys;');
  }
}
