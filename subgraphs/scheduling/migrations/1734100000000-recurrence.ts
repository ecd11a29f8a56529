import { MigrationInterface, QueryRunner } from 'typeorm';

/** Recurring event types and the occurrences of a recurring booking (one shared recurring_booking_uid); event types only their managers may book. */
export class Recurrence1734100000000 implements MigrationInterface {
  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE event_types ADD COLUMN recurrence jsonb, ADD COLUMN booking_requires_authentication boolean NOT NULL DEFAULT false;
      ALTER TABLE bookings ADD COLUMN recurring_booking_uid text;
      CREATE INDEX bookings_recurring_booking_uid ON bookings (recurring_booking_uid) WHERE recurring_booking_uid IS NOT NULL;
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP INDEX bookings_recurring_booking_uid;
      ALTER TABLE bookings DROP COLUMN recurring_booking_uid;
      ALTER TABLE event_types DROP COLUMN recurrence, DROP COLUMN booking_requires_authentication;
    `);
  }
}
