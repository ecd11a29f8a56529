import {
  getNamedType,
  GraphQLField,
  GraphQLInputType,
  GraphQLNamedType,
  GraphQLObjectType,
  GraphQLOutputType,
  GraphQLSchema,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isObjectType,
  Kind,
  SelectionNode,
  SelectionSetNode,
  FragmentDefinitionNode,
  parse,
} from 'graphql';
import { compileRoute, pathParameters } from './execute';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_KEY_MAX_LENGTH, IDEMPOTENT_REPLAYED_HEADER, takesIdempotencyKey } from '../idempotency/idempotency-key';
import { KEYED_WRITE_RETENTION_HOURS } from '../../platform/keyed-writes';
import { RouteEntry } from './route';
import { isObjectListParameter } from './variables';

type JsonSchema = Record<string, unknown>;

const SCALARS: Record<string, JsonSchema> = {
  Int: { type: 'integer' },
  Float: { type: 'number' },
  String: { type: 'string' },
  ID: { type: 'string' },
  Boolean: { type: 'boolean' },
  DateTimeISO: { type: 'string', format: 'date-time' },
  JSONObject: { type: 'object', additionalProperties: true },
  BookingLocationValue: {
    oneOf: [
      { type: 'string' },
      {
        type: 'object',
        required: ['type'],
        properties: {
          type: { type: 'string' },
          address: { type: 'string' },
          phone: { type: 'string' },
          integration: { type: 'string' },
          location: { type: 'string' },
        },
      },
    ],
  },
};

function namedSchema(type: GraphQLNamedType): JsonSchema {
  if (isEnumType(type)) return { type: 'string', enum: type.getValues().map((v) => v.value) };
  return SCALARS[type.name] ?? { type: 'string' };
}

function nullable(schema: JsonSchema, isNullable: boolean): JsonSchema {
  return isNullable ? { anyOf: [schema, { type: 'null' }] } : schema;
}

/** JSON Schema of a GraphQL input type (request bodies). */
export function inputSchema(type: GraphQLInputType): JsonSchema {
  const isNullable = !isNonNullType(type);
  const inner = isNonNullType(type) ? type.ofType : type;
  if (isListType(inner)) return nullable({ type: 'array', items: inputSchema(inner.ofType) }, isNullable);
  if (isInputObjectType(inner)) {
    const fields = Object.values(inner.getFields());
    return {
      type: 'object',
      description: inner.description ?? undefined,
      properties: Object.fromEntries(fields.map((f) => [f.name, { ...inputSchema(f.type), description: f.description ?? undefined }])),
      required: fields.filter((f) => isNonNullType(f.type) && f.defaultValue === undefined).map((f) => f.name),
    };
  }
  return nullable(namedSchema(inner as GraphQLNamedType), isNullable);
}

/** JSON Schema of what a selection set answers (response bodies), following fragments. */
function outputSchema(type: GraphQLOutputType, selection: SelectionSetNode | undefined, fragments: Map<string, FragmentDefinitionNode>): JsonSchema {
  const isNullable = !isNonNullType(type);
  const inner = isNonNullType(type) ? type.ofType : type;
  if (isListType(inner)) return nullable({ type: 'array', items: outputSchema(inner.ofType, selection, fragments) }, isNullable);
  const named = getNamedType(inner);
  if (!isObjectType(named) || !selection) return nullable(namedSchema(named), isNullable);
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  const visit = (set: SelectionSetNode, on: GraphQLObjectType) => {
    for (const node of set.selections) {
      if (node.kind === Kind.FRAGMENT_SPREAD) visit(fragments.get(node.name.value)!.selectionSet, on);
      else if (node.kind === Kind.INLINE_FRAGMENT) visit(node.selectionSet, on);
      else {
        const field = on.getFields()[node.name.value];
        if (!field) continue;
        const key = node.alias?.value ?? node.name.value;
        properties[key] = { ...outputSchema(field.type, node.selectionSet, fragments), description: field.description ?? undefined };
        if (isNonNullType(field.type)) required.push(key);
      }
    }
  };
  visit(selection, named);
  // A nullable object is `type: [object, null]` (JSON Schema 2020-12, OpenAPI 3.1) rather than a union, so that
  // its properties stay where readers of the reference's `nullable: true` objects look for them.
  return { type: isNullable ? ['object', 'null'] : 'object', properties, required };
}

/** The schema without null: a union's other member, or a `type: [t, null]`'s `t`; undefined when it does not allow null. */
function withoutNull(property: { anyOf?: JsonSchema[]; type?: unknown }): JsonSchema | undefined {
  if (property?.anyOf?.length === 2) return property.anyOf.find((s) => s.type !== 'null');
  if (Array.isArray(property?.type) && property.type.includes('null')) return { ...property, type: property.type.find((t) => t !== 'null') };
  return undefined;
}

