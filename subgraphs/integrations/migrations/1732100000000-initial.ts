import { MigrationInterface, QueryRunner } from 'typeorm';

export class Initial1732100000000 implements MigrationInterface {
  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE webhooks (
        id serial PRIMARY KEY,
        user_id int,
        team_id int,
        event_type_id int,
        o_auth_client_id text,
        subscriber_url text NOT NULL,
        active boolean NOT NULL DEFAULT true,
        triggers text[] NOT NULL,
        payload_template text,
        secret_ciphertext text,
        version text NOT NULL DEFAULT '2021-10-20',
        "time" int CHECK ("time" IS NULL OR "time" >= 1),
        time_unit text CHECK (time_unit IN ('DAY', 'HOUR', 'MINUTE')),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX webhooks_user_id_idx ON webhooks (user_id);
      CREATE INDEX webhooks_team_id_idx ON webhooks (team_id);
      CREATE INDEX webhooks_event_type_id_idx ON webhooks (event_type_id);
      CREATE INDEX webhooks_o_auth_client_id_idx ON webhooks (o_auth_client_id);
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE webhooks;');
  }
}
