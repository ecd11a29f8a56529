import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A code handed to the client's redirect_uri on Allow: single use, 10 minutes (spec 3, 4.1). */
@Entity({ name: 'authorization_codes' })
export class AuthorizationCode {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: 'code_hash', type: 'text', unique: true })
  codeHash: string;

  @Column({ name: 'client_id', type: 'text' })
  clientId: string;

  @Column({ name: 'user_id', type: 'int' })
  userId: number;

  /** The redirect_uri of the authorization request: the exchange must send the same. */
  @Column({ name: 'redirect_uri', type: 'text' })
  redirectUri: string;

  @Column({ type: 'text', array: true })
  scopes: string[];

  /** PKCE S256 challenge (base64url SHA-256 of the verifier), when the request sent one. */
  @Column({ name: 'code_challenge', type: 'text', nullable: true })
  codeChallenge: string | null;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt: Date;

  /** Set by the exchange; a second exchange revokes what the first one issued. */
  @Column({ name: 'used_at', type: 'timestamptz', nullable: true })
  usedAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
