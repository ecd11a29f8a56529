import { MigrationInterface, QueryRunner } from 'typeorm';

/** Who rescheduled or cancelled a booking, by e-mail (rescheduledByEmail, cancelledByEmail of the reference; issue 22). */
export class BookingChangeAuthors1735600000001 implements MigrationInterface {
  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE bookings ADD COLUMN rescheduled_by_email text, ADD COLUMN cancelled_by_email text');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE bookings DROP COLUMN rescheduled_by_email, DROP COLUMN cancelled_by_email');
  }
}
