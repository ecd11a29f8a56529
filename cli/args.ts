/**
 * Command-line parsing for the operator tools (`npm run admin`, `npm run seed`): a command word
 * followed by `--flag value`, `--flag=value` or, for switches, a bare `--flag`.
 */

/** Bad command-line input: the tool prints the message and a usage hint, and exits with 2. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

export interface FlagSpec {
  /** A switch takes no value (`--admin`); `--admin=true|false` is accepted too. */
  switch?: boolean;
  required?: boolean;
}

export type FlagSpecs = Record<string, FlagSpec>;
export type Flags = Record<string, string | boolean | undefined>;

/** Parses the flags after the command word against `specs`; unknown, repeated and value-less flags are refused. */
export function parseFlags(command: string, argv: readonly string[], specs: FlagSpecs): Flags {
  const flags: Flags = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (!arg.startsWith('--') || arg === '--') throw new UsageError(`${command}: unexpected argument "${arg}"; flags are written --name value or --name=value`);
    const eq = arg.indexOf('=');
    const name = eq === -1 ? arg.slice(2) : arg.slice(2, eq);
    const spec = specs[name];
    if (!spec) {
      const known = Object.keys(specs)
        .map((f) => `--${f}`)
        .join(', ');
      throw new UsageError(`${command}: unknown flag --${name}${known ? ` (known: ${known})` : ' (it takes no flags)'}`);
    }
    if (name in flags) throw new UsageError(`${command}: --${name} is given more than once`);
    if (spec.switch) {
      if (eq === -1) flags[name] = true;
      else {
        const value = arg.slice(eq + 1).toLowerCase();
        if (value !== 'true' && value !== 'false') throw new UsageError(`${command}: --${name} takes no value (or =true / =false), got "${arg.slice(eq + 1)}"`);
        flags[name] = value === 'true';
      }
      continue;
    }
    let value: string | undefined;
    if (eq !== -1) value = arg.slice(eq + 1);
    else if (i + 1 < argv.length && !argv[i + 1].startsWith('--')) value = argv[++i];
    if (value === undefined || value.trim() === '') throw new UsageError(`${command}: --${name} needs a value`);
    flags[name] = value;
  }
  for (const [name, spec] of Object.entries(specs)) {
    if (spec.required && flags[name] === undefined) throw new UsageError(`${command}: --${name} is required`);
  }
  return flags;
}

/** A flag that must be a positive integer id, or undefined when absent. */
export function idFlag(command: string, flags: Flags, name: string): number | undefined {
  const value = flags[name];
  if (value === undefined) return undefined;
  const text = String(value).trim();
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(Number(text)) || Number(text) < 1 || Number(text) > 2_147_483_647) {
    throw new UsageError(`${command}: --${name} must be a positive integer id, got "${value}"`);
  }
  return Number(text);
}

/** A flag that must be a whole number ≥ min, or undefined when absent. */
export function wholeNumberFlag(command: string, flags: Flags, name: string, min: number): number | undefined {
  const value = flags[name];
  if (value === undefined) return undefined;
  const text = String(value).trim();
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(Number(text)) || Number(text) < min) {
    throw new UsageError(`${command}: --${name} must be a whole number ≥ ${min}, got "${value}"`);
  }
  return Number(text);
}

/** A string flag (undefined when absent). */
export function stringFlag(flags: Flags, name: string): string | undefined {
  const value = flags[name];
  return value === undefined ? undefined : String(value);
}

/** One of the given words, compared case-insensitively and answered as written in `choices`. */
export function choiceFlag<T extends string>(command: string, flags: Flags, name: string, choices: readonly T[]): T | undefined {
  const value = flags[name];
  if (value === undefined) return undefined;
  const chosen = choices.find((c) => c.toLowerCase() === String(value).trim().toLowerCase());
  if (!chosen) throw new UsageError(`${command}: --${name} must be one of ${choices.join(', ')}, got "${value}"`);
  return chosen;
}
