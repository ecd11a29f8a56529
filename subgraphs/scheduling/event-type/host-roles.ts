import { badInput } from '../../../platform/errors';

/** The reference's host priorities, lowest first; a host row stores the index (2, `medium`, by default). */
export const HOST_PRIORITIES = ['lowest', 'low', 'medium', 'high', 'highest'] as const;
export type HostPriority = (typeof HOST_PRIORITIES)[number];
export const DEFAULT_HOST_PRIORITY = HOST_PRIORITIES.indexOf('medium');

/**
 * One host of a team event type as a write gives it (reference `Host`). `mandatory`: a round-robin booking needs this
 * host free and includes them, next to the one optional host it picks. `priority`: among the optional hosts who are
 * free, a higher priority is picked before a lower one, whatever their bookings.
 */
export interface HostSpec {
  userId: number;
  mandatory?: boolean | null;
  priority?: string | null;
}

/** A host as stored: the priority as its index in HOST_PRIORITIES. */
export interface HostRole {
  userId: number;
  mandatory: boolean;
  priority: number;
}

/** The stored form of the hosts a write sends (the first entry of a user counts); 400 naming `hosts[i].priority` for an unknown priority. */
export function hostRolesOf(hosts: readonly HostSpec[]): HostRole[] {
  const seen = new Set<number>();
  const roles: HostRole[] = [];
  hosts.forEach((host, i) => {
    const priority = host.priority == null ? DEFAULT_HOST_PRIORITY : HOST_PRIORITIES.indexOf(host.priority as HostPriority);
    if (priority < 0)
      throw badInput(`hosts[${i}].priority`, `hosts[${i}].priority must be one of ${HOST_PRIORITIES.join(', ')}, got ${JSON.stringify(host.priority)}`);
    if (seen.has(host.userId)) return;
    seen.add(host.userId);
    roles.push({ userId: host.userId, mandatory: host.mandatory === true, priority });
  });
  return roles;
}

/** The name of a stored priority. */
export function priorityName(priority: number): HostPriority {
  return HOST_PRIORITIES[priority] ?? 'medium';
}
