import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A reminder is due for a booking or for a routing form's response (a routing-form workflow's step): exactly one of
 * `booking_uid` and `form_response_id`, each at most once per step. A response removed takes its reminders with it.
 */
export class FormWorkflowReminders1735900000000 implements MigrationInterface {
  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE workflow_reminders
        ALTER COLUMN booking_uid DROP NOT NULL,
        ADD COLUMN form_response_id int REFERENCES routing_form_responses(id) ON DELETE CASCADE,
        ADD CONSTRAINT workflow_reminders_one_subject CHECK ((booking_uid IS NULL) <> (form_response_id IS NULL)),
        ADD CONSTRAINT workflow_reminders_step_response UNIQUE (workflow_step_id, form_response_id)
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM workflow_reminders WHERE form_response_id IS NOT NULL`);
    await q.query(`
      ALTER TABLE workflow_reminders
        DROP CONSTRAINT workflow_reminders_step_response,
        DROP CONSTRAINT workflow_reminders_one_subject,
        DROP COLUMN form_response_id,
        ALTER COLUMN booking_uid SET NOT NULL
    `);
  }
}
