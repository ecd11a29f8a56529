import { MigrationInterface, QueryRunner } from 'typeorm';
import { RATE_LIMIT_TABLE, rateLimitTableDdl } from '../../../platform/rate-limit-store';

/** The counters of failed sign-ins per account and per IP (rate-limiter-flexible's table layout), shared by every replica. */
export class RateLimits1732600000000 implements MigrationInterface {
  async up(q: QueryRunner): Promise<void> {
    await q.query(rateLimitTableDdl('oauth'));
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "oauth"."${RATE_LIMIT_TABLE}"`);
  }
}
