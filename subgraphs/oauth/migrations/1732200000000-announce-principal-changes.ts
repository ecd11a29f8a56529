import { MigrationInterface, QueryRunner } from 'typeorm';

/** NOTIFY gateways (channel svc_principal_changed, payload the user id) when an API key is revoked, expires earlier or is deleted. */
export class AnnouncePrincipalChanges1732200000000 implements MigrationInterface {
  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE FUNCTION announce_api_key_change() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('svc_principal_changed', OLD.user_id::text);
        RETURN NULL;
      END $$;
      CREATE TRIGGER api_keys_announce_change AFTER UPDATE OF revoked_at, expires_at OR DELETE ON api_keys
        FOR EACH ROW EXECUTE FUNCTION announce_api_key_change();
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TRIGGER api_keys_announce_change ON api_keys; DROP FUNCTION announce_api_key_change();');
  }
}
