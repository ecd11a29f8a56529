import { Args, Ctx, Directive, FieldResolver, Query, Resolver, Root } from 'type-graphql';
import { SubgraphContext } from '../../kit/context';
import { ownerDirectoryOf } from './event-type-lookup';
import { slotsByDay } from './group-by-day';
import { availableSlots } from './slots.service';
import { AvailableSlots, AvailableSlotsArgs, SlotDay } from './slots.types';

@Resolver(() => AvailableSlots)
export class SlotsResolver {
  @Query(() => AvailableSlots, {
    description: 'Public: the bookable slots of an event type between startTime and endTime, grouped by day in timeZone (GET /v2/slots/available).',
  })
  @Directive('@public')
  async availableSlots(@Args() args: AvailableSlotsArgs, @Ctx() ctx: SubgraphContext): Promise<AvailableSlots> {
    const found = await availableSlots(ctx.db, ownerDirectoryOf(ctx), args);
    const starts = found.slots.map((s) => s.start).sort((a, b) => a.getTime() - b.getTime());
    const byDay = slotsByDay(starts, found.timeZone);
    return Object.assign(new AvailableSlots(), {
      eventTypeId: found.eventType.id,
      lengthInMinutes: found.eventType.lengthInMinutes,
      timeZone: found.timeZone,
      starts,
      slots: Object.fromEntries(Object.entries(byDay).map(([date, slots]) => [date, slots.map(({ start }) => ({ time: start }))])),
    });
  }

  @FieldResolver(() => [SlotDay])
  days(@Root() answer: AvailableSlots): SlotDay[] {
    const length = answer.lengthInMinutes * 60_000;
    // Ends follow starts one for one (same order, same length), so one pass writes them all.
    const ends = Object.values(slotsByDay(answer.starts.map((start) => new Date(start.getTime() + length)), answer.timeZone)).flat();
    let next = 0;
    return Object.entries(slotsByDay(answer.starts, answer.timeZone)).map(([date, slots]) => ({
      date,
      slots: slots.map(({ start }) => ({ start, end: ends[next++].start })),
    }));
  }
}
