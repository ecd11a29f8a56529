import { Directive, Field, Int, ObjectType } from 'type-graphql';
import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** No count cap: the link is limited by `expiresAt` alone (or not at all). */
export const NO_COUNT_CAP = -1;

@Entity({ name: 'private_links' })
@ObjectType({ description: 'A private link to book an event type (type 2.7): usable until `expiresAt` passes or the usage count reaches `maxUsageCount`.' })
@Directive('@key(fields: "linkId")')
export class PrivateLink {
  @PrimaryColumn({ name: 'link_id' })
  @Field()
  linkId: string;

  @Column({ name: 'event_type_id' })
  @Field(() => Int)
  eventTypeId: number;

  @Column({ name: 'expires_at', type: 'timestamptz', nullable: true })
  @Field(() => Date, { nullable: true, description: 'When the link stops being usable; null: no time limit.' })
  expiresAt: Date | null;

  @Column({ name: 'max_usage_count' })
  @Field(() => Int, { description: 'How many bookings the link allows; -1: no count cap.' })
  maxUsageCount: number;

  @Column({ name: 'usage_count', default: 0 })
  @Field(() => Int, { description: 'Bookings made through the link so far.' })
  usageCount: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}

/** Spec section 3: a link is expired once `expiresAt` has passed or its usage count has reached its cap. */
export function isExpired(link: Pick<PrivateLink, 'expiresAt' | 'maxUsageCount' | 'usageCount'>, now = new Date()): boolean {
  const timeIsUp = link.expiresAt != null && link.expiresAt.getTime() <= now.getTime();
  const usedUp = link.maxUsageCount !== NO_COUNT_CAP && link.usageCount >= link.maxUsageCount;
  return timeIsUp || usedUp;
}
