import { Directive, Field, Int, ObjectType } from 'type-graphql';
import { SubgraphContext } from '../../../platform/context';
import { EventType } from './event-type.entity';
import { EventTypeHost } from './event-type-host.entity';
import { eventTypeById, hostsByEventTypeId } from './event-type.loaders';
import { priorityName } from './host-roles';

/**
 * A host of a team event type as its answers show it (reference `TeamEventTypeResponseHost`): their place among the
 * hosts here, their public face (name, username, avatar; never the e-mail) from the organizations subgraph.
 */
@ObjectType({ description: 'A host of a team event type: their round-robin role here, their public face from the user directory.' })
@Directive('@key(fields: "eventTypeId userId")')
export class TeamEventTypeHost {
  @Field(() => Int)
  eventTypeId: number;

  @Field(() => Int)
  userId: number;

  @Field(() => Boolean, {
    nullable: true,
    description: 'Round robin: true when every booking includes this host, next to the one optional host picked. Null for other scheduling types.',
  })
  mandatory: boolean | null;

  @Field(() => String, {
    nullable: true,
    description:
      'Round robin: lowest, low, medium, high or highest; among free optional hosts, a higher priority is picked first. Null for other scheduling types.',
  })
  priority: string | null;
}

/** The answer's form of a host row of `eventType`: the round-robin role only where it means something (as the real service answers). */
export function teamEventTypeHostOf(eventType: Pick<EventType, 'id' | 'schedulingType'>, host: EventTypeHost): TeamEventTypeHost {
  const roundRobin = eventType.schedulingType !== 'collective' && eventType.schedulingType !== 'managed';
  return Object.assign(new TeamEventTypeHost(), {
    eventTypeId: eventType.id,
    userId: host.userId,
    mandatory: roundRobin ? host.mandatory : null,
    priority: roundRobin ? priorityName(host.priority) : null,
  });
}

export const teamEventTypeHostReference = {
  __resolveReference: async (ref: { eventTypeId: number; userId: number }, ctx: SubgraphContext): Promise<TeamEventTypeHost | null> => {
    const [eventType, hosts] = await Promise.all([eventTypeById(ctx).load(Number(ref.eventTypeId)), hostsByEventTypeId(ctx).load(Number(ref.eventTypeId))]);
    const host = hosts.find((h) => h.userId === Number(ref.userId));
    return eventType && host ? teamEventTypeHostOf(eventType, host) : null;
  },
};
