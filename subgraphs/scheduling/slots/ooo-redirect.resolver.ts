import { Ctx, FieldResolver, Resolver, Root } from 'type-graphql';
import { SubgraphContext } from '../../../platform/context';
import { AvailableSlots } from './slots.types';
import { OutOfOfficeRedirect, outOfOfficeRedirects } from '../out-of-office/ooo-redirect';

/** The booking page of an away user points to the colleague covering for them (out-of-office `toUserId`). */
@Resolver(() => AvailableSlots)
export class OutOfOfficeRedirectResolver {
  @FieldResolver(() => [OutOfOfficeRedirect], {
    nullable: true,
    description: "The event type owner's out-of-office periods in the range that name someone to cover, in start order; null when there is none.",
  })
  async away(@Root() answer: AvailableSlots, @Ctx() ctx: SubgraphContext): Promise<OutOfOfficeRedirect[] | null> {
    const redirects = await outOfOfficeRedirects(ctx.db, answer.asked.eventType, answer.asked.start, answer.asked.end);
    return redirects.length ? redirects : null;
  }
}
