import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Platform OAuth clients (reference "OAuth Clients"): the organization that manages a client, its
 * booking redirects and switches, and a hint of its secret (the secret itself is only hashed).
 */
export class PlatformOAuthClients1734600000000 implements MigrationInterface {
  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE oauth_clients
        ADD COLUMN organization_id int,
        ADD COLUMN logo text,
        ADD COLUMN booking_redirect_uri text,
        ADD COLUMN booking_cancel_redirect_uri text,
        ADD COLUMN booking_reschedule_redirect_uri text,
        ADD COLUMN are_emails_enabled boolean NOT NULL DEFAULT false,
        ADD COLUMN are_default_event_types_enabled boolean NOT NULL DEFAULT false,
        ADD COLUMN are_calendar_events_enabled boolean NOT NULL DEFAULT true,
        ADD COLUMN secret_hint text;
      CREATE INDEX oauth_clients_organization_id_idx ON oauth_clients (organization_id) WHERE organization_id IS NOT NULL;
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP INDEX oauth_clients_organization_id_idx;
      ALTER TABLE oauth_clients
        DROP COLUMN organization_id, DROP COLUMN logo, DROP COLUMN booking_redirect_uri, DROP COLUMN booking_cancel_redirect_uri,
        DROP COLUMN booking_reschedule_redirect_uri, DROP COLUMN are_emails_enabled, DROP COLUMN are_default_event_types_enabled,
        DROP COLUMN are_calendar_events_enabled, DROP COLUMN secret_hint;
    `);
  }
}
