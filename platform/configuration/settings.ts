import { ValueProblem } from './variable-kinds';
import { SettingValue, StackProcess, Variable, VariableName, VARIABLES } from './variables';

/**
 * Typed reads of the environment through the table of variables.ts. A read looks at the environment
 * each time (tests set variables before they start a stack; nothing is frozen at import) and keeps the
 * parsed value while the text stays the same. Empty counts as unset.
 */

type Environment = NodeJS.ProcessEnv | Readonly<Record<string, string | undefined>>;

/** One variable whose text does not fit its type. */
export interface ConfigurationProblem {
  variable: VariableName;
  /** What is wrong ("not a whole number"). */
  problem: string;
  /** What the variable must be ("an integer 0–65535"). */
  expected: string;
  /** The text as it may be shown: a secret's is masked. */
  shown: string;
}

/** A start refused because of its configuration: the message names every variable that is wrong. */
export class ConfigurationError extends Error {
  constructor(readonly problems: readonly ConfigurationProblem[]) {
    super(`invalid configuration: ${problems.map((p) => `${p.variable}=${p.shown}: ${p.problem}; expected ${p.expected}`).join('; ')}`);
    this.name = 'ConfigurationError';
  }
}

const variableOf = (name: VariableName): Variable<unknown> => VARIABLES[name] as Variable<unknown>;

/** A secret's text never leaves the process: only its length. */
function shownText(variable: Variable<unknown>, text: string): string {
  return variable.secret ? `(secret, ${text.length} characters)` : JSON.stringify(text);
}

function problemOf(name: VariableName, text: string): ConfigurationProblem | undefined {
  const variable = variableOf(name);
  try {
    variable.kind.parse(text);
    return undefined;
  } catch (error) {
    if (!(error instanceof ValueProblem)) throw error;
    return { variable: name, problem: error.message, expected: variable.kind.expected, shown: shownText(variable, text) };
  }
}

const parsed = new Map<string, { text: string; value: unknown }>();

/** The value of a variable now: parsed from the environment, else its default. Throws ConfigurationError for a malformed text. */
export function setting<N extends VariableName>(name: N, env: Environment = process.env): SettingValue<N> {
  const text = env[name];
  if (text === undefined || text === '') return variableOf(name).defaultValue as SettingValue<N>;
  const known = parsed.get(name);
  if (known && known.text === text) return known.value as SettingValue<N>;
  const problem = problemOf(name, text);
  if (problem) throw new ConfigurationError([problem]);
  const value = variableOf(name).kind.parse(text);
  parsed.set(name, { text, value });
  return value as SettingValue<N>;
}

export const VARIABLE_NAMES = Object.keys(VARIABLES) as VariableName[];

/** The variables a process reads (all of them for `npm start`, which hands its environment to every service). */
export function variablesReadBy(stackProcess: StackProcess): VariableName[] {
  return stackProcess === 'npm start' ? VARIABLE_NAMES : VARIABLE_NAMES.filter((name) => variableOf(name).readBy.includes(stackProcess));
}

/** Every variable of `names` whose text does not fit its type. */
export function configurationProblems(env: Environment, names: readonly VariableName[] = VARIABLE_NAMES): ConfigurationProblem[] {
  return names.flatMap((name) => {
    const text = env[name];
    const problem = text === undefined || text === '' ? undefined : problemOf(name, text);
    return problem ? [problem] : [];
  });
}

/** Checked when a process starts: throws ConfigurationError naming every variable it reads that is malformed. */
export function assertValidConfiguration(stackProcess: StackProcess, env: Environment = process.env): void {
  const problems = configurationProblems(env, variablesReadBy(stackProcess));
  if (problems.length) throw new ConfigurationError(problems);
}

/**
 * Prefixes of the project's own variables: a set variable with one of them that the table does not know
 * is most likely a typo (WEBHOOK_MAX_ATEMPTS). Providers' prefixes (GOOGLE_, STRIPE_…) are left out:
 * their own tools read variables of those names.
 */
const PROJECT_PREFIXES = [
  'BOOKING_',
  'CLIENT_SECRET_',
  'CREDENTIAL_',
  'DELEGATION_CREDENTIAL_',
  'EMBEDDED_PG_',
  'GRAPHQL_',
  'INTERNAL_',
  'LOCKOUT_',
  'OUTBOUND_',
  'PHONE_CALL_',
  'RATE_LIMIT_',
  'RESTART_',
  'SIGN_IN_',
  'SMS_PROVIDER_',
  'SMTP_',
  'STACK_',
  'SUBGRAPH_',
  'SUPERGRAPH_',
  'TEAM_',
  'WEBHOOK_',
  'WORKFLOW_',
];

/** Set variables with a project prefix that nothing reads, each with the declared name nearest to it. */
export function unknownVariables(env: Environment): Array<{ variable: string; nearest: VariableName }> {
  return Object.keys(env)
    .filter((name) => !(name in VARIABLES) && PROJECT_PREFIXES.some((prefix) => name.startsWith(prefix)))
    .sort()
    .map((variable) => ({ variable, nearest: nearestName(variable) }));
}

/** The declared name with the fewest edits from `name`. */
function nearestName(name: string): VariableName {
  let best = VARIABLE_NAMES[0];
  let bestDistance = Infinity;
  for (const candidate of VARIABLE_NAMES) {
    const distance = editDistance(name, candidate);
    if (distance < bestDistance) [best, bestDistance] = [candidate, distance];
  }
  return best;
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    previous = current;
  }
  return previous[b.length];
}

/** A warning line per unknown variable with a project prefix (npm start prints them; `admin config` lists them). */
export function unknownVariableWarnings(env: Environment = process.env): string[] {
  return unknownVariables(env).map(({ variable, nearest }) => `warning: ${variable} is set but no part of the stack reads it (a typo of ${nearest}?)`);
}

/** One line of `npm run admin -- config`. */
export interface EffectiveSetting {
  name: VariableName;
  /** As an operator would write it; a secret's is masked; null when unset without a default. */
  value: string | null;
  source: 'environment' | 'default';
  secret: boolean;
  readBy: readonly string[];
}

/** The effective configuration: every variable with its value and where it comes from, secrets masked. */
export function effectiveConfiguration(env: Environment = process.env): EffectiveSetting[] {
  return VARIABLE_NAMES.map((name) => {
    const variable = variableOf(name);
    const text = env[name];
    const fromEnvironment = text !== undefined && text !== '';
    const value = setting(name, env);
    // A computed default as the README words it, without its markdown.
    const described = variable.defaultText?.replaceAll('`', '') ?? null;
    let shown: string | null;
    if (variable.secret) shown = fromEnvironment ? '********' : described;
    else if (value === undefined) shown = described;
    else shown = variable.kind.show(value as never);
    return { name, value: shown, source: fromEnvironment ? 'environment' : 'default', secret: variable.secret, readBy: variable.readBy };
  });
}
