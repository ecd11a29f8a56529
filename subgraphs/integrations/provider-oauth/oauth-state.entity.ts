import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/**
 * A pending provider consent (the `state` of an authorization URL): bound to the user (and team) who
 * asked for it, stored by hash only, consumed once, expiring. The PKCE verifier is sealed.
 */
@Entity({ name: 'provider_oauth_states' })
export class ProviderOAuthState {
  @PrimaryColumn({ name: 'state_hash', type: 'text' })
  stateHash: string;

  @Column({ type: 'text' })
  app: string;

  @Column({ name: 'user_id', type: 'int' })
  userId: number;

  @Column({ name: 'team_id', type: 'int', nullable: true })
  teamId: number | null;

  @Column({ name: 'org_id', type: 'int', nullable: true })
  orgId: number | null;

  @Column({ name: 'verifier_ciphertext', type: 'text' })
  verifierCiphertext: string;

  @Column({ name: 'return_to', type: 'text', nullable: true })
  returnTo: string | null;

  @Column({ name: 'on_error_return_to', type: 'text', nullable: true })
  onErrorReturnTo: string | null;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt: Date;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
