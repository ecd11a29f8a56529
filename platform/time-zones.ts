const known = new Set(Intl.supportedValuesOf('timeZone'));

/** True for IANA names this runtime knows, UTC and its aliases included. */
export function isIanaTimeZone(name: unknown): name is string {
  if (typeof name !== 'string' || !name) return false;
  if (known.has(name)) return true;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return name.includes('/') || name.toUpperCase() === 'UTC';
  } catch {
    return false;
  }
}
