import { MigrationInterface, QueryRunner } from 'typeorm';

/** Round-robin hosts' `mandatory` and `priority` (reference `Host`; issue 22). */
export class HostRoles1735700000000 implements MigrationInterface {
  async up(q: QueryRunner): Promise<void> {
    await q.query(
      'ALTER TABLE event_type_hosts ADD COLUMN mandatory boolean NOT NULL DEFAULT false, ADD COLUMN priority smallint NOT NULL DEFAULT 2 CHECK (priority BETWEEN 0 AND 4)',
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE event_type_hosts DROP COLUMN mandatory, DROP COLUMN priority');
  }
}
