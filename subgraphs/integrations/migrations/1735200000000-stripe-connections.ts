import { MigrationInterface, QueryRunner } from 'typeorm';

/** Stripe accounts connected by a user or a team (Stripe Connect OAuth): the account id and the sealed tokens. */
export class StripeConnections1735200000000 implements MigrationInterface {
  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE stripe_connections (
        id serial PRIMARY KEY,
        user_id int,
        team_id int,
        stripe_account_id text NOT NULL,
        key_ciphertext text NOT NULL,
        invalid boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CHECK ((user_id IS NULL) <> (team_id IS NULL))
      )`);
    // One connection per user (personal) and per team: a new consent replaces the old one.
    await q.query(`CREATE UNIQUE INDEX stripe_connections_user ON stripe_connections (user_id) WHERE team_id IS NULL`);
    await q.query(`CREATE UNIQUE INDEX stripe_connections_team ON stripe_connections (team_id) WHERE team_id IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE stripe_connections`);
  }
}
