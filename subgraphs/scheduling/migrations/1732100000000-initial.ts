import { MigrationInterface, QueryRunner } from 'typeorm';

export class Initial1732100000000 implements MigrationInterface {
  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE EXTENSION IF NOT EXISTS btree_gist WITH SCHEMA public;

      CREATE TABLE schedules (
        id serial PRIMARY KEY,
        owner_id int NOT NULL,
        name text NOT NULL,
        time_zone text NOT NULL,
        availability jsonb NOT NULL DEFAULT '[]',
        overrides jsonb NOT NULL DEFAULT '[]',
        is_default boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX schedules_owner_id_idx ON schedules (owner_id);
      CREATE UNIQUE INDEX schedules_one_default_per_owner ON schedules (owner_id) WHERE is_default;

      CREATE TABLE event_types (
        id serial PRIMARY KEY,
        title text NOT NULL,
        slug text NOT NULL,
        description text,
        length_in_minutes int NOT NULL CHECK (length_in_minutes > 0),
        locations jsonb NOT NULL DEFAULT '[]',
        hidden boolean NOT NULL DEFAULT false,
        owner_id int,
        team_id int,
        parent_id int REFERENCES event_types (id) ON DELETE CASCADE,
        schedule_id int REFERENCES schedules (id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CHECK (owner_id IS NOT NULL OR team_id IS NOT NULL)
      );
      CREATE UNIQUE INDEX event_types_owner_slug_key ON event_types (owner_id, lower(slug)) WHERE team_id IS NULL;
      CREATE UNIQUE INDEX event_types_team_slug_key ON event_types (team_id, lower(slug)) WHERE team_id IS NOT NULL;

      CREATE TABLE bookings (
        id serial PRIMARY KEY,
        uid text NOT NULL UNIQUE,
        event_type_id int NOT NULL REFERENCES event_types (id),
        user_id int NOT NULL,
        title text NOT NULL,
        description text,
        start_time timestamptz NOT NULL,
        end_time timestamptz NOT NULL,
        status text NOT NULL CHECK (status IN ('accepted', 'pending', 'cancelled', 'rejected')),
        location jsonb,
        metadata jsonb NOT NULL DEFAULT '{}',
        cancellation_reason text,
        rescheduling_reason text,
        rescheduled_to_uid text,
        from_reschedule text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CHECK (end_time > start_time),
        -- Two live bookings of one host can never overlap: the database, not a read-then-write check, decides.
        CONSTRAINT bookings_host_no_overlap EXCLUDE USING gist (user_id WITH =, tstzrange(start_time, end_time) WITH &&)
          WHERE (status IN ('accepted', 'pending'))
      );
      CREATE INDEX bookings_user_start_idx ON bookings (user_id, start_time);
      CREATE INDEX bookings_event_type_idx ON bookings (event_type_id);

      CREATE TABLE attendees (
        id serial PRIMARY KEY,
        booking_id int NOT NULL REFERENCES bookings (id) ON DELETE CASCADE,
        name text NOT NULL,
        email text NOT NULL,
        time_zone text NOT NULL,
        language text NOT NULL DEFAULT 'en',
        absent boolean NOT NULL DEFAULT false
      );
      CREATE INDEX attendees_booking_id_idx ON attendees (booking_id);
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE attendees; DROP TABLE bookings; DROP TABLE event_types; DROP TABLE schedules;');
  }
}
