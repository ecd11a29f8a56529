import { badInput } from '../../../platform/errors';
import { EventType } from '../event-type/event-type.entity';

const FIELD = 'routing.teamMemberIds';

/**
 * The hosts a booking may go to when a routing form routed it (reference `routing.teamMemberIds`):
 * every id must be a host of the event type (a 400 naming the field otherwise). A round-robin type
 * chooses among those members only (still a free one, still the least loaded first), and keeps its
 * mandatory hosts, who attend every booking; a collective type is attended by all its hosts, so the
 * routing narrows nothing there (the reference keeps its fixed hosts, and every collective host is
 * fixed). Null: no restriction (none sent, an empty list, or a personal event type, which a form may
 * route to with its team's members).
 */
export function routedHostIds(
  eventType: EventType,
  hosts: ReadonlyArray<{ userId: number; mandatory: boolean }>,
  teamMemberIds: readonly number[] | null | undefined,
): number[] | null {
  // Routed members are members of a team: a personal event type (one host, no team) is not narrowed by them.
  if (teamMemberIds == null || teamMemberIds.length === 0 || eventType.teamId == null) return null;
  const hostIds = new Set(hosts.map((h) => h.userId));
  const strangers = teamMemberIds.filter((id) => !hostIds.has(id));
  if (strangers.length) throw badInput(FIELD, `${FIELD} must name hosts of event type ${eventType.id}; not hosts: ${[...new Set(strangers)].join(', ')}`);
  if (eventType.schedulingType === 'collective') return null;
  return [...new Set([...hosts.filter((h) => h.mandatory).map((h) => h.userId), ...teamMemberIds])];
}
