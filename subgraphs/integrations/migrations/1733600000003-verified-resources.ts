import { MigrationInterface, QueryRunner } from 'typeorm';

/** Verified e-mails and phone numbers of users and teams, and the codes that verify them (hashed only). */
export class VerifiedResources1733600000003 implements MigrationInterface {
  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE verified_emails (
        id serial PRIMARY KEY,
        email text NOT NULL,
        user_id int,
        team_id int,
        created_at timestamptz NOT NULL DEFAULT now(),
        CHECK ((user_id IS NULL) <> (team_id IS NULL))
      );
      CREATE UNIQUE INDEX verified_emails_user ON verified_emails (user_id, email) WHERE user_id IS NOT NULL;
      CREATE UNIQUE INDEX verified_emails_team ON verified_emails (team_id, email) WHERE team_id IS NOT NULL;
      CREATE TABLE verified_phones (
        id serial PRIMARY KEY,
        phone_number text NOT NULL,
        user_id int,
        team_id int,
        created_at timestamptz NOT NULL DEFAULT now(),
        CHECK ((user_id IS NULL) <> (team_id IS NULL))
      );
      CREATE UNIQUE INDEX verified_phones_user ON verified_phones (user_id, phone_number) WHERE user_id IS NOT NULL;
      CREATE UNIQUE INDEX verified_phones_team ON verified_phones (team_id, phone_number) WHERE team_id IS NOT NULL;
      CREATE TABLE verification_codes (
        id bigserial PRIMARY KEY,
        channel text NOT NULL CHECK (channel IN ('email', 'phone')),
        target text NOT NULL,
        user_id int,
        team_id int,
        code_hash text NOT NULL,
        expires_at timestamptz NOT NULL,
        failed_attempts int NOT NULL DEFAULT 0,
        used_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        CHECK ((user_id IS NULL) <> (team_id IS NULL))
      );
      CREATE INDEX verification_codes_target ON verification_codes (channel, target, created_at);
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE verification_codes; DROP TABLE verified_phones; DROP TABLE verified_emails;');
  }
}
