/** How long one unit of a workflow trigger's offset lasts. */
const OFFSET_UNIT_MS: Record<string, number> = { hour: 3_600_000, minute: 60_000, day: 86_400_000 };

/** The units a trigger's offset may be given in (the reference's hour, minute, day). */
export const OFFSET_UNITS = Object.keys(OFFSET_UNIT_MS);

/** A trigger's offset in milliseconds; null when it has none (or none in a known unit). */
export function offsetMs(trigger: { offsetValue: number | null; offsetUnit: string | null }): number | null {
  if (trigger.offsetValue == null || !trigger.offsetUnit || !Object.hasOwn(OFFSET_UNIT_MS, trigger.offsetUnit)) return null;
  return trigger.offsetValue * OFFSET_UNIT_MS[trigger.offsetUnit];
}
