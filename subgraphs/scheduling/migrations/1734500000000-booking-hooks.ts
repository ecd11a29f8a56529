import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What the booking-side hooks keep on a booking: the platform OAuth client it was made through (spec 6
 * rules 5–7 read it) and the meeting URL its conferencing location got from the integrations subgraph.
 */
export class BookingHooks1734500000000 implements MigrationInterface {
  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE bookings ADD COLUMN platform_oauth_client_id text;
      ALTER TABLE bookings ADD COLUMN meeting_url text;
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE bookings DROP COLUMN meeting_url, DROP COLUMN platform_oauth_client_id;`);
  }
}
