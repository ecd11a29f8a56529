import { Arg, Ctx, Directive, Int, Query, Resolver } from 'type-graphql';
import { IsNull } from 'typeorm';
import { SubgraphContext } from '../../kit/context';
import { EventType } from './event-type.entity';

/** Who owns a personal event type, for the integrations subgraph (event type webhooks). */
@Resolver()
export class EventTypeOwnerResolver {
  @Query(() => Int, { nullable: true, description: 'The owner of a personal event type; null when there is no such personal event type. For other subgraphs only.' })
  @Directive('@internal')
  async personalEventTypeOwnerId(@Arg('eventTypeId', () => Int) eventTypeId: number, @Ctx() ctx: SubgraphContext): Promise<number | null> {
    const eventType = await ctx.db.getRepository(EventType).findOneBy({ id: eventTypeId, teamId: IsNull() });
    return eventType?.ownerId ?? null;
  }
}
