import { GraphQLResolveInfo } from 'graphql';
import { Arg, Ctx, Directive, Field, InputType, Info, Int, Mutation, ObjectType, Query, Resolver } from 'type-graphql';
import { SubgraphContext } from '../../../platform/context';
import { keyedWrite } from '../../../platform/keyed-writes';
import { EventType } from '../event-type/event-type.entity';
import { teamDirectoryOf } from '../team/team-directory';
import { SlotReservation } from '../booking-record/slot-reservation.entity';
import { ReservationCaller } from './slot-reservation.rules';
import { CallerOf, SlotReservationService } from './slot-reservation.service';

@InputType({ description: 'Body of POST and PATCH /v2/slots/reservations (ReserveSlotInput_2024_09_04).' })
export class ReserveSlotInput {
  @Field(() => Int) eventTypeId: number;
  @Field({ description: 'ISO 8601 start of an available slot (UTC).' }) slotStart: string;
  @Field(() => Int, { nullable: true, description: "One of the event type's lengths (default its length)." }) slotDuration?: number | null;
  @Field(() => Int, { nullable: true, description: 'Minutes the slot is held, 1 to 60 (default 5); only with a credential.' }) reservationDuration?:
    number | null;
}

@ObjectType({ description: 'A held slot (ReserveSlotOutput_2024_09_04).' })
export class SlotReservationOutput {
  @Field(() => Int) eventTypeId: number;
  @Field() slotStart: string;
  @Field() slotEnd: string;
  @Field(() => Int) slotDuration: number;
  @Field({ description: 'Send it as reservationUid in the booking body to book the held slot.' }) reservationUid: string;
  @Field(() => Int) reservationDuration: number;
  @Field() reservationUntil: string;
}

function outputOf(r: SlotReservation): SlotReservationOutput {
  return {
    eventTypeId: r.eventTypeId,
    slotStart: r.start.toISOString(),
    slotEnd: r.end.toISOString(),
    slotDuration: Math.round((r.end.getTime() - r.start.getTime()) / 60_000),
    reservationUid: r.uid,
    reservationDuration: r.reservationDuration,
    reservationUntil: r.reservedUntil.toISOString(),
  };
}

/**
 * Who the request's caller is to an event type (slot-reservation.rules.ts): anonymous; its owner, a member of
 * a team the owner belongs to, or a member of its team (related); anybody else (stranger).
 */
function callerOf(ctx: SubgraphContext): CallerOf {
  return async (eventType: EventType): Promise<ReservationCaller> => {
    const userId = ctx.principal.userId;
    if (userId == null) return 'anonymous';
    const teamIds = ctx.principal.memberships.filter((m) => m.accepted).map((m) => m.teamId);
    if (eventType.teamId != null) return teamIds.includes(eventType.teamId) ? 'related' : 'stranger';
    if (eventType.ownerId === userId) return 'related';
    const rosters = await Promise.all(teamIds.map((teamId) => teamDirectoryOf(ctx).roster(teamId)));
    return rosters.some((roster) => roster?.acceptedMemberIds.includes(eventType.ownerId!)) ? 'related' : 'stranger';
  };
}

/** Public, like the slots (spec 5.3): whoever holds a reservation's uid may read, move or free it. */
@Resolver()
export class SlotReservationResolver {
  @Mutation(() => SlotReservationOutput, { description: 'Holds a slot for a while: nobody else sees or books it (POST /v2/slots/reservations). Public.' })
  @Directive('@public')
  async reserveSlot(@Arg('input') input: ReserveSlotInput, @Ctx() ctx: SubgraphContext, @Info() info: GraphQLResolveInfo): Promise<SlotReservationOutput> {
    const reservations = new SlotReservationService(ctx.db);
    // Sent again with its Idempotency-Key after a lost answer: the reservation it placed, not a 422 for the slot it holds.
    const reservation = await keyedWrite(
      ctx,
      info,
      (reference) => reservations.get(reference.reservationUid as string),
      () => reservations.reserve(input, callerOf(ctx)),
    );
    return outputOf(reservation);
  }

  @Query(() => SlotReservationOutput, { description: 'A reservation by its uid (GET /v2/slots/reservations/{uid}). Public.' })
  @Directive('@public')
  async slotReservation(@Arg('uid') uid: string, @Ctx() ctx: SubgraphContext): Promise<SlotReservationOutput> {
    return outputOf(await new SlotReservationService(ctx.db).get(uid));
  }

  @Mutation(() => SlotReservationOutput, { description: 'Moves or renews a reservation (PATCH /v2/slots/reservations/{uid}). Public.' })
  @Directive('@public')
  async updateSlotReservation(@Arg('uid') uid: string, @Arg('input') input: ReserveSlotInput, @Ctx() ctx: SubgraphContext): Promise<SlotReservationOutput> {
    return outputOf(await new SlotReservationService(ctx.db).update(uid, input, callerOf(ctx)));
  }

  @Mutation(() => SlotReservationOutput, {
    description: 'Frees a reserved slot and answers the reservation as it was (DELETE /v2/slots/reservations/{uid}). Public.',
  })
  @Directive('@public')
  async deleteSlotReservation(@Arg('uid') uid: string, @Ctx() ctx: SubgraphContext): Promise<SlotReservationOutput> {
    return outputOf(await new SlotReservationService(ctx.db).delete(uid));
  }
}
