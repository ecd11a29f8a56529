import { Entity, PrimaryColumn } from 'typeorm';

/** A user who can host a team event type. */
@Entity({ name: 'event_type_hosts' })
export class EventTypeHost {
  @PrimaryColumn({ name: 'event_type_id' })
  eventTypeId: number;

  @PrimaryColumn({ name: 'user_id' })
  userId: number;
}
