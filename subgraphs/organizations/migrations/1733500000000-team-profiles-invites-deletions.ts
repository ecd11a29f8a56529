import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Team profile fields of the reference's team output, invite links, the team deletion outbox and the
 * accounts an organization created (which deleting the organization user deletes).
 */
export class TeamProfilesInvitesDeletions1733500000000 implements MigrationInterface {
  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE teams
        ADD COLUMN logo_url text,
        ADD COLUMN banner_url text,
        ADD COLUMN hide_branding boolean NOT NULL DEFAULT false,
        ADD COLUMN is_private boolean NOT NULL DEFAULT false,
        ADD COLUMN hide_book_a_team_member boolean NOT NULL DEFAULT false,
        ADD COLUMN metadata jsonb NOT NULL DEFAULT '{}',
        ADD COLUMN theme text,
        ADD COLUMN brand_color text,
        ADD COLUMN dark_brand_color text,
        ADD COLUMN time_format int,
        ADD COLUMN week_start text NOT NULL DEFAULT 'Sunday';

      -- Invite links: only the token's SHA-256 is kept; a link is usable until it expires or is revoked.
      CREATE TABLE team_invites (
        id serial PRIMARY KEY,
        team_id int NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
        token_hash text NOT NULL UNIQUE,
        created_by int,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        revoked_at timestamptz
      );
      CREATE INDEX team_invites_team_id_idx ON team_invites (team_id);

      -- Outbox of team deletions: written in the transaction that deletes the team, completed once the
      -- scheduling subgraph has removed the team's event types (retried until it has).
      CREATE TABLE team_deletions (
        team_id int PRIMARY KEY,
        requested_at timestamptz NOT NULL DEFAULT now(),
        attempts int NOT NULL DEFAULT 0,
        next_attempt_at timestamptz NOT NULL DEFAULT now(),
        completed_at timestamptz,
        last_error text
      );
      CREATE INDEX team_deletions_pending_idx ON team_deletions (next_attempt_at) WHERE completed_at IS NULL;

      -- Users an organization created (POST /v2/organizations/{orgId}/users): the organization may delete them.
      CREATE TABLE organization_user_accounts (
        user_id int PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
        organization_id int NOT NULL REFERENCES teams (id) ON DELETE CASCADE
      );
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP TABLE organization_user_accounts; DROP TABLE team_deletions; DROP TABLE team_invites;
      ALTER TABLE teams DROP COLUMN logo_url, DROP COLUMN banner_url, DROP COLUMN hide_branding, DROP COLUMN is_private,
        DROP COLUMN hide_book_a_team_member, DROP COLUMN metadata, DROP COLUMN theme, DROP COLUMN brand_color,
        DROP COLUMN dark_brand_color, DROP COLUMN time_format, DROP COLUMN week_start;
    `);
  }
}
