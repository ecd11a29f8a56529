import { MigrationInterface, QueryRunner } from 'typeorm';

/** What PATCH /v2/me sets besides the profile (reference UpdateManagedUserInput, MeOutput): time format, week start, locale. */
export class UserPreferences1733400000001 implements MigrationInterface {
  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE users ADD COLUMN time_format int NOT NULL DEFAULT 12 CHECK (time_format IN (12, 24));
      ALTER TABLE users ADD COLUMN week_start text NOT NULL DEFAULT 'Sunday'
        CHECK (week_start IN ('Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'));
      ALTER TABLE users ADD COLUMN locale text NOT NULL DEFAULT 'en';
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE users DROP COLUMN locale, DROP COLUMN week_start, DROP COLUMN time_format');
  }
}
