import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * One provider meeting per booking (conferencing/booking-meeting.ts): a booking's row is claimed before the provider is
 * asked, then holds the meeting's URL. `meeting_url` is null while a claim runs; `claim_id` names the ask that holds it,
 * until `claimed_until` (then another ask may take it over).
 */
export class BookingMeetings1735600000000 implements MigrationInterface {
  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE booking_meetings (
        booking_uid text PRIMARY KEY,
        meeting_url text,
        claim_id uuid NOT NULL,
        claimed_until timestamptz NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE booking_meetings`);
  }
}
