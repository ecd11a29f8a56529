import { MigrationInterface, QueryRunner } from 'typeorm';

/** Each seat of a seated booking keeps its own booking-form answers and metadata, on its attendee (issue 22). */
export class SeatAnswers1735600000000 implements MigrationInterface {
  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE attendees ADD COLUMN booking_fields_responses jsonb, ADD COLUMN metadata jsonb');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE attendees DROP COLUMN booking_fields_responses, DROP COLUMN metadata');
  }
}
