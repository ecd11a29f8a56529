/**
 * The types an environment variable can have: how its text is read, what it must look like (for the
 * start-up error and the README's tables) and how a value is written back. A text that does not fit
 * throws a `ValueProblem` saying what is wrong with it.
 */
export interface VariableKind<T> {
  /** What a value must be, e.g. "an integer 1–1000": the README's type column and the end of an error message. */
  readonly expected: string;
  /** The value of a non-empty text; throws `ValueProblem` when the text does not fit. */
  parse(text: string): T;
  /** The value as an operator would write it (README defaults, `npm run admin -- config`). */
  show(value: T): string;
}

/** What is wrong with one variable's text ("not a whole number"); the caller names the variable. */
export class ValueProblem extends Error {}

const range = (min?: number, max?: number) =>
  min !== undefined && max !== undefined ? ` ${min}–${max}` : min !== undefined ? ` ≥ ${min}` : max !== undefined ? ` ≤ ${max}` : '';

function withinBounds(value: number, min?: number, max?: number): number {
  if (min !== undefined && value < min) throw new ValueProblem(`below ${min}`);
  if (max !== undefined && value > max) throw new ValueProblem(`above ${max}`);
  return value;
}

/** A whole number, optionally bounded (ports, pool sizes, milliseconds, counts). */
export function integer(bounds: { min?: number; max?: number; unit?: string } = {}): VariableKind<number> {
  const unit = bounds.unit ? ` (${bounds.unit})` : '';
  return {
    expected: `an integer${range(bounds.min, bounds.max)}${unit}`,
    parse(text) {
      if (!/^[-+]?\d+$/.test(text.trim())) throw new ValueProblem('not a whole number');
      return withinBounds(Number(text), bounds.min, bounds.max);
    },
    show: String,
  };
}

/** A decimal number greater than `above` (seconds that may be fractional in tests: 0.5). */
export function decimal(bounds: { above: number; unit?: string }): VariableKind<number> {
  const unit = bounds.unit ? ` (${bounds.unit})` : '';
  return {
    expected: `a number > ${bounds.above}${unit}`,
    parse(text) {
      const value = Number(text);
      if (text.trim() === '' || !Number.isFinite(value)) throw new ValueProblem('not a number');
      if (value <= bounds.above) throw new ValueProblem(`not above ${bounds.above}`);
      return value;
    },
    show: String,
  };
}

const TRUE_WORDS = ['1', 'true', 'yes', 'on'];
const FALSE_WORDS = ['0', 'false', 'no', 'off'];

/** On or off: 1/true/yes/on or 0/false/no/off, any case. */
export function flag(): VariableKind<boolean> {
  return {
    expected: 'a boolean (1/true/yes/on or 0/false/no/off)',
    parse(text) {
      const word = text.trim().toLowerCase();
      if (TRUE_WORDS.includes(word)) return true;
      if (FALSE_WORDS.includes(word)) return false;
      throw new ValueProblem('not a boolean');
    },
    show: (value) => (value ? 'true' : 'false'),
  };
}

/** Any text (a path, a host name, a key). */
export function text(): VariableKind<string> {
  return { expected: 'a string', parse: (value) => value, show: (value) => value };
}

/** An absolute URL of one of the given schemes (http/https by default). */
export function url(schemes: readonly string[] = ['http', 'https']): VariableKind<string> {
  return {
    expected: `a URL (${schemes.map((s) => `${s}:`).join(' or ')})`,
    parse(value) {
      let parsed: URL;
      try {
        parsed = new URL(value.trim());
      } catch {
        throw new ValueProblem('not a URL');
      }
      if (!schemes.includes(parsed.protocol.replace(/:$/, ''))) throw new ValueProblem(`the scheme ${parsed.protocol} is not allowed`);
      return value.trim();
    },
    show: (value) => value,
  };
}

/** One of a few words, compared as written. */
export function choice<T extends string>(values: readonly T[]): VariableKind<T> {
  return {
    expected: `one of ${values.join(', ')}`,
    parse(value) {
      const chosen = values.find((v) => v === value.trim());
      if (!chosen) throw new ValueProblem('not one of the allowed values');
      return chosen;
    },
    show: (value) => value,
  };
}

/** Comma-separated entries (blanks around them dropped), each read by `item`. */
export function list<T>(item: VariableKind<T>): VariableKind<T[]> {
  return {
    expected: `a comma-separated list, each ${item.expected}`,
    parse(value) {
      const entries = value
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean);
      return entries.map((entry, index) => {
        try {
          return item.parse(entry);
        } catch (error) {
          if (error instanceof ValueProblem) throw new ValueProblem(`entry ${index + 1} (${JSON.stringify(entry)}): ${error.message}`);
          throw error;
        }
      });
    },
    show: (values) => values.map((value) => item.show(value)).join(','),
  };
}

/** `name=url` pairs, comma-separated (the webhook workers' health addresses). */
export function namedUrls(): VariableKind<Record<string, string>> {
  const address = url();
  return {
    expected: 'comma-separated name=URL pairs',
    parse(value) {
      const pairs = value
        .split(',')
        .map((pair) => pair.trim())
        .filter(Boolean);
      return Object.fromEntries(
        pairs.map((pair) => {
          const at = pair.indexOf('=');
          if (at < 1) throw new ValueProblem(`${JSON.stringify(pair)} is not name=URL`);
          return [pair.slice(0, at), address.parse(pair.slice(at + 1))];
        }),
      );
    },
    show: (value) =>
      Object.entries(value)
        .map(([name, address]) => `${name}=${address}`)
        .join(','),
  };
}

/** A size as body-parser reads it: a number of bytes, or with b, kb, mb or gb (`256kb`). */
export function byteSize(): VariableKind<string> {
  return {
    expected: 'a size in bytes, or with b, kb, mb or gb (256kb)',
    parse(value) {
      if (!/^\d+(\.\d+)?\s*(b|kb|mb|gb)?$/i.test(value.trim())) throw new ValueProblem('not a size');
      return value.trim();
    },
    show: (value) => value,
  };
}
