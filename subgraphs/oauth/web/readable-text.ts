/**
 * PostgreSQL stores no NUL character in text ("invalid byte sequence for encoding UTF8: 0x00"), so a page parameter
 * holding one could only fail deeper down, as a 500. The pages refuse it first, naming it (routes.ts, sign-in.page.ts).
 */
export const NUL = '\u0000';

/** The name of the first query or form parameter (one value or repeated) that holds a NUL character, or null. */
export function parameterWithNul(parameters: unknown): string | null {
  if (!parameters || typeof parameters !== 'object') return null;
  for (const [name, value] of Object.entries(parameters)) {
    if ((Array.isArray(value) ? value : [value]).some((item) => typeof item === 'string' && item.includes(NUL))) return name;
  }
  return null;
}