/**
 * RouteEntry.nulls, as the answers write them: an `omit` key is never null (left out instead), an
 * `empty` key is always a string ("" instead of null), at any depth of `data`.
 */
function withNullsRule(node: unknown, rule: NonNullable<RouteEntry['nulls']>): unknown {
  if (Array.isArray(node)) return node.map((s) => withNullsRule(s, rule));
  if (!node || typeof node !== 'object') return node;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(node as JsonSchema)) out[key] = withNullsRule(value, rule);
  const properties = out.properties as Record<string, { anyOf?: JsonSchema[]; type?: unknown; description?: string }> | undefined;
  if (!properties || typeof properties !== 'object') return out;
  const required = new Set<string>(Array.isArray(out.required) ? (out.required as string[]) : []);
  for (const [name, property] of Object.entries(properties)) {
    const nonNull = withoutNull(property);
    if (!nonNull || !(rule.omit?.includes(name) || rule.empty?.includes(name))) continue;
    properties[name] = { ...nonNull, description: property.description };
    if (rule.empty?.includes(name)) required.add(name);
  }
  out.required = [...required];
  return out;
}

/** RouteEntry.listWhenPresent: the object without the list field, or the list. */
function singleOrList(
  value: { properties?: Record<string, JsonSchema>; required?: string[] },
  field: string,
): { properties?: Record<string, JsonSchema>; required?: string[] } {
  const { [field]: list, ...properties } = value.properties ?? {};
  const single = { ...value, properties, required: value.required?.filter((name) => name !== field) };
  const listSchema = list as { items?: JsonSchema; anyOf?: Array<{ items?: JsonSchema }> } | undefined;
  const items = listSchema?.items ?? listSchema?.anyOf?.find((s) => s.items)?.items;
  return items ? ({ oneOf: [single, { type: 'array', items }] } as typeof value) : single;
}

function successSchema(route: RouteEntry, schema: GraphQLSchema): JsonSchema {
  const document = parse(route.operation);
  const fragments = new Map(document.definitions.filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION).map((f) => [f.name.value, f]));
  const compiled = compileRoute(route, schema);
  // Follow the result path (`organizationUser.schedules`) from the root type down to the field whose value is `data`.
  let parent: GraphQLObjectType = compiled.operation.operation === 'mutation' ? schema.getMutationType()! : schema.getQueryType()!;
  let selection: SelectionSetNode | undefined = compiled.operation.selectionSet;
  let field: GraphQLField<unknown, unknown> | undefined;
  for (const key of route.result.split('.')) {
    const node: SelectionNode | undefined = selection?.selections.find((s) => s.kind === Kind.FIELD && (s.alias?.value ?? s.name.value) === key);
    if (!node || node.kind !== Kind.FIELD) throw new Error(`${route.method} ${route.path}: result field ${route.result} is not selected`);
    if (field) parent = getNamedType(field.type) as GraphQLObjectType;
    field = parent.getFields()[node.name.value];
    selection = node.selectionSet;
  }
  let value = outputSchema(field!.type, selection, fragments) as { properties?: Record<string, JsonSchema>; required?: string[] };
  if (route.listWhenPresent) value = singleOrList(value, route.listWhenPresent);
  if (route.nulls) value = withNullsRule(value, route.nulls) as typeof value;
  if (route.envelope === false) return value;
  const properties: Record<string, JsonSchema> = { status: { type: 'string', enum: ['success'] } };
  if (route.paginated) {
    properties.data = value.properties!.items;
    properties.pagination = { $ref: '#/components/schemas/Pagination' };
  } else properties.data = value;
  return { type: 'object', properties, required: Object.keys(properties) };
}

const ERROR_STATUSES: Record<string, string> = {
  '400': 'Invalid input: the message names the field',
  '401': 'Missing, malformed, expired or revoked credential',
  '403': 'The credential lacks the scope, role or permission',
  '404': 'Not found',
  '409': 'Conflict with the current state',
  '422': 'Well formed, but cannot be done as asked (UNPROCESSABLE_ENTITY): a slot reservation over a held or booked slot',
  '429': 'Too many requests (TOO_MANY_REQUESTS): over the budget, or a client id locked after wrong secret keys; retry after Retry-After seconds',
  '500': 'Internal error (no internals disclosed)',
};

/** RFC 6749 section 5.2, for routes with `errors: 'oauth'` (the token endpoint, spec 7.3). */
const OAUTH_ERROR_STATUSES: Record<string, string> = {
  '400': 'invalid_request, invalid_grant, unauthorized_client, unsupported_grant_type or invalid_scope',
  '401': 'invalid_client: unknown client_id or a client_secret that does not match',
  '429': 'slow_down: over the budget, or the client_id or IP is locked after wrong client secrets; retry after Retry-After seconds',
  '500': 'server_error (no internals disclosed)',
};

