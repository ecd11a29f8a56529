import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A user who can host a team event type, with their place among its hosts (host-roles.ts). */
@Entity({ name: 'event_type_hosts' })
export class EventTypeHost {
  @PrimaryColumn({ name: 'event_type_id' })
  eventTypeId: number;

  @PrimaryColumn({ name: 'user_id' })
  userId: number;

  /** Round robin: every booking includes this host (who must be free), next to the one optional host picked. */
  @Column({ default: false })
  mandatory: boolean;

  /** Round robin: index in HOST_PRIORITIES (0 lowest … 4 highest); a free host of higher priority is picked first. */
  @Column({ type: 'smallint', default: 2 })
  priority: number;
}
