import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

export type TokenKind = 'access' | 'refresh';

/** An access token (1800 s) or a refresh token (rotated on use) of a grant; only its hash is stored. */
@Entity({ name: 'oauth_tokens' })
export class OAuthToken {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: 'grant_id', type: 'int' })
  grantId: number;

  @Column({ type: 'text' })
  kind: TokenKind;

  @Column({ name: 'token_hash', type: 'text', unique: true })
  tokenHash: string;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt: Date;

  /** Refresh tokens: set when exchanged for new tokens (rotation). */
  @Column({ name: 'used_at', type: 'timestamptz', nullable: true })
  usedAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