/** JSON, and form-encoded too where the route takes it. */
function bodyContent(route: RouteEntry, schema: JsonSchema): Record<string, { schema: JsonSchema }> {
  return route.body === 'form-or-json'
    ? { 'application/x-www-form-urlencoded': { schema }, 'application/json': { schema } }
    : { 'application/json': { schema } };
}

/** On every answer (gateway/rate-limits): the budget of the request's credential, or of its IP without one. */
const RATE_LIMIT_HEADERS = {
  'X-RateLimit-Limit': { description: 'Requests allowed per window', schema: { type: 'integer' } },
  'X-RateLimit-Remaining': { description: 'Requests left in the current window', schema: { type: 'integer' } },
  'X-RateLimit-Reset': { description: 'Seconds until the window restarts', schema: { type: 'integer' } },
};
const RETRY_AFTER = { 'Retry-After': { description: 'Seconds to wait before retrying', schema: { type: 'integer' } } };

/** On the answer to a write sent again with its Idempotency-Key: the kept first answer (any status but a 5xx). */
const REPLAYED_HEADERS = {
  [IDEMPOTENT_REPLAYED_HEADER]: {
    description: `true when this is the kept first answer to an earlier request with the same ${IDEMPOTENCY_KEY_HEADER}`,
    schema: { type: 'string', enum: ['true'] },
  },
};

/** Every write takes a key (gateway/idempotency): sent again with it, the request answers its first answer. */
const IDEMPOTENCY_KEY_PARAMETER = {
  name: IDEMPOTENCY_KEY_HEADER,
  in: 'header',
  required: false,
  schema: { type: 'string', minLength: 1, maxLength: IDEMPOTENCY_KEY_MAX_LENGTH, pattern: '^[\\x20-\\x7E]+$' },
  description:
    `Makes the write safe to send again (a UUID, say): for ${KEYED_WRITE_RETENTION_HOURS} hours, the same request with the same key answers ` +
    `the first answer (status and body, with ${IDEMPOTENT_REPLAYED_HEADER}: true) without writing again, also when that first answer was lost ` +
    'or was a 503; the key with another method, path or body is 422; while the first is still being served, 409. Keys are per credential.',
};

/** What a write sent with an Idempotency-Key may answer besides its own statuses. */
const IDEMPOTENCY_STATUSES: Record<string, string> = {
  '409': `Conflict with the current state; or a request with the same ${IDEMPOTENCY_KEY_HEADER} is still being served (retry later with the same key)`,
  '422': `The ${IDEMPOTENCY_KEY_HEADER} was already used with another request (method, path or body): use a new key`,
};

function responseHeaders(route: RouteEntry, status?: string): { headers: Record<string, unknown> } {
  const fixed = Object.fromEntries(Object.entries(route.headers ?? {}).map(([name, value]) => [name, { schema: { type: 'string', enum: [value] } }]));
  const replayed = takesIdempotencyKey(route) ? REPLAYED_HEADERS : {};
  return { headers: { ...fixed, ...RATE_LIMIT_HEADERS, ...(status === '429' ? RETRY_AFTER : {}), ...replayed } };
}

function operationId(route: RouteEntry): string {
  return `${route.method.toLowerCase()}${route.path
    .replace(/^\/v2/, '')
    .replace(/\{(\w+)\}/g, 'By_$1')
    .split(/[/-]/)
    .filter(Boolean)
    .map((w) => w[0].toUpperCase() + w.slice(1))
    .join('')}${route.version ? `_${route.version.replace(/-/g, '_')}` : ''}`;
}

