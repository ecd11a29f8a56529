import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Calendars (credentials with encrypted keys, cached feed events, selected and destination calendars),
 * conferencing connections, routing forms with their responses and domain events, team workflows with
 * their steps and the due-time table of their reminders.
 */
export class CalendarsConferencingFormsWorkflows1733700000000 implements MigrationInterface {
  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE calendar_credentials (
        id serial PRIMARY KEY,
        user_id int NOT NULL,
        team_id int,
        type text NOT NULL,
        app_id text NOT NULL,
        invalid boolean NOT NULL DEFAULT false,
        read_only boolean NOT NULL DEFAULT true,
        key_ciphertext text NOT NULL,
        refreshed_at timestamptz,
        refresh_error text,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE UNIQUE INDEX calendar_credentials_user_app_key ON calendar_credentials (user_id, app_id)`);
    await q.query(`
      CREATE TABLE calendar_feed_events (
        id bigserial PRIMARY KEY,
        credential_id int NOT NULL REFERENCES calendar_credentials(id) ON DELETE CASCADE,
        user_id int NOT NULL,
        external_id text NOT NULL,
        start_time timestamptz NOT NULL,
        end_time timestamptz NOT NULL
      )`);
    await q.query(`CREATE INDEX calendar_feed_events_user_time ON calendar_feed_events (user_id, start_time, end_time)`);
    await q.query(`CREATE INDEX calendar_feed_events_credential ON calendar_feed_events (credential_id)`);
    await q.query(`
      CREATE TABLE selected_calendars (
        id serial PRIMARY KEY,
        user_id int NOT NULL,
        integration text NOT NULL,
        external_id text NOT NULL,
        credential_id int NOT NULL REFERENCES calendar_credentials(id) ON DELETE CASCADE,
        UNIQUE (user_id, integration, external_id, credential_id)
      )`);
    await q.query(`
      CREATE TABLE destination_calendars (
        user_id int PRIMARY KEY,
        integration text NOT NULL,
        external_id text NOT NULL,
        credential_id int NOT NULL REFERENCES calendar_credentials(id) ON DELETE CASCADE
      )`);

    await q.query(`
      CREATE TABLE conferencing_connections (
        id serial PRIMARY KEY,
        user_id int,
        team_id int,
        app text NOT NULL,
        type text NOT NULL,
        invalid boolean NOT NULL DEFAULT false,
        is_default boolean NOT NULL DEFAULT false,
        key_ciphertext text,
        created_at timestamptz NOT NULL DEFAULT now(),
        CHECK ((user_id IS NULL) <> (team_id IS NULL))
      )`);
    await q.query(`CREATE UNIQUE INDEX conferencing_user_app_key ON conferencing_connections (user_id, app) WHERE user_id IS NOT NULL`);
    await q.query(`CREATE UNIQUE INDEX conferencing_team_app_key ON conferencing_connections (team_id, app) WHERE team_id IS NOT NULL`);
    await q.query(`CREATE UNIQUE INDEX conferencing_user_default_key ON conferencing_connections (user_id) WHERE user_id IS NOT NULL AND is_default`);
    await q.query(`CREATE UNIQUE INDEX conferencing_team_default_key ON conferencing_connections (team_id) WHERE team_id IS NOT NULL AND is_default`);

    await q.query(`
      CREATE TABLE routing_forms (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name text NOT NULL,
        description text,
        position int NOT NULL DEFAULT 0,
        user_id int NOT NULL,
        team_id int,
        organization_id int,
        disabled boolean NOT NULL DEFAULT false,
        fields jsonb NOT NULL DEFAULT '[]',
        routes jsonb NOT NULL DEFAULT '[]',
        settings jsonb,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX routing_forms_team ON routing_forms (team_id)`);
    await q.query(`CREATE INDEX routing_forms_organization ON routing_forms (organization_id)`);
    await q.query(`
      CREATE TABLE routing_form_responses (
        id serial PRIMARY KEY,
        form_id uuid NOT NULL REFERENCES routing_forms(id) ON DELETE CASCADE,
        form_filler_id text NOT NULL,
        routed_to_booking_uid text,
        response jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX routing_form_responses_form_created ON routing_form_responses (form_id, created_at)`);
    await q.query(`
      CREATE TABLE routing_form_events (
        id bigserial PRIMARY KEY,
        type text NOT NULL,
        form_id uuid NOT NULL,
        response_id int,
        team_id int,
        payload jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);

    await q.query(`
      CREATE TABLE workflows (
        id serial PRIMARY KEY,
        name text NOT NULL,
        type text NOT NULL DEFAULT 'event-type',
        user_id int,
        team_id int NOT NULL,
        is_active_on_all_event_types boolean NOT NULL DEFAULT false,
        active_on_event_type_ids int[] NOT NULL DEFAULT '{}',
        trigger_type text NOT NULL,
        offset_value int,
        offset_unit text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX workflows_team ON workflows (team_id)`);
    await q.query(`
      CREATE TABLE workflow_steps (
        id serial PRIMARY KEY,
        workflow_id int NOT NULL REFERENCES workflows(id) ON DELETE CASCADE,
        step_number int NOT NULL,
        action text NOT NULL,
        recipient text NOT NULL,
        template text NOT NULL,
        sender text NOT NULL,
        email text,
        phone text,
        subject text,
        html text,
        text text,
        include_calendar_event boolean NOT NULL DEFAULT false,
        phone_required boolean NOT NULL DEFAULT false,
        skip_no_show_attendees boolean NOT NULL DEFAULT false,
        auto_translate_enabled boolean NOT NULL DEFAULT false,
        source_locale text
      )`);
    await q.query(`
      CREATE TABLE workflow_reminders (
        id bigserial PRIMARY KEY,
        workflow_step_id int NOT NULL REFERENCES workflow_steps(id) ON DELETE CASCADE,
        booking_uid text NOT NULL,
        due_at timestamptz NOT NULL,
        payload jsonb NOT NULL,
        attempts int NOT NULL DEFAULT 0,
        sent_at timestamptz,
        last_error text,
        UNIQUE (workflow_step_id, booking_uid)
      )`);
    await q.query(`CREATE INDEX workflow_reminders_due ON workflow_reminders (due_at) WHERE sent_at IS NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of [
      'workflow_reminders',
      'workflow_steps',
      'workflows',
      'routing_form_events',
      'routing_form_responses',
      'routing_forms',
      'conferencing_connections',
      'destination_calendars',
      'selected_calendars',
      'calendar_feed_events',
      'calendar_credentials',
    ]) {
      await q.query(`DROP TABLE ${table}`);
    }
  }
}
