import { Field, Int, ObjectType } from 'type-graphql';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A conferencing app connected by a user or a team (spec 2.11). */
@Entity({ name: 'conferencing_connections' })
@ObjectType({ description: 'A conferencing app connection (spec 2.11).' })
export class ConferencingConnection {
  @PrimaryGeneratedColumn()
  @Field(() => Int)
  id: number;

  @Column({ name: 'user_id', type: 'int', nullable: true })
  @Field(() => Int, { nullable: true, description: "The user whose connection it is (null for a team's)." })
  userId: number | null;

  @Column({ name: 'team_id', type: 'int', nullable: true })
  @Field(() => Int, { nullable: true })
  teamId: number | null;

  @Column({ type: 'text' })
  app: string;

  @Column({ type: 'text' })
  @Field({ description: 'google_video, zoom_video, office365_video, daily_video.' })
  type: string;

  @Column({ default: false })
  @Field(() => Boolean, { nullable: true })
  invalid: boolean;

  @Column({ name: 'is_default', default: false })
  isDefault: boolean;

  /** AES-256-GCM ciphertext of the provider's OAuth tokens (provider-secret.ts); never a GraphQL field. */
  @Column({ name: 'key_ciphertext', type: 'text', nullable: true })
  keyCiphertext: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
