import { SubgraphContext } from '../../../platform/context';
import { checkEmail } from '../booking-record/booking-rules';
import { UserEmailsDocument } from '../contracts/generated';

/**
 * Who cancels or reschedules a booking, by e-mail (cancelledByEmail, rescheduledByEmail of the reference): the user
 * whose credential came with the request (from the organizations subgraph); null without one (a booker's public call).
 */
export async function callerEmail(ctx: SubgraphContext): Promise<string | null> {
  const id = ctx.principal.userId;
  if (id == null) return null;
  const { usersById } = await ctx.graph.call(UserEmailsDocument, { ids: [id] });
  return usersById.find((user) => user.id === id)?.email ?? null;
}

/** A reschedule's author: its `rescheduledBy` (an e-mail address, else 400 naming it), else the caller's e-mail. */
export function rescheduledByOf(ctx: SubgraphContext, rescheduledBy: string | null | undefined): Promise<string | null> {
  return rescheduledBy == null ? callerEmail(ctx) : Promise.resolve(checkEmail('rescheduledBy', rescheduledBy));
}
