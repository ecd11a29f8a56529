import { Arg, Ctx, Directive, Int, Query, Resolver } from 'type-graphql';
import { IsNull, Not } from 'typeorm';
import { SubgraphContext } from '../../../platform/context';
import { EventType } from './event-type.entity';

/** Who owns a personal event type, or which team a team event type belongs to, for the integrations subgraph (event type webhooks, phone calls). */
@Resolver()
export class EventTypeOwnerResolver {
  @Query(() => Int, {
    nullable: true,
    description: 'The owner of a personal event type; null when there is no such personal event type. For other subgraphs only.',
  })
  @Directive('@internal')
  async personalEventTypeOwnerId(@Arg('eventTypeId', () => Int) eventTypeId: number, @Ctx() ctx: SubgraphContext): Promise<number | null> {
    const eventType = await ctx.db.getRepository(EventType).findOneBy({ id: eventTypeId, teamId: IsNull() });
    return eventType?.ownerId ?? null;
  }

  @Query(() => Int, { nullable: true, description: 'The team of a team event type; null when there is no such team event type. For other subgraphs only.' })
  @Directive('@internal')
  async teamEventTypeTeamId(@Arg('eventTypeId', () => Int) eventTypeId: number, @Ctx() ctx: SubgraphContext): Promise<number | null> {
    const eventType = await ctx.db.getRepository(EventType).findOneBy({ id: eventTypeId, teamId: Not(IsNull()) });
    return eventType?.teamId ?? null;
  }
}
