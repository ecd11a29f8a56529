import { Field, Int, ObjectType } from 'type-graphql';
import { DataSource, In, IsNull, LessThan, MoreThanOrEqual, Not } from 'typeorm';
import { EventType } from '../event-type/event-type.entity';
import { BookingPageUser } from '../user/booking-page-user.stub';
import { OutOfOfficeEntry } from './out-of-office.entity';

@ObjectType({
  description:
    'A period the owner of the event type is away and has named someone to cover: the slots of those days are not offered; book with `toUser` instead (their event type of the same slug, when they have one).',
})
export class OutOfOfficeRedirect {
  @Field({ description: 'Start of the first away day, UTC.' })
  start: Date;

  @Field({ description: 'End of the last away day (23:59:59.999), UTC.' })
  end: Date;

  @Field({ description: 'unspecified, vacation, travel, sick or public_holiday.' })
  reason: string;

  @Field(() => BookingPageUser, { description: 'Who covers: their booking page is at their username.' })
  toUser: BookingPageUser;

  @Field(() => Int, {
    nullable: true,
    description: "toUser's visible personal event type with the same slug; null when they have none (send the booker to toUser's page).",
  })
  toEventTypeId: number | null;

  @Field(() => String, { nullable: true })
  toEventTypeSlug: string | null;
}

/**
 * The redirects of a personal event type's owner in [from, to): their out-of-office periods that
 * name a `toUserId`, each pointing to the covering user and to that user's event type of the same
 * slug. Notes are private and are not answered.
 */
export async function outOfOfficeRedirects(
  db: DataSource,
  eventType: Pick<EventType, 'ownerId' | 'teamId' | 'slug'>,
  from: Date,
  to: Date,
): Promise<OutOfOfficeRedirect[]> {
  if (eventType.ownerId == null || eventType.teamId != null) return [];
  const entries = await db.getRepository(OutOfOfficeEntry).find({
    where: { userId: eventType.ownerId, toUserId: Not(IsNull()), start: LessThan(to), end: MoreThanOrEqual(from) },
    order: { start: 'ASC' },
  });
  if (!entries.length) return [];
  const covering = [...new Set(entries.map((e) => e.toUserId!))];
  const twins = await db.getRepository(EventType).find({
    select: { id: true, slug: true, ownerId: true },
    where: { ownerId: In(covering), teamId: IsNull(), slug: eventType.slug, hidden: false },
  });
  return entries.map((e) => {
    const twin = twins.find((t) => t.ownerId === e.toUserId);
    return Object.assign(new OutOfOfficeRedirect(), {
      start: e.start,
      end: e.end,
      reason: e.reason,
      toUser: Object.assign(new BookingPageUser(), { id: e.toUserId! }),
      toEventTypeId: twin?.id ?? null,
      toEventTypeSlug: twin?.slug ?? null,
    });
  });
}
