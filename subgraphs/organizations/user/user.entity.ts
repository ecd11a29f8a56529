import { GraphQLJSONObject } from 'graphql-scalars';
import { Directive, Field, Int, ObjectType } from 'type-graphql';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

@Entity({ name: 'users' })
@ObjectType({ description: 'A person who uses the service.' })
@Directive('@key(fields: "id")')
export class User {
  @PrimaryGeneratedColumn()
  @Field(() => Int)
  id: number;

  @Column()
  @Field()
  email: string;

  @Column()
  @Field()
  username: string;

  @Column()
  @Field()
  name: string;

  @Column({ name: 'time_zone' })
  @Field({ description: 'IANA time zone name.' })
  timeZone: string;

  @Column({ type: 'text', nullable: true })
  @Field(() => String, { nullable: true })
  bio: string | null;

  @Column({ name: 'avatar_url', type: 'text', nullable: true })
  @Field(() => String, { nullable: true })
  avatarUrl: string | null;

  @Column({ type: 'jsonb', default: {} })
  @Field(() => GraphQLJSONObject)
  metadata: Record<string, unknown>;

  @Column({ name: 'time_format', type: 'int', default: 12 })
  @Field(() => Int, { description: '12 or 24 (hour clock).' })
  timeFormat: number;

  @Column({ name: 'week_start', type: 'text', default: 'Sunday' })
  @Field({ description: 'Monday … Sunday: the first day of the week in calendars.' })
  weekStart: string;

  @Column({ type: 'text', default: 'en' })
  @Field({ description: 'Language of the user interface and e-mails (en, de, pt-BR, …).' })
  locale: string;

  /** The theme of the user's booking pages (light, dark, …; null: the default), set by the organization that made the account. */
  @Column({ type: 'text', nullable: true })
  theme: string | null;

  /** scrypt hash; see password.ts. */
  @Column({ name: 'password_hash', type: 'text', nullable: true })
  passwordHash: string | null;

  @Column({ name: 'is_service_admin', default: false })
  @Field({ description: 'A service administrator reviews OAuth clients.' })
  @Directive('@ownData(userId: "parent.id")')
  isServiceAdmin: boolean;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  @Field()
  createdAt: Date;

  /** The platform OAuth client whose managed user this is (`/v2/oauth-clients/{clientId}/users`); null for everyone else. Not a GraphQL field. */
  @Column({ name: 'platform_oauth_client_id', type: 'text', nullable: true })
  platformOAuthClientId: string | null;
}
