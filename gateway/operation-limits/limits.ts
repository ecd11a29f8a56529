import { setting } from '../../platform/configuration/settings';
import { VARIABLES } from '../../platform/configuration/variables';
/**
 * How big one GraphQL operation may be. Checked by the gateway before any query planning, for
 * `/graphql` and for the REST façade's operations alike. Every limit has an environment variable.
 */
export interface OperationLimits {
  /** Lexical tokens in the document (parsing stops at the limit). */
  maxTokens: number;
  /** Nesting of selections, fragments expanded. */
  maxDepth: number;
  /** Aliased fields, fragments expanded. */
  maxAliases: number;
  /** Fields selected at the root of the operation. */
  maxRootFields: number;
  /** Directives used in the operation, fragments expanded. */
  maxDirectives: number;
  /** Estimated cost: objects it may return, lists multiplied by their page size, slots by days (see cost.ts). */
  maxCost: number;
}

type LimitVariable = `GRAPHQL_MAX_${'TOKENS' | 'DEPTH' | 'ALIASES' | 'ROOT_FIELDS' | 'DIRECTIVES' | 'COST'}`;

export const LIMIT_VARIABLES: Record<keyof OperationLimits, LimitVariable> = {
  maxTokens: 'GRAPHQL_MAX_TOKENS',
  maxDepth: 'GRAPHQL_MAX_DEPTH',
  maxAliases: 'GRAPHQL_MAX_ALIASES',
  maxRootFields: 'GRAPHQL_MAX_ROOT_FIELDS',
  maxDirectives: 'GRAPHQL_MAX_DIRECTIVES',
  maxCost: 'GRAPHQL_MAX_COST',
};

const limitsOf = (value: (variable: LimitVariable) => number): OperationLimits =>
  Object.fromEntries(Object.entries(LIMIT_VARIABLES).map(([name, variable]) => [name, value(variable)])) as unknown as OperationLimits;

/** The defaults of the configuration table. */
export const DEFAULT_LIMITS: OperationLimits = limitsOf((variable) => VARIABLES[variable].defaultValue);

/** Each limit from its environment variable (a positive integer; a malformed one is a ConfigurationError), else its default. */
export function limitsFromEnvironment(env: NodeJS.ProcessEnv = process.env): OperationLimits {
  return limitsOf((variable) => setting(variable, env));
}
