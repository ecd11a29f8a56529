import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The phone call's write-ahead intent (phone-call/phone-call-intent.ts): a call's row is committed in state `PLACING`
 * before the provider is asked, then holds the provider's ids in state `PLACED`. Rows made before are placed calls.
 */
export class PhoneCallIntents1735700000000 implements MigrationInterface {
  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE phone_calls
        ADD COLUMN state text NOT NULL DEFAULT 'PLACED' CHECK (state IN ('PLACING', 'PLACED')),
        ALTER COLUMN call_id DROP NOT NULL,
        ALTER COLUMN agent_id DROP NOT NULL,
        ADD CONSTRAINT phone_calls_placed_has_ids CHECK (state = 'PLACING' OR (call_id IS NOT NULL AND agent_id IS NOT NULL))
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM phone_calls WHERE state = 'PLACING'`);
    await q.query(`
      ALTER TABLE phone_calls
        DROP CONSTRAINT phone_calls_placed_has_ids,
        DROP COLUMN state,
        ALTER COLUMN call_id SET NOT NULL,
        ALTER COLUMN agent_id SET NOT NULL
    `);
  }
}
