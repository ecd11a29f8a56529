import { MigrationInterface, QueryRunner } from 'typeorm';

/** Organization user attributes, their options (spec 2.9) and the options given to members. */
export class Attributes1733600000000 implements MigrationInterface {
  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE attributes (
        id text PRIMARY KEY,
        team_id int NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
        type text NOT NULL CHECK (type IN ('TEXT', 'NUMBER', 'SINGLE_SELECT', 'MULTI_SELECT')),
        name text NOT NULL,
        slug text NOT NULL,
        enabled boolean NOT NULL DEFAULT true,
        users_can_edit_relation boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (team_id, slug)
      );
      CREATE TABLE attribute_options (
        id text PRIMARY KEY,
        attribute_id text NOT NULL REFERENCES attributes (id) ON DELETE CASCADE,
        value text NOT NULL,
        slug text NOT NULL,
        UNIQUE (attribute_id, slug)
      );
      CREATE TABLE attribute_assignments (
        id text PRIMARY KEY,
        membership_id int NOT NULL REFERENCES memberships (id) ON DELETE CASCADE,
        attribute_option_id text NOT NULL REFERENCES attribute_options (id) ON DELETE CASCADE,
        UNIQUE (membership_id, attribute_option_id)
      );
      CREATE INDEX attribute_assignments_option ON attribute_assignments (attribute_option_id);
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE attribute_assignments; DROP TABLE attribute_options; DROP TABLE attributes;');
  }
}
