import { Field, Int, ObjectType } from 'type-graphql';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

@Entity({ name: 'api_keys' })
@ObjectType({ description: 'An API key of a user; the key itself is shown once, when it is created.' })
export class ApiKey {
  @PrimaryGeneratedColumn()
  @Field(() => Int)
  id: number;

  @Column({ name: 'user_id', type: 'int' })
  @Field(() => Int)
  userId: number;

  /** Hex SHA-256 of the whole key; never a GraphQL field. */
  @Column({ name: 'hashed_key', type: 'text', unique: true })
  hashedKey: string;

  @Column({ name: 'key_hint', type: 'text' })
  @Field({ description: 'Last 4 characters of the key.' })
  keyHint: string;

  @Column({ type: 'text', nullable: true })
  @Field(() => String, { nullable: true })
  note: string | null;

  @Column({ name: 'expires_at', type: 'timestamptz', nullable: true })
  @Field(() => Date, { nullable: true })
  expiresAt: Date | null;

  @Column({ name: 'last_used_at', type: 'timestamptz', nullable: true })
  @Field(() => Date, { nullable: true, description: 'Updated at most once a minute.' })
  lastUsedAt: Date | null;

  @Column({ name: 'revoked_at', type: 'timestamptz', nullable: true })
  revokedAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  @Field()
  createdAt: Date;
}