/** The OpenAPI 3.1 document of the façade, derived from the route table and the supergraph. */
export function openApiDocument(routes: RouteEntry[], schema: GraphQLSchema): JsonSchema {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const compiled = compileRoute(route, schema);
    const parameters: unknown[] = compiled.variables
      .filter((v) => v.source !== 'body')
      .map((v) => ({
        name: v.name,
        in: v.source,
        required: v.source === 'path' || v.required,
        schema: inputSchema(v.type),
        ...(isObjectListParameter(v) ? { style: 'deepObject', explode: true, description: `Written ${v.name}[0][field]=…&${v.name}[1][field]=…` } : {}),
      }));
    for (const [older, name] of Object.entries(route.queryAliases ?? {})) {
      const variable = compiled.variables.find((v) => v.name === name && v.source === 'query');
      if (!variable) throw new Error(`${route.method} ${route.path}: query alias ${older} names no query variable ${name}`);
      parameters.push({
        name: older,
        in: 'query',
        required: false,
        schema: inputSchema(variable.type),
        description: `The older name of ${name} (read when ${name} is not sent).`,
      });
    }
    parameters.push({
      name: 'svc-api-version',
      in: 'header',
      required: route.versionRequired === true,
      schema: route.version ? { type: 'string', enum: [route.version] } : { type: 'string' },
      description: route.versionRequired
        ? `Must be ${route.version}: the endpoint has no older version (404 without it).`
        : route.version
          ? `Must be ${route.version} for this behaviour; without it the endpoint answers its older version.`
          : 'Not read by this endpoint.',
    });
    const keyed = takesIdempotencyKey(route);
    if (keyed) parameters.push(IDEMPOTENCY_KEY_PARAMETER);
    const body = compiled.variables.find((v) => v.source === 'body');
    const method = route.method.toLowerCase();
    const existing = paths[route.path]?.[method] as { 'x-versions'?: unknown[] } | undefined;
    const status = String(route.status ?? 200);
    const operation = {
      operationId: operationId(route),
      summary: route.summary,
      tags: [route.tag],
      parameters,
      ...(body ? { requestBody: { required: body.required, content: bodyContent(route, inputSchema(body.type)) } } : {}),
      ...(route.anonymous ? { security: [] } : {}),
      ...(route.platformClientIdParam ? { security: [{ platformSecretKey: [] }] } : {}),
      ...(route.deprecated ? { deprecated: true } : {}),
      ...(route.deviations?.length ? { 'x-svc-deviation': route.deviations } : {}),
      responses: {
        [status]:
          status === '204'
            ? { description: 'No Content', ...responseHeaders(route) }
            : { description: 'Success', ...responseHeaders(route), content: { 'application/json': { schema: successSchema(route, schema) } } },
        ...(route.errors === 'oauth'
          ? Object.fromEntries(
              Object.entries(OAUTH_ERROR_STATUSES).map(([code, description]) => [
                code,
                { description, ...responseHeaders(route, code), content: { 'application/json': { schema: { $ref: '#/components/schemas/OAuthError' } } } },
              ]),
            )
          : Object.fromEntries(
              Object.entries({ ...ERROR_STATUSES, ...(keyed ? IDEMPOTENCY_STATUSES : {}) }).map(([code, description]) => [
                code,
                { description, ...responseHeaders(route, code), content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } } },
              ]),
            )),
      },
      'x-graphql-operation': route.operation.replace(/\s+/g, ' ').trim(),
    };
    paths[route.path] ??= {};
    if (existing) existing['x-versions'] = [...(existing['x-versions'] ?? []), operation];
    else paths[route.path][method] = operation;
    for (const name of pathParameters(route.path))
      if (!compiled.variables.some((v) => v.name === name)) throw new Error(`${route.path}: {${name}} feeds no variable`);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Scheduling Service API',
      version: 'v2',
      description: 'REST compatibility façade over the federated GraphQL supergraph. Every operation lists the GraphQL document it runs (x-graphql-operation).',
    },
    servers: [{ url: '/' }],
    security: [{ bearer: [] }, { platformClientId: [], platformSecretKey: [] }],
    paths,
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', description: 'API key (svc_…) or OAuth access token (svc_at_…)' },
        platformClientId: {
          type: 'apiKey',
          in: 'header',
          name: 'x-svc-client-id',
          description: 'Platform customers: the OAuth client id (with x-svc-secret-key)',
        },
        platformSecretKey: {
          type: 'apiKey',
          in: 'header',
          name: 'x-svc-secret-key',
          description: 'Platform customers: the OAuth client secret key (with x-svc-client-id)',
        },
      },
      schemas: {
        Pagination: {
          type: 'object',
          properties: {
            totalItems: { type: 'integer' },
            remainingItems: { type: 'integer' },
            returnedItems: { type: 'integer' },
            itemsPerPage: { type: 'integer' },
            currentPage: { type: 'integer' },
            totalPages: { type: 'integer' },
            hasNextPage: { type: 'boolean' },
            hasPreviousPage: { type: 'boolean' },
          },
          required: ['totalItems', 'remainingItems', 'returnedItems', 'itemsPerPage', 'currentPage', 'totalPages', 'hasNextPage', 'hasPreviousPage'],
        },
        OAuthError: {
          type: 'object',
          description: 'RFC 6749 section 5.2 (spec 7.3)',
          properties: { error: { type: 'string' }, error_description: { type: 'string' } },
          required: ['error', 'error_description'],
        },
        ErrorEnvelope: {
          type: 'object',
          properties: {
            status: { type: 'string', enum: ['error'] },
            error: { type: 'object', properties: { code: { type: 'string' }, message: { type: 'string' } }, required: ['code', 'message'] },
          },
          required: ['status', 'error'],
        },
      },
    },
  };
}
