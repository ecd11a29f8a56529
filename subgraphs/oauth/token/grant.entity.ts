import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/**
 * What a user allowed a client: the scopes, from one authorization code, through every refresh.
 * Revoking it ends every access and refresh token issued under it.
 */
@Entity({ name: 'oauth_grants' })
export class OAuthGrant {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: 'client_id', type: 'text' })
  clientId: string;

  @Column({ name: 'user_id', type: 'int' })
  userId: number;

  @Column({ type: 'text', array: true })
  scopes: string[];

  @Column({ name: 'authorization_code_id', type: 'int', nullable: true, unique: true })
  authorizationCodeId: number | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ name: 'revoked_at', type: 'timestamptz', nullable: true })
  revokedAt: Date | null;
}
