import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Why a delivery ended without a receiver's answer (its template made no body; its job was dead-lettered),
 * and the webhook worker's record of the jobs it started: a row per job taken and not yet finished, which
 * a crash leaves behind; a job whose starts never finished twice is set aside (`dead_lettered_at`).
 */
export class DeliveryFailuresAndDeadLetters1735321000000 implements MigrationInterface {
  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE webhook_deliveries ADD COLUMN failure_reason text`);
    await q.query(`ALTER TABLE webhook_deliveries DROP CONSTRAINT webhook_deliveries_status_check`);
    await q.query(
      `ALTER TABLE webhook_deliveries ADD CONSTRAINT webhook_deliveries_status_check
         CHECK (status IN ('pending', 'delivered', 'failed', 'cancelled', 'dead-lettered'))`,
    );
    await q.query(`
      CREATE TABLE unfinished_jobs (
        job_id uuid PRIMARY KEY,
        queue text NOT NULL,
        unfinished_starts int NOT NULL DEFAULT 1,
        first_started_at timestamptz NOT NULL DEFAULT now(),
        last_started_at timestamptz NOT NULL DEFAULT now(),
        dead_lettered_at timestamptz,
        reason text,
        data jsonb
      )`);
    await q.query(`CREATE INDEX unfinished_jobs_dead_lettered ON unfinished_jobs (dead_lettered_at) WHERE dead_lettered_at IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE unfinished_jobs`);
    await q.query(`UPDATE webhook_deliveries SET status = 'failed' WHERE status = 'dead-lettered'`);
    await q.query(`ALTER TABLE webhook_deliveries DROP CONSTRAINT webhook_deliveries_status_check`);
    await q.query(
      `ALTER TABLE webhook_deliveries ADD CONSTRAINT webhook_deliveries_status_check CHECK (status IN ('pending', 'delivered', 'failed', 'cancelled'))`,
    );
    await q.query(`ALTER TABLE webhook_deliveries DROP COLUMN failure_reason`);
  }
}
