import { SubgraphContext } from '../../../platform/context';
import { groupedByKey } from '../../../platform/loaders';
import { Schedule } from './schedule.entity';
import { ScheduleService } from './schedule.service';

export const schedulesByOwnerId = (ctx: SubgraphContext) =>
  ctx.loaders.get<number, Schedule[]>('schedulesByOwnerId', async (ids) =>
    groupedByKey(ids, await new ScheduleService(ctx.db).forOwners(ids), (s) => s.ownerId),
  );
