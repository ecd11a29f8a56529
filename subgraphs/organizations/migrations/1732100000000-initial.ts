import { MigrationInterface, QueryRunner } from 'typeorm';

export class Initial1732100000000 implements MigrationInterface {
  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE users (
        id serial PRIMARY KEY,
        email text NOT NULL,
        username text NOT NULL,
        name text NOT NULL,
        time_zone text NOT NULL,
        bio text,
        avatar_url text,
        metadata jsonb NOT NULL DEFAULT '{}',
        password_hash text,
        is_service_admin boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE UNIQUE INDEX users_email_key ON users (lower(email));
      CREATE UNIQUE INDEX users_username_key ON users (lower(username));

      CREATE TABLE teams (
        id serial PRIMARY KEY,
        name text NOT NULL,
        slug text NOT NULL,
        bio text,
        time_zone text NOT NULL DEFAULT 'Europe/London',
        is_organization boolean NOT NULL DEFAULT false,
        parent_id int REFERENCES teams (id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        CHECK (NOT (is_organization AND parent_id IS NOT NULL))
      );
      CREATE UNIQUE INDEX teams_slug_key ON teams (is_organization, COALESCE(parent_id, 0), lower(slug));

      CREATE TABLE memberships (
        id serial PRIMARY KEY,
        user_id int NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        team_id int NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
        role text NOT NULL CHECK (role IN ('MEMBER', 'ADMIN', 'OWNER')),
        accepted boolean NOT NULL DEFAULT true,
        disable_impersonation boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (user_id, team_id)
      );
      CREATE INDEX memberships_team_id_idx ON memberships (team_id);
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE memberships; DROP TABLE teams; DROP TABLE users;');
  }
}
