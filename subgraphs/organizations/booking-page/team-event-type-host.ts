import { Directive, Field, Int, ObjectType } from 'type-graphql';
import { SubgraphContext } from '../../../platform/context';
import { bookingPageUserReference } from './booking-page-user';

/**
 * The scheduling subgraph's host of a team event type (its round-robin role lives there): this subgraph adds the
 * host's public face, as BookingPageUser shows it (never the e-mail).
 */
@ObjectType({ description: 'A host of a team event type: their round-robin role here, their public face from the user directory.' })
@Directive('@key(fields: "eventTypeId userId")')
export class TeamEventTypeHost {
  @Field(() => Int)
  eventTypeId: number;

  @Field(() => Int)
  userId: number;

  @Field()
  username: string;

  @Field()
  name: string;

  @Field(() => String, { nullable: true })
  avatarUrl: string | null;
}

export const teamEventTypeHostReference = {
  __resolveReference: async (ref: { eventTypeId: number; userId: number }, ctx: SubgraphContext): Promise<TeamEventTypeHost | null> => {
    const face = await bookingPageUserReference.__resolveReference({ id: Number(ref.userId) }, ctx);
    if (!face) return null;
    return Object.assign(new TeamEventTypeHost(), {
      eventTypeId: Number(ref.eventTypeId),
      userId: face.id,
      username: face.username,
      name: face.name,
      avatarUrl: face.avatarUrl,
    });
  },
};
