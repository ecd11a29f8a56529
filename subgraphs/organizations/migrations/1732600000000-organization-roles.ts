import { MigrationInterface, QueryRunner } from 'typeorm';

/** Organization roles (spec 2.15) with `resource.action` permissions, assignable to memberships. */
export class OrganizationRoles1732600000000 implements MigrationInterface {
  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE roles (
        id text PRIMARY KEY,
        organization_id int NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
        name text NOT NULL,
        type text NOT NULL DEFAULT 'CUSTOM' CHECK (type IN ('SYSTEM', 'CUSTOM')),
        permissions text[] NOT NULL DEFAULT '{}',
        color text,
        description text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (organization_id, name)
      );
      ALTER TABLE memberships ADD COLUMN custom_role_id text REFERENCES roles (id) ON DELETE SET NULL;
      -- A member's permissions follow their role: changing a role's permissions changes their principals.
      CREATE FUNCTION announce_role_change() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('svc_principal_changed', m.user_id::text) FROM memberships m WHERE m.custom_role_id = OLD.id;
        RETURN NULL;
      END $$;
      CREATE TRIGGER roles_announce_change AFTER UPDATE OF permissions OR DELETE ON roles
        FOR EACH ROW EXECUTE FUNCTION announce_role_change();
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP TRIGGER roles_announce_change ON roles; DROP FUNCTION announce_role_change();
      ALTER TABLE memberships DROP COLUMN custom_role_id; DROP TABLE roles;
    `);
  }
}
