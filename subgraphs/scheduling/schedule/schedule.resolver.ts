import { Arg, Args, Ctx, Directive, Mutation, Query, Resolver } from 'type-graphql';
import { SubgraphContext } from '../../kit/context';
import { PageArgs, paginationOf } from '../../kit/pagination';
import { Schedule } from './schedule.entity';
import { CreateScheduleInput, SchedulePage } from './schedule.inputs';
import { ScheduleService } from './schedule.service';

@Resolver(() => Schedule)
export class ScheduleResolver {
  @Query(() => SchedulePage, { description: "The caller's schedules (GET /v2/schedules)." })
  @Directive('@scopes(anyOf: [["SCHEDULE_READ"]])')
  async schedules(@Args() page: PageArgs, @Ctx() ctx: SubgraphContext): Promise<SchedulePage> {
    const [items, total] = await new ScheduleService(ctx.db).list(ctx.principal.userId!, page);
    return { items, pagination: paginationOf(total, page) };
  }

  @Mutation(() => Schedule, { description: 'Creates a schedule (POST /v2/schedules).' })
  @Directive('@scopes(anyOf: [["SCHEDULE_WRITE"]])')
  createSchedule(@Arg('input') input: CreateScheduleInput, @Ctx() ctx: SubgraphContext): Promise<Schedule> {
    return new ScheduleService(ctx.db).create({ ...input, ownerId: ctx.principal.userId! });
  }
}
