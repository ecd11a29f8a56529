import { MigrationInterface, QueryRunner } from 'typeorm';

/** Phone calls placed for team event types (spec 4.5). No API key is stored. */
export class PhoneCalls1733200000000 implements MigrationInterface {
  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE phone_calls (
        id serial PRIMARY KEY,
        call_id text NOT NULL,
        agent_id text NOT NULL,
        org_id int,
        team_id int NOT NULL,
        event_type_id int NOT NULL,
        requested_by_user_id int NOT NULL,
        your_phone_number text NOT NULL CHECK (your_phone_number ~ '^\\+[1-9][0-9]{1,14}$'),
        number_to_call text NOT NULL CHECK (number_to_call ~ '^\\+[1-9][0-9]{1,14}$'),
        template_type text NOT NULL CHECK (template_type IN ('CHECK_IN_APPOINTMENT', 'CUSTOM_TEMPLATE')),
        enabled boolean NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX phone_calls_event_type_id_idx ON phone_calls (event_type_id);
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE phone_calls;');
  }
}
