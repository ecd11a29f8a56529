import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Credits (spec 5.3 CREDITS_READ / CREDITS_WRITE): one balance row per user or team, changed only
 * under its row lock and never below zero, and an append-only ledger of every grant and charge.
 */
export class Credits1734300000000 implements MigrationInterface {
  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE credit_balances (
        id serial PRIMARY KEY,
        user_id int REFERENCES users (id) ON DELETE CASCADE,
        team_id int REFERENCES teams (id) ON DELETE CASCADE,
        balance int NOT NULL DEFAULT 0 CHECK (balance >= 0),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CHECK ((user_id IS NULL) <> (team_id IS NULL))
      );
      CREATE UNIQUE INDEX credit_balances_user ON credit_balances (user_id) WHERE user_id IS NOT NULL;
      CREATE UNIQUE INDEX credit_balances_team ON credit_balances (team_id) WHERE team_id IS NOT NULL;

      CREATE TABLE credit_entries (
        id bigserial PRIMARY KEY,
        balance_id int NOT NULL REFERENCES credit_balances (id) ON DELETE CASCADE,
        kind text NOT NULL CHECK (kind IN ('grant', 'charge')),
        -- Signed: grants add, charges subtract.
        amount int NOT NULL CHECK ((kind = 'grant' AND amount > 0) OR (kind = 'charge' AND amount < 0)),
        balance_after int NOT NULL CHECK (balance_after >= 0),
        credit_for text,
        external_ref text,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      -- A charge repeated with the same externalRef is the same charge (idempotent retries).
      CREATE UNIQUE INDEX credit_entries_external_ref ON credit_entries (balance_id, external_ref) WHERE external_ref IS NOT NULL;
      CREATE INDEX credit_entries_balance ON credit_entries (balance_id, id);

      -- The ledger is append-only: entries are never rewritten (they go only with their account).
      CREATE FUNCTION credit_entries_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'credit_entries is append-only';
      END $$;
      CREATE TRIGGER credit_entries_append_only BEFORE UPDATE ON credit_entries
        FOR EACH ROW EXECUTE FUNCTION credit_entries_append_only();
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE credit_entries; DROP TABLE credit_balances; DROP FUNCTION credit_entries_append_only();');
  }
}
