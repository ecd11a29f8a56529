import { SubgraphContext } from '../../../platform/context';
import { byKey, groupedByKey } from '../../../platform/loaders';
import { EventType } from './event-type.entity';
import { EventTypeHost } from './event-type-host.entity';
import { EventTypeService } from './event-type.service';

/** Host rows of event types (by user id): one statement for every event type of a request. */
export const hostsByEventTypeId = (ctx: SubgraphContext) =>
  ctx.loaders.get<number, EventTypeHost[]>('hostsByEventTypeId', async (ids) =>
    groupedByKey(ids, await new EventTypeService(ctx.db).hostsOf(ids), (h) => h.eventTypeId),
  );

/** Event types by id, one statement per request level. */
export const eventTypeById = (ctx: SubgraphContext) =>
  ctx.loaders.get<number, EventType | null>('eventTypeById', async (ids) => byKey(ids, await new EventTypeService(ctx.db).findByIds(ids), (e) => e.id));
