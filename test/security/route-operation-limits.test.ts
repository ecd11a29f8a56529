import { getComplexity } from 'graphql-query-complexity';
import { GraphQLInputType, parse, specifiedRules, typeFromAST, validate } from 'graphql';
import { operationCost } from '../../gateway/operation-limits/cost';
import { DEFAULT_LIMITS } from '../../gateway/operation-limits/limits';
import { operationLimitOptions } from '../../gateway/operation-limits/operation-limits';
import { ROUTES } from '../../gateway/rest/routes';
import { RouteEntry } from '../../gateway/rest/route';
import { facadeSchema, minimalInput, operationOf } from '../support/route-walk';

/** The largest answer a route may ask for: the biggest page, the longest slots range (spec 8, slot-range.ts). */
const WORST_CASE_VARIABLES = { take: 250, skip: 0, startTime: '2030-01-01T00:00:00Z', endTime: '2031-01-01T23:59:59Z' };

/** Every variable of the route: the worst case where it decides the size, else the smallest valid value. */
function worstCaseVariables(route: RouteEntry): Record<string, unknown> {
  return Object.fromEntries(
    (operationOf(route).variableDefinitions ?? []).map((definition) => {
      const name = definition.variable.name.value as keyof typeof WORST_CASE_VARIABLES;
      return [name, WORST_CASE_VARIABLES[name] ?? minimalInput(typeFromAST(facadeSchema, definition.type as never) as GraphQLInputType)];
    }),
  );
}

describe("every REST route's fixed operation stays within the default operation limits", () => {
  const { validationRules, parseOptions } = operationLimitOptions(DEFAULT_LIMITS);

  it.each(ROUTES.map((route) => [`${route.method} ${route.path}${route.version ? ` (${route.version})` : ''}`, route] as const))('%s', (_name, route) => {
    const document = parse(route.operation, parseOptions); // throws past the token limit
    expect(validate(facadeSchema, document, [...specifiedRules, ...(validationRules ?? [])])).toEqual([]);
    const roots = operationOf(route).selectionSet.selections.length;
    expect(roots).toBeLessThanOrEqual(DEFAULT_LIMITS.maxRootFields);
    const cost = getComplexity({ schema: facadeSchema, query: document, variables: worstCaseVariables(route), estimators: [operationCost] });
    expect(cost).toBeLessThanOrEqual(DEFAULT_LIMITS.maxCost);
  });
});
