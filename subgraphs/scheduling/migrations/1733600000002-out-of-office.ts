import { MigrationInterface, QueryRunner } from 'typeorm';

/** Out-of-office entries (whole UTC days, never overlapping per user) and their domain events (OOO_CREATED). */
export class OutOfOffice1733600000002 implements MigrationInterface {
  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE out_of_office_entries (
        id serial PRIMARY KEY,
        uuid uuid NOT NULL DEFAULT gen_random_uuid() UNIQUE,
        user_id int NOT NULL,
        to_user_id int CHECK (to_user_id IS DISTINCT FROM user_id),
        start_time timestamptz NOT NULL,
        end_time timestamptz NOT NULL CHECK (end_time > start_time),
        notes text,
        reason text NOT NULL DEFAULT 'unspecified' CHECK (reason IN ('unspecified', 'vacation', 'travel', 'sick', 'public_holiday')),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        -- The database decides overlaps (a 409), as it does for double bookings.
        CONSTRAINT out_of_office_no_overlap EXCLUDE USING gist (user_id WITH =, tstzrange(start_time, end_time, '[]') WITH &&)
      );
      CREATE TABLE out_of_office_events (
        id bigserial PRIMARY KEY,
        type text NOT NULL,
        ooo_id int NOT NULL,
        user_id int NOT NULL,
        payload jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        dispatched_at timestamptz
      );
      CREATE INDEX out_of_office_events_undispatched ON out_of_office_events (id) WHERE dispatched_at IS NULL;
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE out_of_office_events; DROP TABLE out_of_office_entries;');
  }
}
