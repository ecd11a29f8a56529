import { MigrationInterface, QueryRunner } from 'typeorm';

/** What the booking actions keep (decline reason, reassignment, requested reschedule) and what create no longer drops (guests, phone). */
export class BookingActions1733400000000 implements MigrationInterface {
  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE attendees ADD COLUMN phone_number text;
      ALTER TABLE bookings ADD COLUMN guests jsonb NOT NULL DEFAULT '[]';
      ALTER TABLE bookings ADD COLUMN rejection_reason text;
      ALTER TABLE bookings ADD COLUMN reschedule_requested boolean NOT NULL DEFAULT false;
      -- GET /v2/bookings sorts and filters by updatedAt; the round-robin reassignment asks who was booked last.
      CREATE INDEX bookings_user_updated_idx ON bookings (user_id, updated_at);
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP INDEX bookings_user_updated_idx;
      ALTER TABLE bookings DROP COLUMN reschedule_requested, DROP COLUMN rejection_reason, DROP COLUMN guests;
      ALTER TABLE attendees DROP COLUMN phone_number;
    `);
  }
}
