import { SubgraphContext } from '../kit/context';
import { byKey, groupedByKey } from '../kit/loaders';
import { Attendee } from './booking/attendee.entity';
import { Booking } from './booking/booking.entity';
import { BookingService } from './booking/booking.service';
import { EventType } from './event-type/event-type.entity';
import { EventTypeService } from './event-type/event-type.service';

export const eventTypeById = (ctx: SubgraphContext) =>
  ctx.loaders.get<number, EventType | null>('eventTypeById', async (ids) => byKey(ids, await new EventTypeService(ctx.db).findByIds(ids), (e) => e.id));

export const bookingById = (ctx: SubgraphContext) =>
  ctx.loaders.get<number, Booking | null>('bookingById', async (ids) => byKey(ids, await new BookingService(ctx.db).findByIds(ids), (b) => b.id));

export const bookingsByUserId = (ctx: SubgraphContext) =>
  ctx.loaders.get<number, Booking[]>('bookingsByUserId', async (ids) =>
    groupedByKey(ids, await new BookingService(ctx.db).forHosts(ids), (b) => b.userId),
  );

export const attendeesByBookingId = (ctx: SubgraphContext) =>
  ctx.loaders.get<number, Attendee[]>('attendeesByBookingId', async (ids) =>
    groupedByKey(ids, await new BookingService(ctx.db).attendeesOf(ids), (a) => a.bookingId),
  );
