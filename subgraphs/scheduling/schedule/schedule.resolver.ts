import { GraphQLResolveInfo } from 'graphql';
import { Arg, Args, Ctx, Directive, Info, Int, Mutation, Query, Resolver } from 'type-graphql';
import { SubgraphContext } from '../../../platform/context';
import { keyedWrite } from '../../../platform/keyed-writes';
import { PageArgs, paginationOf } from '../../../platform/pagination';
import { Schedule } from './schedule.entity';
import { CreateScheduleInput, SchedulePage, UpdateScheduleInput, weeklyHoursOf } from './schedule.inputs';
import { NewSchedule, ScheduleService } from './schedule.service';

/** A schedule created with an Idempotency-Key is created once: sent again, the same schedule (platform/keyed-writes.ts). */
export function scheduleCreatedOnce(ctx: SubgraphContext, info: GraphQLResolveInfo, input: NewSchedule): Promise<Schedule> {
  const schedules = new ScheduleService(ctx.db);
  return keyedWrite(
    ctx,
    info,
    (reference) => schedules.getOwned(reference.scheduleId as number, input.ownerId),
    () => schedules.create(input),
  );
}

/** The caller's own schedules (spec 2.14, 4.15): every operation is scoped to ctx.principal.userId. */
@Resolver(() => Schedule)
export class ScheduleResolver {
  @Query(() => SchedulePage, { description: "The caller's schedules, each saying whether it is the default (GET /v2/schedules)." })
  @Directive('@scopes(anyOf: [["SCHEDULE_READ"]])')
  async schedules(@Args() page: PageArgs, @Ctx() ctx: SubgraphContext): Promise<SchedulePage> {
    const [items, total] = await new ScheduleService(ctx.db).list(ctx.principal.userId!, page);
    return { items, pagination: paginationOf(total, page) };
  }

  @Query(() => Schedule, { nullable: true, description: "The caller's default schedule; null when the caller has no schedule (GET /v2/schedules/default)." })
  @Directive('@scopes(anyOf: [["SCHEDULE_READ"]])')
  defaultSchedule(@Ctx() ctx: SubgraphContext): Promise<Schedule | null> {
    return new ScheduleService(ctx.db).defaultOf(ctx.principal.userId!);
  }

  @Query(() => Schedule, { description: "One of the caller's schedules (GET /v2/schedules/{scheduleId})." })
  @Directive('@scopes(anyOf: [["SCHEDULE_READ"]])')
  schedule(@Arg('scheduleId', () => Int) scheduleId: number, @Ctx() ctx: SubgraphContext): Promise<Schedule> {
    return new ScheduleService(ctx.db).getOwned(scheduleId, ctx.principal.userId!);
  }

  @Mutation(() => Schedule, { description: 'Creates a schedule (POST /v2/schedules).' })
  @Directive('@scopes(anyOf: [["SCHEDULE_WRITE"]])')
  createSchedule(@Arg('input') input: CreateScheduleInput, @Ctx() ctx: SubgraphContext, @Info() info: GraphQLResolveInfo): Promise<Schedule> {
    return scheduleCreatedOnce(ctx, info, { ...input, availability: weeklyHoursOf(input) ?? undefined, ownerId: ctx.principal.userId! });
  }

  @Mutation(() => Schedule, { description: "Changes one of the caller's schedules; omitted fields keep their value (PATCH /v2/schedules/{scheduleId})." })
  @Directive('@scopes(anyOf: [["SCHEDULE_WRITE"]])')
  updateSchedule(@Arg('scheduleId', () => Int) scheduleId: number, @Arg('input') input: UpdateScheduleInput, @Ctx() ctx: SubgraphContext): Promise<Schedule> {
    const { name, timeZone, isDefault, overrides } = input;
    return new ScheduleService(ctx.db).update(scheduleId, ctx.principal.userId!, { name, timeZone, isDefault, overrides, availability: weeklyHoursOf(input) });
  }

  @Mutation(() => Schedule, { description: "Deletes one of the caller's schedules and answers it (DELETE /v2/schedules/{scheduleId})." })
  @Directive('@scopes(anyOf: [["SCHEDULE_WRITE"]])')
  deleteSchedule(@Arg('scheduleId', () => Int) scheduleId: number, @Ctx() ctx: SubgraphContext): Promise<Schedule> {
    return new ScheduleService(ctx.db).remove(scheduleId, ctx.principal.userId!);
  }
}
