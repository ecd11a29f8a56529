import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Booker e-mail verification (an event type's `requiresBookerEmailVerification` and the codes sent to
 * bookers, hashed, single use, expiring) and the co-hosts a reservation of a collective slot holds.
 */
export class BookerVerificationAndCollectiveHolds1734800000000 implements MigrationInterface {
  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE event_types ADD COLUMN requires_booker_email_verification boolean NOT NULL DEFAULT false;

      CREATE TABLE booker_email_codes (
        id serial PRIMARY KEY,
        event_type_id integer NOT NULL REFERENCES event_types(id) ON DELETE CASCADE,
        email text NOT NULL,
        code_hash text NOT NULL,
        failed_attempts integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        used_at timestamptz
      );
      CREATE INDEX booker_email_codes_target_idx ON booker_email_codes (event_type_id, email, id);
      CREATE INDEX booker_email_codes_email_idx ON booker_email_codes (email, created_at);

      CREATE TABLE slot_reservation_co_hosts (
        reservation_id integer NOT NULL REFERENCES slot_reservations(id) ON DELETE CASCADE,
        user_id integer NOT NULL,
        PRIMARY KEY (reservation_id, user_id)
      );
      CREATE INDEX slot_reservation_co_hosts_user_idx ON slot_reservation_co_hosts (user_id);
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP TABLE slot_reservation_co_hosts;
      DROP TABLE booker_email_codes;
      ALTER TABLE event_types DROP COLUMN requires_booker_email_verification;
    `);
  }
}
