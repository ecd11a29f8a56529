import { SubgraphContext } from '../../../platform/context';
import { In } from 'typeorm';
import { byKey, groupedByKey } from '../../../platform/loaders';
import { Attendee } from '../booking-record/attendee.entity';
import { Booking } from '../booking-record/booking.entity';
import { BookingHost } from '../booking-record/booking-host.entity';
import { BookingService } from './booking.service';
import { UserEmailsDocument } from '../contracts/generated';

export const bookingById = (ctx: SubgraphContext) =>
  ctx.loaders.get<number, Booking | null>('bookingById', async (ids) => byKey(ids, await new BookingService(ctx.db).findByIds(ids), (b) => b.id));

export const bookingsByUserId = (ctx: SubgraphContext) =>
  ctx.loaders.get<number, Booking[]>('bookingsByUserId', async (ids) => groupedByKey(ids, await new BookingService(ctx.db).forHosts(ids), (b) => b.userId));

export const attendeesByBookingId = (ctx: SubgraphContext) =>
  ctx.loaders.get<number, Attendee[]>('attendeesByBookingId', async (ids) =>
    groupedByKey(ids, await new BookingService(ctx.db).attendeesOf(ids), (a) => a.bookingId),
  );

/** Every host a booking occupies, the organizer first (then co-hosts of a collective booking by user id): one statement. */
export const hostIdsByBookingId = (ctx: SubgraphContext) =>
  ctx.loaders.get<number, number[]>('hostIdsByBookingId', async (ids) => {
    const rows = await ctx.db.getRepository(BookingHost).find({ where: { bookingId: In([...ids]) }, order: { organizer: 'DESC', userId: 'ASC' } });
    return groupedByKey(ids, rows, (h) => h.bookingId).map((hosts) => hosts.map((h) => h.userId));
  });

/** Users' e-mails by id, from the organizations subgraph: one call for every booking of the request. */
export const userEmailById = (ctx: SubgraphContext) =>
  ctx.loaders.get<number, string | null>('userEmailById', async (ids) => {
    const { usersById } = await ctx.graph.call(UserEmailsDocument, { ids: [...ids] });
    return byKey(ids, usersById, (user) => user.id).map((user) => user?.email ?? null);
  });
