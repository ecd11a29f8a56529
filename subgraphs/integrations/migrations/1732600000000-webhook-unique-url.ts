import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * One webhook per owner and subscriber URL. `subscriber_url` may be 1,000 characters (4,000 bytes of
 * UTF-8), more than a b-tree entry holds, so the index is on its md5. One partial index per owner kind.
 * Rows that already repeat an owner's URL keep working: the later ones get a `#duplicate-<id>` fragment,
 * which is never sent in an HTTP request, so their deliveries still reach the same place.
 */
const OWNERS = ['user_id', 'team_id', 'event_type_id', 'o_auth_client_id'] as const;

export class WebhookUniqueUrl1732600000000 implements MigrationInterface {
  async up(q: QueryRunner): Promise<void> {
    for (const owner of OWNERS) {
      await q.query(`
        UPDATE webhooks w SET subscriber_url = w.subscriber_url || '#duplicate-' || w.id
        WHERE w.${owner} IS NOT NULL AND EXISTS (
          SELECT 1 FROM webhooks o WHERE o.${owner} = w.${owner} AND o.subscriber_url = w.subscriber_url AND o.id < w.id
        )`);
      await q.query(`CREATE UNIQUE INDEX webhooks_${owner}_url_key ON webhooks (${owner}, md5(subscriber_url)) WHERE ${owner} IS NOT NULL`);
    }
  }

  async down(q: QueryRunner): Promise<void> {
    for (const owner of OWNERS) await q.query(`DROP INDEX webhooks_${owner}_url_key`);
  }
}
