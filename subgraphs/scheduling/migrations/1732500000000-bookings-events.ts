import { MigrationInterface, QueryRunner } from 'typeorm';

/** Booking changes as domain events (for the webhook deliveries), and what the bookings endpoints filter and show. */
export class BookingsEvents1732500000000 implements MigrationInterface {
  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      -- BookingOutput_2024_08_13 (reference): the booking form answers and whether the host was absent.
      ALTER TABLE bookings ADD COLUMN booking_fields_responses jsonb NOT NULL DEFAULT '{}';
      ALTER TABLE bookings ADD COLUMN absent_host boolean NOT NULL DEFAULT false;

      -- GET /v2/bookings: the host's bookings by creation time, by attendee e-mail (case-insensitive).
      CREATE INDEX bookings_user_created_idx ON bookings (user_id, created_at);
      CREATE INDEX attendees_email_idx ON attendees (lower(email));

      -- One row per booking change, written in the transaction that makes the change; the webhook
      -- dispatcher delivers the rows whose dispatched_at is null and sets it.
      CREATE TABLE booking_events (
        id bigserial PRIMARY KEY,
        type text NOT NULL,
        booking_id int NOT NULL REFERENCES bookings (id) ON DELETE CASCADE,
        booking_uid text NOT NULL,
        payload jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        dispatched_at timestamptz
      );
      CREATE INDEX booking_events_undispatched_idx ON booking_events (id) WHERE dispatched_at IS NULL;
      CREATE INDEX booking_events_booking_id_idx ON booking_events (booking_id);

      -- Wakes a dispatcher listening on the channel when the change commits (the payload is the row id).
      CREATE FUNCTION announce_booking_event() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('svc_booking_event', NEW.id::text);
        RETURN NEW;
      END $$;
      CREATE TRIGGER booking_events_announce AFTER INSERT ON booking_events FOR EACH ROW EXECUTE FUNCTION announce_booking_event();
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP TABLE booking_events;
      DROP FUNCTION announce_booking_event();
      DROP INDEX attendees_email_idx;
      DROP INDEX bookings_user_created_idx;
      ALTER TABLE bookings DROP COLUMN absent_host;
      ALTER TABLE bookings DROP COLUMN booking_fields_responses;
    `);
  }
}
