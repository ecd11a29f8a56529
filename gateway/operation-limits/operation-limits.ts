import { ApolloServerOptions, ApolloServerPlugin } from '@apollo/server';
import { ApolloArmor } from '@escape.tech/graphql-armor';
import { GraphQLArmorRejectCallback } from '@escape.tech/graphql-armor-types';
import { DocumentNode, GraphQLError, GraphQLSchema, Kind, OperationDefinitionNode, SelectionSetNode, ValidationContext, ValueNode, visit } from 'graphql';
import { getComplexity } from 'graphql-query-complexity';
import { checkInputLimits } from '../input-limits/input-limits';
import { checkArgumentBounds } from './argument-bounds';
import { COST_ARGUMENTS, operationCost } from './cost';
import { LIMIT_VARIABLES, OperationLimits } from './limits';

/** Every refusal of an oversized operation: a 400 whose message names the limit and its variable. */
export function limitExceeded(limit: keyof OperationLimits, message: string): GraphQLError {
  return new GraphQLError(`${message} (limit set by ${LIMIT_VARIABLES[limit]})`, {
    extensions: { code: 'GRAPHQL_VALIDATION_FAILED', limit: LIMIT_VARIABLES[limit], http: { status: 400 } },
  });
}

/** graphql-armor reports through validation, so a refused operation is an ordinary validation error. */
function reportAs(limit: keyof OperationLimits): GraphQLArmorRejectCallback {
  return (context, error) => (context as ValidationContext | null)?.reportError(limitExceeded(limit, error.message.replace(/^Syntax Error: /, '')));
}

/** Root fields, counted through fragments and inline fragments on the root type. */
function rootFieldCount(selectionSet: SelectionSetNode, document: DocumentNode, seen = new Set<string>()): number {
  let count = 0;
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) count += selection.name.value === '__typename' ? 0 : 1;
    else if (selection.kind === Kind.INLINE_FRAGMENT) count += rootFieldCount(selection.selectionSet, document, seen);
    else if (!seen.has(selection.name.value)) {
      seen.add(selection.name.value);
      const fragment = document.definitions.find((d) => d.kind === Kind.FRAGMENT_DEFINITION && d.name.value === selection.name.value);
      if (fragment?.kind === Kind.FRAGMENT_DEFINITION) count += rootFieldCount(fragment.selectionSet, document, seen);
    }
  }
  return count;
}

/**
 * Costs already estimated, per parsed document (Apollo Server's document store hands back the same
 * object for the same text and schema) and per operation name and the variables the cost can depend on
 * (costVariablesOf): the REST façade sends a few fixed operations, and the estimate was 3–4 % of a
 * request's CPU. A booking's variables differ on every request but none of them changes its cost.
 */
const knownCosts = new WeakMap<DocumentNode, Map<string, number>>();
const COSTS_KEPT_PER_DOCUMENT = 256;

function costOf(schema: GraphQLSchema, document: DocumentNode, operationName: string | undefined, variables: Record<string, unknown>): number {
  let costs = knownCosts.get(document);
  if (!costs) knownCosts.set(document, (costs = new Map()));
  const key = `${operationName ?? ''}\n${JSON.stringify(
    costVariablesOf(document)
      .filter((name) => name in variables)
      .map((name) => [name, variables[name]]),
  )}`;
  let cost = costs.get(key);
  if (cost === undefined) {
    cost = getComplexity({ schema, query: document, variables, operationName, estimators: [operationCost] });
    if (costs.size >= COSTS_KEPT_PER_DOCUMENT) costs.clear();
    costs.set(key, cost);
  }
  return cost;
}

const costVariables = new WeakMap<DocumentNode, string[]>();
/** The variables of a document used in an argument the cost model reads (COST_ARGUMENTS) or in `@skip`/`@include`. */
function costVariablesOf(document: DocumentNode): string[] {
  let names = costVariables.get(document);
  if (!names) {
    const found = new Set<string>();
    const collect = (value: ValueNode) => visit(value, { Variable: (node) => void found.add(node.name.value) });
    visit(document, {
      Field: (node) => node.arguments?.forEach((arg) => COST_ARGUMENTS.has(arg.name.value) && collect(arg.value)),
      Directive: (node) => void (['skip', 'include'].includes(node.name.value) && node.arguments?.forEach((arg) => collect(arg.value))),
    });
    costVariables.set(document, (names = [...found].sort()));
  }
  return names;
}

