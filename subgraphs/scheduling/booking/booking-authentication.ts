import { authorize } from '../../../platform/authz-directives';
import { SubgraphContext } from '../../../platform/context';
import { forbidden, unauthenticated } from '../../../platform/errors';
import { EventType } from '../event-type/event-type.entity';
import { teamDirectoryOf } from '../team/team-directory';

/**
 * `bookingRequiresAuthentication` (reference: "only authenticated users who are the event-type owner or
 * org/team admin/owner can book this event type"): booking stays a public operation (spec 5.3, no scope),
 * but such an event type is booked only by its owner (personal) or by an ADMIN/OWNER of its team or of
 * the team's organization. The rule depends on the event type, which a directive cannot read before the
 * resolver finds it, so it is judged through the platform's `authorize` (the engine behind @pbac). No
 * credential: 401; another user: 403.
 */
export function bookingManagerCheck(ctx: SubgraphContext): (eventType: EventType) => Promise<void> {
  return async (eventType) => {
    if (!eventType.bookingRequiresAuthentication) return;
    const principal = ctx.principal;
    if (principal.kind === 'system') return;
    if (principal.kind === 'anonymous' || principal.userId == null)
      throw unauthenticated(
        'This event type can only be booked by its owner or a team admin: send Authorization: Bearer <API key or access token> (bookingRequiresAuthentication)',
      );
    if (eventType.teamId == null) {
      if (eventType.ownerId === principal.userId) return;
      throw forbidden('This event type can only be booked by its owner (bookingRequiresAuthentication)');
    }
    const roster = await teamDirectoryOf(ctx).roster(eventType.teamId);
    authorize(
      { pbac: { permission: 'booking.update', roles: ['ADMIN', 'OWNER'], team: 'parent.teamId', org: 'parent.orgId' } },
      principal,
      { parent: { teamId: eventType.teamId, orgId: roster?.parentId ?? null }, args: {} },
      'bookingRequiresAuthentication',
    );
  };
}
