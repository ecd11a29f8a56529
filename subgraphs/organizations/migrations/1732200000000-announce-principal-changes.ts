import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Gateways cache principals (user, memberships, roles); these triggers NOTIFY them of every change
 * that alters one, whoever writes it. Channel: svc_principal_changed, payload: the user id.
 */
export class AnnouncePrincipalChanges1732200000000 implements MigrationInterface {
  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE FUNCTION announce_membership_change() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM pg_notify('svc_principal_changed', OLD.user_id::text); END IF;
        IF TG_OP IN ('INSERT', 'UPDATE') THEN PERFORM pg_notify('svc_principal_changed', NEW.user_id::text); END IF;
        RETURN NULL;
      END $$;
      CREATE TRIGGER memberships_announce_change AFTER INSERT OR UPDATE OR DELETE ON memberships
        FOR EACH ROW EXECUTE FUNCTION announce_membership_change();

      CREATE FUNCTION announce_user_change() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('svc_principal_changed', OLD.id::text);
        RETURN NULL;
      END $$;
      CREATE TRIGGER users_announce_change AFTER UPDATE OF is_service_admin OR DELETE ON users
        FOR EACH ROW EXECUTE FUNCTION announce_user_change();
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP TRIGGER users_announce_change ON users; DROP FUNCTION announce_user_change();
      DROP TRIGGER memberships_announce_change ON memberships; DROP FUNCTION announce_membership_change();
    `);
  }
}
