import { Arg, Ctx, Directive, FieldResolver, Int, Mutation, Resolver, Root } from 'type-graphql';
import { SubgraphContext } from '../../../platform/context';
import { Schedule } from './schedule.entity';
import { ScheduleService } from './schedule.service';
import { schedulingSettingsByUserId } from '../booking-limit/scheduling-settings.loaders';
import { User } from '../user/user.stub';

/** The user's default schedule: shown in GET/PATCH /v2/me, moved by PATCH /v2/me's defaultScheduleId. */
@Resolver(() => User)
export class UserDefaultScheduleResolver {
  @FieldResolver(() => Int, { nullable: true, description: "The id of the user's default schedule; null when the user has no schedule." })
  @Directive('@scopes(anyOf: [["PROFILE_READ"], ["PROFILE_WRITE"]])')
  @Directive('@ownData(userId: "parent.id")')
  defaultScheduleId(@Root() user: User, @Ctx() ctx: SubgraphContext): Promise<number | null> {
    return schedulingSettingsByUserId(ctx)
      .load(user.id)
      .then((settings) => settings.defaultScheduleId);
  }

  @Mutation(() => Boolean, {
    description: "Makes the schedule the user's default; false when it is not one of the user's schedules. For the organizations subgraph (PATCH /v2/me).",
  })
  @Directive('@internal')
  async makeDefaultScheduleOf(
    @Arg('userId', () => Int) userId: number,
    @Arg('scheduleId', () => Int) scheduleId: number,
    @Ctx() ctx: SubgraphContext,
  ): Promise<boolean> {
    const owned = await ctx.db.getRepository(Schedule).existsBy({ id: scheduleId, ownerId: userId });
    if (!owned) return false;
    await new ScheduleService(ctx.db).update(scheduleId, userId, { isDefault: true });
    return true;
  }

  @Mutation(() => Boolean, {
    description:
      "The user's default schedule takes the user's new time zone (PATCH /v2/me with timeZone, as in the reference service); false when the user has no default schedule. For the organizations subgraph.",
  })
  @Directive('@internal')
  async moveDefaultScheduleTimeZoneOf(
    @Arg('userId', () => Int) userId: number,
    @Arg('timeZone') timeZone: string,
    @Ctx() ctx: SubgraphContext,
  ): Promise<boolean> {
    const schedule = await ctx.db.getRepository(Schedule).findOneBy({ ownerId: userId, isDefault: true });
    if (!schedule) return false;
    await new ScheduleService(ctx.db).update(schedule.id, userId, { timeZone });
    return true;
  }
}
