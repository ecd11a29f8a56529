import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * NOTIFY gateways (channel svc_principal_changed, payload the user id) when an OAuth grant is
 * revoked or deleted (its access tokens stop working), and when an OAuth client's status, secret or
 * scopes change (its owner's platform credential).
 */
export class AnnounceTokenRevocation1732400000001 implements MigrationInterface {
  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE FUNCTION announce_oauth_grant_change() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('svc_principal_changed', OLD.user_id::text);
        RETURN NULL;
      END $$;
      CREATE TRIGGER oauth_grants_announce_change AFTER UPDATE OF revoked_at, scopes OR DELETE ON oauth_grants
        FOR EACH ROW EXECUTE FUNCTION announce_oauth_grant_change();

      CREATE FUNCTION announce_oauth_client_change() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('svc_principal_changed', OLD.owner_id::text);
        RETURN NULL;
      END $$;
      CREATE TRIGGER oauth_clients_announce_change AFTER UPDATE OF status, secret_hash, scopes, owner_id OR DELETE ON oauth_clients
        FOR EACH ROW EXECUTE FUNCTION announce_oauth_client_change();
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP TRIGGER oauth_clients_announce_change ON oauth_clients; DROP FUNCTION announce_oauth_client_change();
      DROP TRIGGER oauth_grants_announce_change ON oauth_grants; DROP FUNCTION announce_oauth_grant_change();
    `);
  }
}
