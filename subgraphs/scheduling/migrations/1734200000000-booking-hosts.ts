import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Every host a booking occupies, one row each: the organizer (`bookings.user_id`, kept in step by a
 * trigger, so every booking path writes it without knowing) and the co-hosts of a collective booking.
 * One exclusion constraint over all of them decides double bookings across personal, round-robin and
 * collective bookings: a collective booking and a personal booking of one of its hosts cannot overlap.
 */
export class BookingHosts1734200000000 implements MigrationInterface {
  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE booking_hosts (
        booking_id int NOT NULL REFERENCES bookings (id) ON DELETE CASCADE,
        user_id int NOT NULL,
        organizer boolean NOT NULL DEFAULT false,
        start_time timestamptz NOT NULL,
        end_time timestamptz NOT NULL,
        live boolean NOT NULL,
        PRIMARY KEY (booking_id, user_id),
        CONSTRAINT booking_hosts_no_overlap EXCLUDE USING gist (user_id WITH =, tstzrange(start_time, end_time) WITH &&) WHERE (live)
      );
      CREATE INDEX booking_hosts_user_start_idx ON booking_hosts (user_id, start_time) WHERE NOT organizer;

      INSERT INTO booking_hosts (booking_id, user_id, organizer, start_time, end_time, live)
        SELECT id, user_id, true, start_time, end_time, status IN ('accepted', 'pending') FROM bookings;

      CREATE FUNCTION booking_hosts_follow_booking() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          INSERT INTO booking_hosts (booking_id, user_id, organizer, start_time, end_time, live)
            VALUES (NEW.id, NEW.user_id, true, NEW.start_time, NEW.end_time, NEW.status IN ('accepted', 'pending'));
          RETURN NEW;
        END IF;
        IF NEW.user_id <> OLD.user_id THEN
          -- Reassigned: the new organizer stops being a co-host of the same booking.
          DELETE FROM booking_hosts WHERE booking_id = NEW.id AND user_id = NEW.user_id AND NOT organizer;
          UPDATE booking_hosts SET user_id = NEW.user_id WHERE booking_id = NEW.id AND organizer;
        END IF;
        UPDATE booking_hosts SET start_time = NEW.start_time, end_time = NEW.end_time, live = NEW.status IN ('accepted', 'pending')
          WHERE booking_id = NEW.id;
        RETURN NEW;
      END $$;

      CREATE TRIGGER booking_hosts_on_insert AFTER INSERT ON bookings FOR EACH ROW EXECUTE FUNCTION booking_hosts_follow_booking();
      CREATE TRIGGER booking_hosts_on_update AFTER UPDATE OF user_id, start_time, end_time, status ON bookings
        FOR EACH ROW EXECUTE FUNCTION booking_hosts_follow_booking();
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP TRIGGER booking_hosts_on_update ON bookings;
      DROP TRIGGER booking_hosts_on_insert ON bookings;
      DROP FUNCTION booking_hosts_follow_booking();
      DROP TABLE booking_hosts;
    `);
  }
}
