import { GraphQLJSONObject } from 'graphql-scalars';
import { Args, Ctx, Directive, FieldResolver, Query, Resolver, Root } from 'type-graphql';
import { badInput } from '../../../platform/errors';
import { SubgraphContext } from '../../../platform/context';
import { ownerDirectoryOf } from './event-type-lookup';
import { slotsByDay } from './group-by-day';
import { availableSlots, groupSlots } from './slots.service';
import { slotRange } from '../../../platform/slot-range';
import { AvailableSlots, AvailableSlotsArgs, SlotDay, SlotsArgs } from './slots.types';

@Resolver(() => AvailableSlots)
export class SlotsResolver {
  @Query(() => AvailableSlots, {
    description: 'Public: the bookable slots of an event type between startTime and endTime, grouped by day in timeZone (GET /v2/slots/available).',
  })
  @Directive('@public')
  async availableSlots(@Args() args: AvailableSlotsArgs, @Ctx() ctx: SubgraphContext): Promise<AvailableSlots> {
    const format = args.slotFormat ?? 'time';
    if (format !== 'time' && format !== 'range') throw badInput('slotFormat', `slotFormat must be time or range, got ${JSON.stringify(format)}`);
    const found = await availableSlots(ctx.db, ownerDirectoryOf(ctx), args);
    const starts = found.slots.map((s) => s.start).sort((a, b) => a.getTime() - b.getTime());
    const byDay = slotsByDay(starts, found.timeZone);
    const length = found.lengthInMinutes * 60_000;
    const ends =
      format === 'range'
        ? Object.values(
            slotsByDay(
              starts.map((start) => new Date(start.getTime() + length)),
              found.timeZone,
            ),
          ).flat()
        : [];
    // A seated event type that shows its availability count: the seats taken at the start of a booking with a free seat.
    // The booking's uid is not shown (the real service's bookingUid): anybody holding it may cancel or reschedule it.
    const taken = new Map<number, number>();
    if (found.eventType.seats?.showAvailabilityCount)
      for (const b of found.joinable) if (!taken.has(b.start.getTime())) taken.set(b.start.getTime(), b.attendees);
    let next = 0;
    const written = (start: string, at: Date): Record<string, string | number> => {
      const slot: Record<string, string | number> = format === 'range' ? { startTime: start, endTime: ends[next++].start } : { time: start };
      const attendees = taken.get(at.getTime());
      if (attendees !== undefined) slot.attendees = attendees;
      return slot;
    };
    let index = 0;
    return Object.assign(new AvailableSlots(), {
      eventTypeId: found.eventType.id,
      lengthInMinutes: found.lengthInMinutes,
      timeZone: found.timeZone,
      starts,
      asked: { eventType: found.eventType, ...slotRange(args.startTime, args.endTime) },
      slots: Object.fromEntries(Object.entries(byDay).map(([date, slots]) => [date, slots.map(({ start }) => written(start, starts[index++]))])),
    });
  }

  @Query(() => GraphQLJSONObject, {
    description:
      'Public: bookable slots by date in timeZone, `{"YYYY-MM-DD": [{start}]}` or with format=range `[{start, end}]` (GET /v2/slots, svc-api-version 2024-09-04).',
  })
  @Directive('@public')
  async slots(@Args() args: SlotsArgs, @Ctx() ctx: SubgraphContext): Promise<Record<string, Array<{ start: string; end?: string }>>> {
    const format = args.format ?? 'time';
    if (format !== 'time' && format !== 'range') throw badInput('format', 'format must be time or range');
    const directory = ownerDirectoryOf(ctx);
    const found = args.usernames
      ? await groupSlots(ctx.db, directory, {
          usernames: args.usernames,
          organizationSlug: args.organizationSlug,
          startTime: args.start,
          endTime: args.end,
          timeZone: args.timeZone,
          duration: args.duration,
        })
      : await availableSlots(ctx.db, directory, { ...args, startTime: args.start, endTime: args.end });
    const starts = found.slots.map((s) => s.start);
    const byDay = slotsByDay(starts, found.timeZone);
    if (format === 'time') return byDay;
    const length = found.lengthInMinutes * 60_000;
    const ends = Object.values(
      slotsByDay(
        starts.sort((a, b) => a.getTime() - b.getTime()).map((s) => new Date(s.getTime() + length)),
        found.timeZone,
      ),
    ).flat();
    let next = 0;
    return Object.fromEntries(Object.entries(byDay).map(([date, slots]) => [date, slots.map(({ start }) => ({ start, end: ends[next++].start }))]));
  }

  @FieldResolver(() => [SlotDay])
  days(@Root() answer: AvailableSlots): SlotDay[] {
    const length = answer.lengthInMinutes * 60_000;
    // Ends follow starts one for one (same order, same length), so one pass writes them all.
    const ends = Object.values(
      slotsByDay(
        answer.starts.map((start) => new Date(start.getTime() + length)),
        answer.timeZone,
      ),
    ).flat();
    let next = 0;
    return Object.entries(slotsByDay(answer.starts, answer.timeZone)).map(([date, slots]) => ({
      date,
      slots: slots.map(({ start }) => ({ start, end: ends[next++].start })),
    }));
  }
}
