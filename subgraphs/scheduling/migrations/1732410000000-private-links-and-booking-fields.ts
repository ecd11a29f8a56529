import { MigrationInterface, QueryRunner } from 'typeorm';

/** The booking form every event type starts with (booking-field.kinds.ts DEFAULT_FIELDS as of this migration). */
const DEFAULT_BOOKING_FIELDS = `[{"source":"default","field":"name","variant":"fullName","slug":"name","label":"Your name","placeholder":null,"required":true,"hidden":false,"disableOnPrefill":false,"options":null},{"source":"default","field":"email","variant":null,"slug":"email","label":"Email address","placeholder":null,"required":true,"hidden":false,"disableOnPrefill":false,"options":null},{"source":"default","field":"location","variant":null,"slug":"location","label":"Location","placeholder":null,"required":false,"hidden":false,"disableOnPrefill":false,"options":null},{"source":"default","field":"title","variant":null,"slug":"title","label":"What is this meeting about?","placeholder":null,"required":false,"hidden":true,"disableOnPrefill":false,"options":null},{"source":"default","field":"notes","variant":null,"slug":"notes","label":"Additional notes","placeholder":null,"required":false,"hidden":false,"disableOnPrefill":false,"options":null},{"source":"default","field":"guests","variant":null,"slug":"guests","label":"Add guests","placeholder":null,"required":false,"hidden":false,"disableOnPrefill":false,"options":null},{"source":"default","field":"rescheduleReason","variant":null,"slug":"rescheduleReason","label":"Reason for reschedule","placeholder":null,"required":false,"hidden":false,"disableOnPrefill":false,"options":null},{"source":"default","field":"phone","variant":null,"slug":"attendeePhoneNumber","label":"Phone number","placeholder":null,"required":false,"hidden":true,"disableOnPrefill":false,"options":null}]`;

export class PrivateLinksAndBookingFields1732410000000 implements MigrationInterface {
  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      -- The booking form of an event type (spec 2.6): default, workflow-added and custom fields.
      ALTER TABLE event_types ADD COLUMN booking_fields jsonb NOT NULL DEFAULT '${DEFAULT_BOOKING_FIELDS}'::jsonb;
      -- Team event types whose hosts are all the accepted members of the team at the time of the write.
      ALTER TABLE event_types ADD COLUMN assign_all_team_members boolean NOT NULL DEFAULT false;

      -- Private links (spec 2.7, section 8): usable until expires_at passes or usage_count reaches
      -- max_usage_count (-1: no count cap). The row is locked while a booking redeems it.
      CREATE TABLE private_links (
        link_id text PRIMARY KEY,
        event_type_id int NOT NULL REFERENCES event_types (id) ON DELETE CASCADE,
        expires_at timestamptz,
        max_usage_count int NOT NULL CHECK (max_usage_count = -1 OR max_usage_count >= 1),
        usage_count int NOT NULL DEFAULT 0 CHECK (usage_count >= 0),
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX private_links_event_type_id_idx ON private_links (event_type_id);
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE private_links; ALTER TABLE event_types DROP COLUMN assign_all_team_members; ALTER TABLE event_types DROP COLUMN booking_fields;');
  }
}
