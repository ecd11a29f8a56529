import { Supergraph } from '@apollo/federation-internals';
import { buildClientSchema, getIntrospectionQuery, GraphQLSchema, Kind, OperationDefinitionNode, parse, validate } from 'graphql';
import { internalSupergraphOf } from '../../platform/internal-supergraph';
import { RouteEntry } from '../../gateway/rest/route';
import { ROUTES } from '../../gateway/rest/routes';
import { readCheckedInSupergraph } from '../../schema/compose';
import { userWithKey } from '../support/fixtures';
import { startTestStack, TestStack } from '../support/stack';

type Json = Record<string, any>;

const pathParameters = (path: string) => [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
const squash = (text: string) => text.replace(/\s+/g, ' ').trim();
const label = (route: RouteEntry) => `${route.method} ${route.path}${route.version ? ` (svc-api-version ${route.version})` : ''}`;
const routeRows = ROUTES.map((route) => [label(route), route] as const);

/** GET /v2/openapi.json: the OpenAPI 3.1 document of the façade, derived from the route table (gateway/rest/routes). */
describe('GET /v2/openapi.json', () => {
  let stack: TestStack;
  let doc: Json;

  beforeAll(async () => {
    stack = await startTestStack();
    const response = await stack.rest('GET', '/v2/openapi.json');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/application\/json/);
    doc = response.body;
  });
  afterAll(() => stack.stop());

  /** The document's operation for a route entry (entries of one method and path with a version are under x-versions). */
  function operationOf(route: RouteEntry): Json {
    const primary = doc.paths?.[route.path]?.[route.method.toLowerCase()];
    if (!primary) throw new Error(`${label(route)} is not in the document`);
    const candidates: Json[] = [primary, ...(primary['x-versions'] ?? [])];
    const found = candidates.find((op) => op['x-graphql-operation'] === squash(route.operation));
    if (!found) throw new Error(`${label(route)}: no operation of the document runs the route's GraphQL document`);
    return found;
  }

  /** Follows a local `$ref` (`#/components/schemas/X`). */
  function deref(schema: Json): Json {
    if (!schema?.$ref) return schema;
    return (schema.$ref as string)
      .replace(/^#\//, '')
      .split('/')
      .reduce((node: Json, key) => node[key], doc);
  }

  describe('is an OpenAPI 3.1 document', () => {
    it('declares openapi 3.1.x, info, paths and the bearer security scheme', () => {
      expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
      expect(doc.info).toMatchObject({ title: expect.any(String), version: expect.any(String) });
      expect(typeof doc.paths).toBe('object');
      expect(doc.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
      expect(doc.security).toEqual([{ bearer: [] }, { platformClientId: [], platformSecretKey: [] }]);
      expect(doc.components.securitySchemes.platformClientId).toMatchObject({ type: 'apiKey', in: 'header', name: 'x-svc-client-id' });
      expect(doc.components.securitySchemes.platformSecretKey).toMatchObject({ type: 'apiKey', in: 'header', name: 'x-svc-secret-key' });
    });

    it('defines the envelope of spec 2.1 / 7.1: ErrorEnvelope {status: "error", error: {code, message}} and Pagination', () => {
      const { ErrorEnvelope, Pagination } = doc.components.schemas;
      expect(ErrorEnvelope.properties.status).toEqual({ type: 'string', enum: ['error'] });
      expect(ErrorEnvelope.properties.error.required.sort()).toEqual(['code', 'message']);
      expect(ErrorEnvelope.required.sort()).toEqual(['error', 'status']);
      expect(Pagination.properties).toEqual({
        totalItems: { type: 'integer' },
        remainingItems: { type: 'integer' },
        returnedItems: { type: 'integer' },
        itemsPerPage: { type: 'integer' },
        currentPage: { type: 'integer' },
        totalPages: { type: 'integer' },
        hasNextPage: { type: 'boolean' },
        hasPreviousPage: { type: 'boolean' },
      });
      expect(Pagination.required.sort()).toEqual([
        'currentPage',
        'hasNextPage',
        'hasPreviousPage',
        'itemsPerPage',
        'remainingItems',
        'returnedItems',
        'totalItems',
        'totalPages',
      ]);
    });

    it('every local $ref resolves', () => {
      const refs = [...JSON.stringify(doc).matchAll(/"\$ref":"([^"]+)"/g)].map((m) => m[1]);
      expect(refs.length).toBeGreaterThan(0);
      for (const ref of new Set(refs)) expect(deref({ $ref: ref })).toBeDefined();
    });

    it('operationIds are unique', () => {
      const ids = ROUTES.map((route) => operationOf(route).operationId);
      expect(new Set(ids).size).toBe(ids.length);
    });
  });

  describe('has every (method, path) of the route table, and nothing else', () => {
    it('the (method, path) pairs of the document are those of ROUTES', () => {
      const documented = Object.entries(doc.paths as Json)
        .flatMap(([path, item]) =>
          Object.keys(item)
            .filter((k) => ['get', 'post', 'patch', 'put', 'delete'].includes(k))
            .map((method) => `${method.toUpperCase()} ${path}`),
        )
        .sort();
      const table = [...new Set(ROUTES.map((route) => `${route.method} ${route.path}`))].sort();
      expect(documented).toEqual(table);
    });

    it('covers the routes the spec names for this façade', () => {
      const table = ROUTES.map((route) => `${route.method} ${route.path}`);
      expect(table).toEqual(
        expect.arrayContaining([
          'GET /v2/me',
          'GET /v2/teams',
          'POST /v2/teams',
          'GET /v2/event-types',
          'POST /v2/event-types',
          'PATCH /v2/event-types/{eventTypeId}',
          'GET /v2/webhooks',
          'POST /v2/webhooks',
          'GET /v2/organizations/{orgId}/teams/{teamId}/memberships',
          'DELETE /v2/teams/{teamId}/memberships/{membershipId}',
          'DELETE /v2/organizations/{orgId}/teams/{teamId}/memberships/{membershipId}',
          'POST /v2/auth/oauth2/token',
        ]),
      );
    });

    it.each(routeRows)('%s: summary, tag and the GraphQL document it runs', (_label, route) => {
      const op = operationOf(route);
      expect(op.summary).toBe(route.summary);
      expect(op.tags).toEqual([route.tag]);
      expect(op['x-graphql-operation']).toBe(squash(route.operation));
    });
  });

  describe('each operation answers its success status code (201 for creates) and the error responses', () => {
    it.each(routeRows)('%s: its one success status and the success envelope', (_label, route) => {
      const { responses } = operationOf(route);
      const success = String(route.status ?? 200);
      expect(Object.keys(responses).filter((code) => code.startsWith('2'))).toEqual([success]);
      if (success === '204') return; // No Content: no body

      const body = responses[success].content['application/json'].schema;
      if (route.envelope === false) {
        // The result itself is the body (the token response of spec 2.3; Stripe's `{url}` and `{status}`), not the envelope around it.
        expect(body.properties).not.toHaveProperty('data');
        return;
      }
      expect(body.properties.status).toEqual({ type: 'string', enum: ['success'] });
      expect(body.required).toEqual(expect.arrayContaining(['status', 'data']));
      if (route.paginated) {
        expect(body.properties.data.type).toBe('array');
        expect(deref(body.properties.pagination)).toBe(doc.components.schemas.Pagination);
        expect(body.required).toContain('pagination');
      } else {
        expect(body.properties).not.toHaveProperty('pagination');
      }
    });

    it.each(routeRows)('%s: error responses in the error envelope', (_label, route) => {
      const { responses } = operationOf(route);
      if (route.errors === 'oauth') {
        // RFC 6749 {error, error_description} (spec 7.3)
        for (const code of ['400', '401', '500']) expect(deref(responses[code].content['application/json'].schema)).toBe(doc.components.schemas.OAuthError);
        return;
      }
      for (const code of ['400', '401', '403', '404', '500']) {
        expect(responses[code]).toBeDefined();
        expect(typeof responses[code].description).toBe('string');
        expect(deref(responses[code].content['application/json'].schema)).toBe(doc.components.schemas.ErrorEnvelope);
      }
    });

    it('creates answer 201: POST /v2/teams, /v2/event-types, /v2/webhooks', () => {
      for (const path of ['/v2/teams', '/v2/event-types', '/v2/webhooks']) {
        expect(Object.keys(doc.paths[path].post.responses)).toContain('201');
        expect(Object.keys(doc.paths[path].post.responses)).not.toContain('200');
      }
    });

    it('the membership list answers data items of type 2.13', () => {
      const op = doc.paths['/v2/organizations/{orgId}/teams/{teamId}/memberships'].get;
      const item = op.responses['200'].content['application/json'].schema.properties.data.items;
      expect(Object.keys(item.properties).sort()).toEqual(['accepted', 'disableImpersonation', 'id', 'role', 'teamId', 'user', 'userId']);
      expect(item.properties.id.type).toBe('integer');
      expect(item.properties.accepted.type).toBe('boolean');
      // Consent (issue 21): null while the membership is an invitation, for anybody but its person.
      expect(item.properties.user.type).toEqual(['object', 'null']);
      const user = item.properties.user.properties;
      expect(Object.keys(user).sort()).toEqual(['avatarUrl', 'bio', 'email', 'metadata', 'name', 'username']);
    });
  });

  describe('path parameters', () => {
    it.each(routeRows)('%s: each {parameter} of the path is a required path parameter', (_label, route) => {
      const parameters: Json[] = operationOf(route).parameters;
      const inPath = parameters.filter((p) => p.in === 'path');
      expect(inPath.map((p) => p.name).sort()).toEqual(pathParameters(route.path).sort());
      for (const parameter of inPath) {
        expect(parameter.required).toBe(true);
        // numeric ids are integers; random identifiers (a private link's linkId, a booking's uid, a role id) are strings
        expect([{ type: 'integer' }, { type: 'string' }]).toContainEqual(parameter.schema);
      }
    });

    it.each(routeRows.filter(([, route]) => route.paginated))('%s: take and skip are optional integer query parameters', (_label, route) => {
      const query = (operationOf(route).parameters as Json[]).filter((p) => p.in === 'query');
      for (const name of ['take', 'skip']) {
        const parameter = query.find((p) => p.name === name);
        expect(parameter).toBeDefined();
        expect(parameter!.required).toBe(false);
        expect(JSON.stringify(parameter!.schema)).toContain('"integer"');
      }
    });
  });

  describe('request bodies, with their required fields', () => {
    it.each(routeRows)('%s: a JSON body exactly when the operation takes $input', (_label, route) => {
      const op = operationOf(route);
      const takesInput = /\$input\b/.test(route.operation);
      if (!takesInput) {
        expect(op.requestBody).toBeUndefined();
        return;
      }
      // Optional only where the operation gives $input a default (cancel: the real service cancels without a body).
      expect(op.requestBody.required).toBe(!/\$input: \w+!? = /.test(route.operation));
      const schema = op.requestBody.content['application/json'].schema;
      expect(schema.type).toBe('object');
      for (const name of schema.required ?? []) expect(schema.properties).toHaveProperty(name);
    });

    const bodyOf = (path: string, method: string) => doc.paths[path][method].requestBody.content['application/json'].schema;

    it('CreateEventTypeInput requires title, slug, lengthInMinutes; locations is an array of {type}', () => {
      const schema = bodyOf('/v2/event-types', 'post');
      expect(schema.required.sort()).toEqual(['lengthInMinutes', 'slug', 'title']);
      expect(schema.properties.title).toMatchObject({ type: 'string' });
      expect(schema.properties.lengthInMinutes).toMatchObject({ type: 'integer' });
      const locations = schema.properties.locations.anyOf.find((s: Json) => s.type === 'array');
      expect(locations.items).toMatchObject({ type: 'object', required: ['type'] });
    });

    it('UpdateEventTypeInput requires nothing and documents teamId and parentId', () => {
      const schema = bodyOf('/v2/event-types/{eventTypeId}', 'patch');
      expect(schema.required).toEqual([]);
      expect(schema.properties).toHaveProperty('teamId');
      expect(schema.properties).toHaveProperty('parentId');
      expect(schema.properties).toHaveProperty('title');
    });

    it('CreateTeamInput requires name', () => {
      expect(bodyOf('/v2/teams', 'post').required).toEqual(['name']);
    });

    it('CreateWebhookInput requires subscriberUrl and triggers; payloadTemplate may be null', () => {
      const schema = bodyOf('/v2/webhooks', 'post');
      expect(schema.required.sort()).toEqual(['subscriberUrl', 'triggers']);
      expect(schema.properties.triggers).toMatchObject({ type: 'array', items: { type: 'string' } });
      expect(schema.properties.payloadTemplate.anyOf).toEqual(expect.arrayContaining([{ type: 'string' }, { type: 'null' }]));
      expect(schema.properties).toHaveProperty('active');
    });
  });

  /** Fields and types only the façade asks for: @inaccessible, out of the public graph (issue 24; issue 22's one organizer of a collective booking). */
  const REST_ONLY_FIELDS = ['legacyCreateBooking', 'LegacyCreateBookingInput', 'organizers', 'participants', 'userPrimaryEmail', 'nextCursor'];

  describe('every route’s GraphQL document validates against the internal API schema the façade runs on', () => {
    let checkedIn: GraphQLSchema;
    let served: GraphQLSchema;

    beforeAll(async () => {
      checkedIn = Supergraph.build(internalSupergraphOf(readCheckedInSupergraph())).apiSchema().toGraphQLJSSchema();
      const introspection = await stack.graphql(getIntrospectionQuery());
      expect(introspection.body.errors).toBeUndefined();
      served = buildClientSchema(introspection.body.data);
    });

    it.each(routeRows)('%s', (_label, route) => {
      const document = parse(route.operation);
      expect(validate(checkedIn, document).map((e) => e.message)).toEqual([]);
      // The public /graphql serves every route's document but those of the REST-only fields, which it does not know.
      const restOnly = REST_ONLY_FIELDS.filter((field) => new RegExp(`\\b${field}\\b(?!:)`).test(route.operation));
      const publicErrors = validate(served, document).map((e) => e.message);
      // Each error of the public schema names a REST-only field, and each REST-only field the route selects is refused there.
      expect(publicErrors.filter((message) => !restOnly.some((field) => message.includes(`"${field}"`)))).toEqual([]);
      for (const field of restOnly) expect(publicErrors).toEqual(expect.arrayContaining([expect.stringContaining(`"${field}"`)]));

      const operations = document.definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
      expect(operations).toHaveLength(1);
      const [operation] = operations;
      expect(operation.operation).toBe(route.method === 'GET' ? 'query' : 'mutation');
      const roots = operation.selectionSet.selections.map((s) => (s.kind === Kind.FIELD ? (s.alias?.value ?? s.name.value) : null));
      expect(roots).toEqual([route.result.split('.')[0]]); // a dotted result reaches into its root field
      const variables = (operation.variableDefinitions ?? []).map((v) => v.variable.name.value);
      expect(variables).toEqual(expect.arrayContaining(pathParameters(route.path)));
      if (route.paginated) expect(variables).toEqual(expect.arrayContaining(['take', 'skip']));
    });
  });

  describe('every route of the table is served under /v2', () => {
    let key: string;

    beforeAll(async () => {
      ({ key } = await userWithKey(stack));
    });

    it.each(routeRows)('%s answers in the envelope (not the unknown-route 404)', async (_label, route) => {
      const path = route.path.replace(/\{\w+\}/g, '999999');
      const headers: Record<string, string> = route.version ? { 'svc-api-version': route.version } : {};
      const response = await stack.rest(route.method, path, { key, headers, body: /\$input\b/.test(route.operation) ? {} : undefined });
      if (response.status === 204) return;
      if (route.errors === 'oauth') {
        expect(response.body).toEqual({ error: expect.any(String), error_description: expect.any(String) });
        return;
      }
      expect(['success', 'error']).toContain(response.body?.status);
      if (response.body.status === 'error') expect(response.body.error.message).not.toMatch(/^No route for/);
    });

    it('an unknown /v2 path → 404 NOT_FOUND in the envelope', async () => {
      const response = await stack.rest('GET', '/v2/no-such-thing', { key });
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ status: 'error', error: { code: 'NOT_FOUND', message: expect.stringMatching(/No route for GET \/v2\/no-such-thing/) } });
    });
  });
});
