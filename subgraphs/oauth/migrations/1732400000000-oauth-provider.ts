import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The OAuth 2.0 provider: client review, browser sessions of the pages under /auth, authorization
 * codes, grants and their access / refresh tokens. Every secret is stored as its SHA-256 only.
 */
export class OAuthProvider1732400000000 implements MigrationInterface {
  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE oauth_clients ADD COLUMN reviewed_at timestamptz, ADD COLUMN reviewed_by int;
      CREATE INDEX oauth_clients_pending_idx ON oauth_clients (created_at) WHERE status = 'PENDING';

      CREATE TABLE auth_sessions (
        id serial PRIMARY KEY,
        secret_hash text NOT NULL UNIQUE,
        user_id int NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        ended_at timestamptz
      );
      CREATE INDEX auth_sessions_user_id_idx ON auth_sessions (user_id);

      CREATE TABLE authorization_codes (
        id serial PRIMARY KEY,
        code_hash text NOT NULL UNIQUE,
        client_id text NOT NULL REFERENCES oauth_clients (id) ON DELETE CASCADE,
        user_id int NOT NULL,
        redirect_uri text NOT NULL,
        scopes text[] NOT NULL,
        code_challenge text,
        expires_at timestamptz NOT NULL,
        used_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      );

      CREATE TABLE oauth_grants (
        id serial PRIMARY KEY,
        client_id text NOT NULL REFERENCES oauth_clients (id) ON DELETE CASCADE,
        user_id int NOT NULL,
        scopes text[] NOT NULL,
        authorization_code_id int UNIQUE REFERENCES authorization_codes (id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        revoked_at timestamptz
      );
      CREATE INDEX oauth_grants_user_id_idx ON oauth_grants (user_id);

      CREATE TABLE oauth_tokens (
        id serial PRIMARY KEY,
        grant_id int NOT NULL REFERENCES oauth_grants (id) ON DELETE CASCADE,
        kind text NOT NULL CHECK (kind IN ('access', 'refresh')),
        token_hash text NOT NULL UNIQUE,
        expires_at timestamptz NOT NULL,
        used_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX oauth_tokens_grant_id_idx ON oauth_tokens (grant_id);
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP TABLE oauth_tokens; DROP TABLE oauth_grants; DROP TABLE authorization_codes; DROP TABLE auth_sessions;
      DROP INDEX oauth_clients_pending_idx;
      ALTER TABLE oauth_clients DROP COLUMN reviewed_at, DROP COLUMN reviewed_by;
    `);
  }
}
