import { GraphQLSchema, isListType, isNonNullType, Kind, OperationDefinitionNode, parse } from 'graphql';
import { Request } from 'express';
import { Principal } from '../../platform/principal';
import { OperationRunner } from '../credentials';
import { errorOf, RestError } from './errors';
import { RouteEntry } from './route';
import { coerceParameter, deepObjectList, isObjectListParameter, knownFields, variableSpecs, VariableSpec } from './variables';

export interface RestResponse {
  status: number;
  body: unknown;
}

/** A route entry bound to the schema: its variables and where each comes from. */
export interface CompiledRoute {
  entry: RouteEntry;
  operation: OperationDefinitionNode;
  variables: VariableSpec[];
}

export function pathParameters(path: string): string[] {
  return [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
}

/**
 * Each route document's operations, parsed once per process: the table is compiled again for every new supergraph (and
 * for every gateway a process starts: the tests start ~130), and its ~300 documents took most of that compilation.
 */
const parsedOperations = new Map<string, OperationDefinitionNode[]>();
function operationsOf(document: string): OperationDefinitionNode[] {
  let operations = parsedOperations.get(document);
  if (!operations) {
    operations = parse(document).definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
    parsedOperations.set(document, operations);
  }
  return operations;
}

export function compileRoute(entry: RouteEntry, schema: GraphQLSchema): CompiledRoute {
  const operations = operationsOf(entry.operation);
  if (operations.length !== 1) throw new Error(`${entry.method} ${entry.path}: the document must hold exactly one operation`);
  const [operation] = operations;
  return { entry, operation, variables: variableSpecs(schema, operation.variableDefinitions ?? [], pathParameters(entry.path)) };
}

/** The name under which a variable's query parameter is sent: its own, else the first of its older names (RouteEntry.queryAliases) sent. */
function queryNameOf(query: Record<string, unknown>, name: string, aliases: RouteEntry['queryAliases']): string {
  if (query[name] !== undefined || !aliases) return name;
  return Object.keys(aliases).find((older) => aliases[older] === name && query[older] !== undefined) ?? name;
}

function variablesOf(route: CompiledRoute, req: Request): Record<string, unknown> {
  for (const [name, instead] of Object.entries(route.entry.unservedQuery ?? {})) {
    if ((req.query as Record<string, unknown>)[name] !== undefined) throw new RestError(400, `${name} is not served by this API: ${instead}`);
  }
  const variables: Record<string, unknown> = {};
  for (const spec of route.variables) {
    if (spec.source === 'body') {
      if (req.is('application/x-www-form-urlencoded') && route.entry.body !== 'form-or-json') {
        throw new RestError(400, 'The body must be JSON (Content-Type: application/json)');
      }
      if (req.body === undefined || req.body === null || typeof req.body !== 'object' || Array.isArray(req.body)) {
        if (spec.required) {
          throw new RestError(
            400,
            route.entry.body === 'form-or-json'
              ? 'A body is required (Content-Type: application/x-www-form-urlencoded or application/json)'
              : 'A JSON object body is required (Content-Type: application/json)',
          );
        }
        continue;
      }
      variables[spec.name] = knownFields(req.body, spec.type);
      continue;
    }
    if (isObjectListParameter(spec)) {
      const list = deepObjectList(spec, req.query as Record<string, unknown>);
      if (list) variables[spec.name] = list;
      else if (spec.required) throw new RestError(400, `${spec.name} is required`);
      continue;
    }
    const query = req.query as Record<string, unknown>;
    const sentAs = spec.source === 'path' ? spec.name : queryNameOf(query, spec.name, route.entry.queryAliases);
    const raw = spec.source === 'path' ? req.params[spec.name] : query[sentAs];
    if (raw === undefined || raw === '') {
      if (spec.required) throw new RestError(400, `${spec.name} is required`);
      continue;
    }
    // An older name of a one-value parameter sent several times (usernameList[]=a&usernameList[]=b) is refused, never read as its last.
    if (sentAs !== spec.name && Array.isArray(raw) && new Set(raw).size > 1 && !isListType(isNonNullType(spec.type) ? spec.type.ofType : spec.type)) {
      throw new RestError(400, `${sentAs} takes one value on this route (read as ${spec.name}), got ${new Set(raw).size}`);
    }
    variables[spec.name] = coerceParameter({ ...spec, name: sentAs }, raw);
  }
  return variables;
}

/** The value at a route's `result` path (`me`, `organizationUser.schedules`); null when an object on the way is null. */
function resultAt(data: Record<string, unknown> | null | undefined, path: string): Record<string, unknown> | null | undefined {
  return path.split('.').reduce<unknown>((value, key) => (value == null ? value : (value as Record<string, unknown>)[key]), data) as
    Record<string, unknown> | null | undefined;
}

/** RouteEntry.listWhenPresent: the list field when it is a list, else the result without it. */
function listOrSingle(found: Record<string, unknown> | null | undefined, field: string | undefined): Record<string, unknown> | null | undefined {
  if (!field || !found || typeof found !== 'object') return found;
  const { [field]: list, ...single } = found;
  return (Array.isArray(list) ? list : single) as Record<string, unknown>;
}

type NullsRule = NonNullable<RouteEntry['nulls']>;

/** A rule's key lists as sets, made once per rule (a list answer applies it to every field of every item). */
const ruleSets = new WeakMap<NullsRule, { omit: Set<string>; empty: Set<string> }>();

function setsOf(rule: NullsRule) {
  let sets = ruleSets.get(rule);
  if (!sets) ruleSets.set(rule, (sets = { omit: new Set(rule.omit), empty: new Set(rule.empty) }));
  return sets;
}

/**
 * The rule written into the value itself, without a copy of every object: a key to omit is set to
 * undefined, which JSON leaves out as it leaves out a missing key. A list of 20 event types is ~200
 * objects (docs/performance.md, change 28).
 */
function applyNullsInPlace(value: unknown, sets: { omit: Set<string>; empty: Set<string> }): void {
  if (Array.isArray(value)) {
    for (const item of value) applyNullsInPlace(item, sets);
    return;
  }
  if (!value || typeof value !== 'object' || value instanceof Date) return;
  const object = value as Record<string, unknown>;
  for (const key in object) {
    const field = object[key];
    if (field === null) {
      if (sets.omit.has(key)) object[key] = undefined;
      else if (sets.empty.has(key)) object[key] = '';
    } else if (typeof field === 'object') {
      applyNullsInPlace(field, sets);
    }
  }
}

/**
 * Applies a route's `nulls` rule to every object in `value` (see RouteEntry.nulls), in place: `value` must
 * be this request's own (the gateway's result) and is answered as JSON, where an undefined key is absent.
 */
export function writeNulls(value: unknown, rule: NullsRule): unknown {
  applyNullsInPlace(value, setsOf(rule));
  return value;
}

/**
 * Runs a route's operation through the gateway in process, with the caller's principal, and shapes the envelope.
 * `writeKey`: the request is a write sent with an Idempotency-Key (gateway/idempotency).
 */
export async function executeRoute(route: CompiledRoute, req: Request, principal: Principal, run: OperationRunner, writeKey?: string): Promise<RestResponse> {
  try {
    const result = await run(route.entry.operation, variablesOf(route, req), principal, req.id, writeKey);
    if (result.errors?.length) return errorOf(route.entry, result.errors[0]);
    const found = listOrSingle(resultAt(result.data, route.entry.result), route.entry.listWhenPresent);
    const value = (route.entry.nulls && found ? writeNulls(found, route.entry.nulls) : found) as typeof found;
    if (value === undefined) throw new Error(`${route.entry.method} ${route.entry.path}: no "${route.entry.result}" in the result`);
    const body =
      route.entry.envelope === false
        ? value
        : route.entry.paginated
          ? { status: 'success', data: value?.items, pagination: value?.pagination }
          : { status: 'success', data: value };
    return { status: route.entry.status ?? 200, body };
  } catch (error) {
    return errorOf(route.entry, error as Error);
  }
}
