import { SubgraphContext } from '../../../platform/context';
import { byKey, groupedByKey } from '../../../platform/loaders';
import { EventType } from './event-type.entity';
import { EventTypeService } from './event-type.service';

/** Host user ids of event types: one statement for every event type of a request. */
export const hostIdsByEventTypeId = (ctx: SubgraphContext) =>
  ctx.loaders.get<number, number[]>('hostIdsByEventTypeId', async (ids) =>
    groupedByKey(ids, await new EventTypeService(ctx.db).hostsOf(ids), (h) => h.eventTypeId).map((rows) => rows.map((h) => h.userId)),
  );

/** Event types by id, one statement per request level. */
export const eventTypeById = (ctx: SubgraphContext) =>
  ctx.loaders.get<number, EventType | null>('eventTypeById', async (ids) => byKey(ids, await new EventTypeService(ctx.db).findByIds(ids), (e) => e.id));
