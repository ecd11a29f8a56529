import { Field, Int, ObjectType } from 'type-graphql';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

export const ICS_FEED_APP = 'ics-feed';
export const ICS_FEED_TYPE = 'ics-feed_calendar';

/** A user's connection to a calendar provider (spec 2.10): an ICS feed, or an OAuth calendar. */
@Entity({ name: 'calendar_credentials' })
@ObjectType({ description: 'A calendar credential (spec 2.10): the result of saving an ICS feed or connecting a calendar.' })
export class CalendarCredential {
  @PrimaryGeneratedColumn()
  @Field(() => Int)
  id: number;

  @Column({ name: 'user_id', type: 'int' })
  @Field(() => Int, { nullable: true })
  userId: number;

  @Column({ name: 'team_id', type: 'int', nullable: true })
  @Field(() => Int, { nullable: true })
  teamId: number | null;

  @Column({ type: 'text' })
  @Field({ description: 'ics-feed_calendar, google_calendar, office365_calendar.' })
  type: string;

  @Column({ name: 'app_id', type: 'text' })
  @Field(() => String, { nullable: true, description: 'ics-feed, google-calendar, office365-calendar.' })
  appId: string;

  @Column({ default: false })
  @Field(() => Boolean, { nullable: true })
  invalid: boolean;

  @Column({ name: 'read_only', default: true })
  readOnly: boolean;

  /** AES-256-GCM ciphertext (provider-secret.ts) of the feed URLs or the provider tokens; never a GraphQL field. */
  @Column({ name: 'key_ciphertext', type: 'text' })
  keyCiphertext: string;

  @Column({ name: 'refreshed_at', type: 'timestamptz', nullable: true })
  refreshedAt: Date | null;

  @Column({ name: 'refresh_error', type: 'text', nullable: true })
  refreshError: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
