import { SubgraphContext } from '../../kit/context';
import { groupedByKey } from '../../kit/loaders';
import { EventTypeService } from './event-type.service';

/** Host user ids of event types: one statement for every event type of a request. */
export const hostIdsByEventTypeId = (ctx: SubgraphContext) =>
  ctx.loaders.get<number, number[]>('hostIdsByEventTypeId', async (ids) =>
    groupedByKey(ids, await new EventTypeService(ctx.db).hostsOf(ids), (h) => h.eventTypeId).map((rows) => rows.map((h) => h.userId)),
  );
