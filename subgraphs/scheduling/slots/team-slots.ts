/** A slot of a team event type and the hosts who are free for it. */
export interface TeamSlot {
  start: Date;
  /** Free hosts, in the order the hosts were given (no duplicates); never empty. */
  freeHostIds: number[];
}

/**
 * The union of the hosts' slots: a team slot exists when at least one host is free at that start
 * (round-robin scheduling picks one of `freeHostIds` later; a collective event type would keep only
 * the slots whose `freeHostIds` hold every host). Sorted by start. O(n log n) for n host slots.
 */
export function teamSlots(perHost: ReadonlyArray<{ hostId: number; slots: readonly Date[] }>): TeamSlot[] {
  const byStart = new Map<number, number[]>();
  for (const { hostId, slots } of perHost) {
    for (const slot of slots) {
      const ms = slot.getTime();
      const hosts = byStart.get(ms);
      if (!hosts) byStart.set(ms, [hostId]);
      else if (!hosts.includes(hostId)) hosts.push(hostId);
    }
  }
  return [...byStart.keys()].sort((a, b) => a - b).map((ms) => ({ start: new Date(ms), freeHostIds: byStart.get(ms) as number[] }));
}

/** Collective event types: only the team slots at which every one of the `hostCount` hosts is free. */
export function collectiveSlots(slots: readonly TeamSlot[], hostCount: number): TeamSlot[] {
  return slots.filter((slot) => slot.freeHostIds.length === hostCount);
}

/**
 * Round robin with mandatory hosts: only the team slots at which every mandatory host is free and, when the event type
 * has optional hosts too, at least one of them (the booking includes the mandatory hosts and one optional host).
 */
export function slotsWithMandatoryHosts(slots: readonly TeamSlot[], hosts: { mandatory: readonly number[]; optional: readonly number[] }): TeamSlot[] {
  return slots.filter(
    (slot) =>
      hosts.mandatory.every((id) => slot.freeHostIds.includes(id)) && (!hosts.optional.length || hosts.optional.some((id) => slot.freeHostIds.includes(id))),
  );
}
