import { Field, Int, ObjectType } from 'type-graphql';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** An e-mail address a user or a team proved it receives (workflow senders, spec 5.3 VERIFIED_RESOURCES_*). */
@Entity({ name: 'verified_emails' })
@ObjectType({ description: 'A verified e-mail address of a user or a team.' })
export class VerifiedEmail {
  @PrimaryGeneratedColumn()
  @Field(() => Int)
  id: number;

  @Column()
  @Field()
  email: string;

  @Column({ name: 'user_id', type: 'int', nullable: true })
  @Field(() => Int, { nullable: true })
  userId: number | null;

  @Column({ name: 'team_id', type: 'int', nullable: true })
  @Field(() => Int, { nullable: true })
  teamId: number | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}

/** A phone number a user or a team proved it receives text messages on. */
@Entity({ name: 'verified_phones' })
@ObjectType({ description: 'A verified phone number of a user or a team.' })
export class VerifiedPhone {
  @PrimaryGeneratedColumn()
  @Field(() => Int)
  id: number;

  @Column({ name: 'phone_number' })
  @Field()
  phoneNumber: string;

  @Column({ name: 'user_id', type: 'int', nullable: true })
  @Field(() => Int, { nullable: true })
  userId: number | null;

  @Column({ name: 'team_id', type: 'int', nullable: true })
  @Field(() => Int, { nullable: true })
  teamId: number | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}

export type VerificationChannel = 'email' | 'phone';

/** A code sent to an address: only its hash is kept; it expires, is used once, and allows a few wrong guesses. */
@Entity({ name: 'verification_codes' })
export class VerificationCode {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: string;

  @Column({ type: 'text' })
  channel: VerificationChannel;

  /** The normalised address (lower-case e-mail, E.164 phone number). */
  @Column()
  target: string;

  @Column({ name: 'user_id', type: 'int', nullable: true })
  userId: number | null;

  @Column({ name: 'team_id', type: 'int', nullable: true })
  teamId: number | null;

  @Column({ name: 'code_hash' })
  codeHash: string;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt: Date;

  @Column({ name: 'failed_attempts', default: 0 })
  failedAttempts: number;

  @Column({ name: 'used_at', type: 'timestamptz', nullable: true })
  usedAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
