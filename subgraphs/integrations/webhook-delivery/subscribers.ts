import { DataSource } from 'typeorm';
import { GraphLink } from '../../../platform/graph-link';
import { Webhook } from '../webhook/webhook.entity';
import { Organizer } from './booking-payload';
import { RecordedBooking } from '../../../platform/webhook-event-jobs';
import { WebhookHostsDocument, WebhookTeamDocument } from '../contracts/generated';

export interface BookingAudience {
  organizer: Organizer;
  /** Teams and organizations whose webhooks hear about the booking. */
  teamIds: number[];
}

/**
 * Who the booking concerns beyond its own rows: the host's profile and organization (organizations
 * subgraph), the event type's team and that team's organization. Asked through the supergraph
 * (GraphLink, @internal fields), never SQL across schemas.
 */
export async function bookingAudience(graph: GraphLink, booking: RecordedBooking): Promise<BookingAudience> {
  const hostIds = booking.hostIds ?? [];
  const { usersById } = await graph.call(WebhookHostsDocument, { ids: hostIds });
  const host = usersById.find((u) => u.id === hostIds[0]);
  const organizer: Organizer = host ?? { id: hostIds[0] ?? 0, name: '', email: '', username: '', timeZone: 'UTC', organizationId: null };
  const teamIds = new Set<number>();
  for (const user of usersById) if (user.organizationId != null) teamIds.add(user.organizationId);
  const teamId = booking.eventType?.teamId;
  if (teamId != null) {
    teamIds.add(teamId);
    const { teamRoster } = await graph.call(WebhookTeamDocument, { teamId });
    if (teamRoster?.parentId != null) teamIds.add(teamRoster.parentId);
  }
  return { organizer, teamIds: [...teamIds] };
}

/**
 * The webhooks an event of the booking goes to (decisions.md "Webhook delivery"): active ones whose
 * triggers include it, owned by the host (user webhooks), the event type, the event type's team, the
 * organization of that team or of the host (stored with `teamId` = the organization), or the platform
 * OAuth client the booking was made through.
 */
export function subscribedWebhooks(db: DataSource, triggers: string[], booking: RecordedBooking, audience: BookingAudience): Promise<Webhook[]> {
  return db
    .getRepository(Webhook)
    .createQueryBuilder('w')
    .where('w.active')
    .andWhere('w.triggers && :triggers::text[]', { triggers })
    .andWhere(`(w.user_id = ANY(:hostIds::int[]) OR w.event_type_id = :eventTypeId OR w.team_id = ANY(:teamIds::int[]) OR w.o_auth_client_id = :clientId)`, {
      hostIds: booking.hostIds ?? [],
      eventTypeId: booking.eventTypeId ?? -1,
      teamIds: audience.teamIds,
      clientId: booking.platformOAuthClientId ?? null,
    })
    .orderBy('w.id')
    .getMany();
}
