import { MigrationInterface, QueryRunner } from 'typeorm';

export class HostsAndBookingLimits1732300000000 implements MigrationInterface {
  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      -- Who can host a team event type; a booking picks one free host (bookings.user_id).
      CREATE TABLE event_type_hosts (
        event_type_id int NOT NULL REFERENCES event_types (id) ON DELETE CASCADE,
        user_id int NOT NULL,
        PRIMARY KEY (event_type_id, user_id)
      );
      CREATE INDEX event_type_hosts_user_id_idx ON event_type_hosts (user_id);

      -- User booking limits (spec 2.17): a null bound is unset.
      CREATE TABLE booking_limits (
        user_id int PRIMARY KEY,
        per_day int CHECK (per_day >= 1),
        per_week int CHECK (per_week >= 1),
        per_month int CHECK (per_month >= 1),
        per_year int CHECK (per_year >= 1),
        updated_at timestamptz NOT NULL DEFAULT now()
      );
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE booking_limits; DROP TABLE event_type_hosts;');
  }
}
