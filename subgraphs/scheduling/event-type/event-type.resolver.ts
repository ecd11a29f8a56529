import { Arg, Args, Ctx, Directive, FieldResolver, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import { SubgraphContext } from '../../kit/context';
import { PageArgs, paginationOf } from '../../kit/pagination';
import { Team } from '../team/team.stub';
import { User } from '../user/user.stub';
import { EventType } from './event-type.entity';
import { CreateEventTypeInput, EventTypePage, UpdateEventTypeInput } from './event-type.inputs';
import { hostIdsByEventTypeId } from './event-type.loaders';
import { EventTypeService } from './event-type.service';

@Resolver(() => EventType)
export class EventTypeResolver {
  @Query(() => EventTypePage, { description: "The caller's personal event types (GET /v2/event-types)." })
  @Directive('@scopes(anyOf: [["EVENT_TYPE_READ"]])')
  async eventTypes(@Args() page: PageArgs, @Ctx() ctx: SubgraphContext): Promise<EventTypePage> {
    const [items, total] = await new EventTypeService(ctx.db).listPersonal(ctx.principal.userId!, page);
    return { items, pagination: paginationOf(total, page) };
  }

  @Query(() => EventType, { description: 'One of the caller\'s personal event types.' })
  @Directive('@scopes(anyOf: [["EVENT_TYPE_READ"]])')
  eventType(@Arg('eventTypeId', () => Int) eventTypeId: number, @Ctx() ctx: SubgraphContext): Promise<EventType> {
    return new EventTypeService(ctx.db).getPersonal(eventTypeId, ctx.principal.userId!);
  }

  @Mutation(() => EventType, { description: 'Creates a personal event type (POST /v2/event-types).' })
  @Directive('@scopes(anyOf: [["EVENT_TYPE_WRITE"]])')
  createEventType(@Arg('input') input: CreateEventTypeInput, @Ctx() ctx: SubgraphContext): Promise<EventType> {
    return new EventTypeService(ctx.db).create({ ...input, ownerId: ctx.principal.userId });
  }

  @Mutation(() => EventType, { description: 'Changes a personal event type; `teamId` and `parentId` cannot change (PATCH /v2/event-types/{eventTypeId}).' })
  @Directive('@scopes(anyOf: [["EVENT_TYPE_WRITE"]])')
  updateEventType(
    @Arg('eventTypeId', () => Int) eventTypeId: number,
    @Arg('input') input: UpdateEventTypeInput,
    @Ctx() ctx: SubgraphContext,
  ): Promise<EventType> {
    return new EventTypeService(ctx.db).update(eventTypeId, ctx.principal.userId!, input);
  }

  @Mutation(() => EventType, { description: 'Deletes a personal event type and answers it as it was (DELETE /v2/event-types/{eventTypeId}).' })
  @Directive('@scopes(anyOf: [["EVENT_TYPE_WRITE"]])')
  deleteEventType(@Arg('eventTypeId', () => Int) eventTypeId: number, @Ctx() ctx: SubgraphContext): Promise<EventType> {
    return new EventTypeService(ctx.db).deletePersonal(eventTypeId, ctx.principal.userId!);
  }

  @FieldResolver(() => [User], { description: 'Users who host a team event type (empty for a personal one: its owner hosts it).' })
  async hosts(@Root() eventType: EventType, @Ctx() ctx: SubgraphContext): Promise<User[]> {
    const ids = await hostIdsByEventTypeId(ctx).load(eventType.id);
    return ids.map((id) => Object.assign(new User(), { id }));
  }

  @FieldResolver(() => Team, { nullable: true, description: 'The team that owns a team event type.' })
  team(@Root() eventType: EventType): Team | null {
    return eventType.teamId == null ? null : Object.assign(new Team(), { id: eventType.teamId });
  }
}
