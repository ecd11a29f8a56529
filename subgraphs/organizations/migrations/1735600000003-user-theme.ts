import { MigrationInterface, QueryRunner } from 'typeorm';

/** The theme of a user's booking pages (the reference's `theme` of organization users: PATCH /v2/organizations/{orgId}/users/{userId}). */
export class UserTheme1735600000003 implements MigrationInterface {
  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE users ADD COLUMN theme text');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE users DROP COLUMN theme');
  }
}
