import { Args, Ctx, Directive, Query, Resolver } from 'type-graphql';
import { SubgraphContext } from '../../kit/context';
import { ownerDirectoryOf } from './event-type-lookup';
import { slotsByDay } from './group-by-day';
import { availableSlots } from './slots.service';
import { AvailableSlots, AvailableSlotsArgs, SlotDay } from './slots.types';

/** The local ISO form of one instant in `zone` (what slotsByDay writes). */
function localIso(instant: Date, zone: string): string {
  return Object.values(slotsByDay([instant], zone))[0][0].start;
}

@Resolver()
export class SlotsResolver {
  @Query(() => AvailableSlots, {
    description: 'Public: the bookable slots of an event type between startTime and endTime, grouped by day in timeZone (GET /v2/slots/available).',
  })
  @Directive('@public')
  async availableSlots(@Args() args: AvailableSlotsArgs, @Ctx() ctx: SubgraphContext): Promise<AvailableSlots> {
    const found = await availableSlots(ctx.db, ownerDirectoryOf(ctx), args);
    const length = found.eventType.lengthInMinutes * 60_000;
    const byDay = slotsByDay(found.slots.map((s) => s.start), found.timeZone);
    const days: SlotDay[] = Object.entries(byDay).map(([date, slots]) => ({
      date,
      slots: slots.map(({ start }) => ({ start, end: localIso(new Date(new Date(start).getTime() + length), found.timeZone) })),
    }));
    return {
      eventTypeId: found.eventType.id,
      lengthInMinutes: found.eventType.lengthInMinutes,
      timeZone: found.timeZone,
      days,
      slots: Object.fromEntries(days.map((d) => [d.date, d.slots.map((s) => ({ time: s.start }))])),
    };
  }
}
