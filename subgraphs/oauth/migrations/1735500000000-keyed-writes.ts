import { MigrationInterface, QueryRunner } from 'typeorm';
import { KEYED_WRITES_DDL } from '../../../platform/keyed-writes';

/** OAuth clients registered under an Idempotency-Key record the key in their transaction (platform/keyed-writes.ts). */
export class KeyedWrites1735500000000 implements MigrationInterface {
  async up(q: QueryRunner): Promise<void> {
    await q.query(KEYED_WRITES_DDL);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE keyed_writes');
  }
}
