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

export const LIMIT_VARIABLES: Record<keyof OperationLimits, string> = {
  maxTokens: 'GRAPHQL_MAX_TOKENS',
  maxDepth: 'GRAPHQL_MAX_DEPTH',
  maxAliases: 'GRAPHQL_MAX_ALIASES',
  maxRootFields: 'GRAPHQL_MAX_ROOT_FIELDS',
  maxDirectives: 'GRAPHQL_MAX_DIRECTIVES',
  maxCost: 'GRAPHQL_MAX_COST',
};

export const DEFAULT_LIMITS: OperationLimits = {
  maxTokens: 2000,
  maxDepth: 12,
  maxAliases: 30,
  maxRootFields: 20,
  maxDirectives: 30,
  maxCost: 25_000,
};

/** The defaults, each overridden by its environment variable when that holds a positive integer. */
export function limitsFromEnvironment(env: NodeJS.ProcessEnv = process.env): OperationLimits {
  const limits = { ...DEFAULT_LIMITS };
  for (const [name, variable] of Object.entries(LIMIT_VARIABLES) as Array<[keyof OperationLimits, string]>) {
    const raw = env[variable];
    if (raw === undefined || raw === '') continue;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < 1) throw new Error(`${variable} must be a positive integer, got "${raw}"`);
    limits[name] = value;
  }
  return limits;
}
