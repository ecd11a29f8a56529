import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Routing-form workflows (`type` 'routing-form', trigger formSubmitted / formSubmittedNoEvent): where one applies,
 * all the team's routing forms or the ones named. Event-type workflows keep false and an empty list.
 */
export class RoutingFormWorkflows1735810000000 implements MigrationInterface {
  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE workflows
        ADD COLUMN is_active_on_all_routing_forms boolean NOT NULL DEFAULT false,
        ADD COLUMN active_on_routing_form_ids uuid[] NOT NULL DEFAULT '{}',
        ADD CONSTRAINT workflows_type CHECK (type IN ('event-type', 'routing-form'))
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM workflows WHERE type = 'routing-form'`);
    await q.query(`
      ALTER TABLE workflows
        DROP CONSTRAINT workflows_type,
        DROP COLUMN active_on_routing_form_ids,
        DROP COLUMN is_active_on_all_routing_forms
    `);
  }
}
