import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The sign-up e-mail of an account an organization made (POST /v2/organizations/{orgId}/users): an outbox row
 * written with the account, and once the e-mail is sent, the SHA-256 of its one-time link's secret.
 */
export class SignUpInvitations1736000000001 implements MigrationInterface {
  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE sign_up_invitations (
        user_id int PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
        organization_id int NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
        inviter_id int REFERENCES users (id) ON DELETE SET NULL,
        token_hash text,
        expires_at timestamptz,
        used_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        attempts int NOT NULL DEFAULT 0,
        next_attempt_at timestamptz NOT NULL DEFAULT now(),
        completed_at timestamptz,
        last_error text
      );
      CREATE INDEX sign_up_invitations_pending_idx ON sign_up_invitations (next_attempt_at) WHERE completed_at IS NULL;
      CREATE INDEX sign_up_invitations_organization_idx ON sign_up_invitations (organization_id);
      CREATE INDEX sign_up_invitations_inviter_idx ON sign_up_invitations (inviter_id);
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE sign_up_invitations');
  }
}
