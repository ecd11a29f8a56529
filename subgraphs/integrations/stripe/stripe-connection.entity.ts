import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** A Stripe account connected by a user or by a team through Stripe Connect (never a GraphQL type: its tokens are secret). */
@Entity({ name: 'stripe_connections' })
export class StripeConnection {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: 'user_id', type: 'int', nullable: true })
  userId: number | null;

  @Column({ name: 'team_id', type: 'int', nullable: true })
  teamId: number | null;

  /** The connected account (`acct_…`, Stripe's `stripe_user_id`). */
  @Column({ name: 'stripe_account_id', type: 'text' })
  stripeAccountId: string;

  /** AES-256-GCM ciphertext of the OAuth tokens (provider-secret.ts). */
  @Column({ name: 'key_ciphertext', type: 'text' })
  keyCiphertext: string;

  /** Set when Stripe refused the tokens: the owner must connect again. */
  @Column({ default: false })
  invalid: boolean;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
