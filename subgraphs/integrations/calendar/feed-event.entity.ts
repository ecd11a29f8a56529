import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** One busy interval of a feed, as last fetched by the refresher (never fetched during a slots request). */
@Entity({ name: 'calendar_feed_events' })
export class FeedEvent {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: string;

  @Column({ name: 'credential_id', type: 'int' })
  credentialId: number;

  @Column({ name: 'user_id', type: 'int' })
  userId: number;

  /** The calendar of the credential the event is in (ics-feed: one per URL). */
  @Column({ name: 'external_id', type: 'text' })
  externalId: string;

  @Column({ name: 'start_time', type: 'timestamptz' })
  start: Date;

  @Column({ name: 'end_time', type: 'timestamptz' })
  end: Date;
}