/** A 400 for a request the gateway cannot serve as sent (Apollo's own code for a request it cannot read). */
function badRequest(message: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code: 'BAD_REQUEST', http: { status: 400 } } });
}

/**
 * The operation the request names, when the gateway can run it: an operationName that is not in the document, or a
 * document of several operations without one, and subscriptions (no transport for them here) are the client's error.
 */
function servedOperation(operation: OperationDefinitionNode | undefined, operationName: string | undefined): OperationDefinitionNode {
  if (!operation) {
    if (operationName) throw badRequest(`operationName "${operationName}" names no operation in the document`);
    throw badRequest('The document has several operations: send operationName to choose one');
  }
  if (operation.operation === 'subscription') throw badRequest('Subscriptions are not supported: send a query or a mutation');
  return operation;
}

const TOKEN_LIMIT = /^Syntax Error: Document contains more tha[nt] (\d+) tokens\. Parsing aborted\.$/; // graphql 16 writes "more that"

/**
 * Inputs, root fields and cost need the operation's variables, so they are checked once the operation
 * is known, still before planning, one after the other (Apollo runs the didResolveOperation hooks of
 * different plugins concurrently, so one plugin decides the order: the cheap input check first, as
 * the cost estimate coerces the variables). graphql-js's token-limit message gets the limit's variable.
 */
function requestGuards(limits: OperationLimits): ApolloServerPlugin {
  return {
    async requestDidStart() {
      return {
        async didEncounterErrors({ errors }) {
          for (const error of errors) {
            const tokens = TOKEN_LIMIT.exec(error.message);
            if (tokens) error.message = `Token limit of ${tokens[1]} exceeded: the document is too long (limit set by ${LIMIT_VARIABLES.maxTokens})`;
          }
        },
        async didResolveOperation({ document, operation, request, schema }) {
          const served = servedOperation(operation, request.operationName);
          checkInputLimits(schema, document, served, request.variables ?? {});
          checkArgumentBounds(schema, document, served, request.variables ?? {});
          const roots = rootFieldCount(served.selectionSet, document);
          if (roots > limits.maxRootFields) throw limitExceeded('maxRootFields', `Root field limit of ${limits.maxRootFields} exceeded, found ${roots}.`);
          let cost: number;
          try {
            cost = costOf(schema, document, request.operationName, request.variables ?? {});
          } catch (error) {
            if (/maximum allowed number of nodes/.test((error as Error).message))
              throw limitExceeded('maxCost', `Query cost limit of ${limits.maxCost} exceeded.`);
            return; // variables that do not fit the operation: execution reports them as bad input
          }
          if (cost > limits.maxCost) throw limitExceeded('maxCost', `Query cost limit of ${limits.maxCost} exceeded, found ${cost}.`);
        },
      };
    },
  };
}

/**
 * What the gateway's ApolloServer needs to refuse oversized operations before query planning: a
 * token limit on parsing, graphql-armor's depth, alias and directive rules in validation, and the
 * input limits, root-field and cost checks (graphql-query-complexity with the estimator of cost.ts) after it.
 */
export function operationLimitOptions(
  limits: OperationLimits,
): Pick<ApolloServerOptions<never>, 'parseOptions' | 'validationRules'> & { plugins: ApolloServerPlugin[] } {
  const armor = new ApolloArmor({
    blockFieldSuggestion: { enabled: false }, // only for anonymous callers: see anonymous-suggestions.ts
    costLimit: { enabled: false }, // the cost that multiplies through lists is graphql-query-complexity's
    maxTokens: { enabled: false }, // graphql-js counts tokens while parsing (parseOptions below)
    maxDepth: { n: limits.maxDepth, flattenFragments: true, propagateOnRejection: false, onReject: [reportAs('maxDepth')] },
    maxAliases: { n: limits.maxAliases, propagateOnRejection: false, onReject: [reportAs('maxAliases')] },
    maxDirectives: { n: limits.maxDirectives, propagateOnRejection: false, onReject: [reportAs('maxDirectives')] },
  }).protect();
  return {
    parseOptions: { maxTokens: limits.maxTokens },
    validationRules: armor.validationRules,
    plugins: [...armor.plugins, requestGuards(limits)],
  };
}
