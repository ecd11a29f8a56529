import { appendFileSync } from 'node:fs';
import * as http from 'node:http';
import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { MembershipRole, operatorOf, userWithKey } from './fixtures';
import { TestStack } from './stack';

/**
 * A bounded, reproducible fuzz of the /v2 façade, driven by the OpenAPI document the stack serves
 * (GET /v2/openapi.json): every operation (and every svc-api-version variant of it) gets generated
 * requests that mix valid and hostile path parameters, query parameters, headers and bodies, and
 * every answer must be a 4xx in the documented error format or a success — never a 5xx — with no
 * row of any table changed by a refused request.
 *
 * FUZZ_SEED (default below) and FUZZ_RUNS (requests per operation) override the defaults; a failure
 * prints the seed and fast-check's replay path next to the shrunk request and its answer.
 * FUZZ_LOG=<file> appends every exchange to that file (one JSON line each), FUZZ_SHRINK=0 skips shrinking.
 */
export const FUZZ_SEED = Number(process.env.FUZZ_SEED ?? 20_240_613);
export const FUZZ_RUNS = Number(process.env.FUZZ_RUNS ?? 6);

// ---------------------------------------------------------------------------------------------------
// The OpenAPI document

type Json = Record<string, any>;
export type JsonSchema = Json;

export interface DocOperation {
  method: string;
  path: string;
  /** The svc-api-version this variant implements (its header parameter's enum), if any. */
  version?: string;
  versionRequired: boolean;
  pathParams: Array<{ name: string; schema: JsonSchema }>;
  queryParams: Array<{ name: string; schema: JsonSchema }>;
  body?: { required: boolean; schema: JsonSchema; mediaTypes: string[] };
  /** Errors are RFC 6749 `{error, error_description}` (the operation's error responses reference OAuthError). */
  oauthErrors: boolean;
  label: string;
}

/** Every operation of the document, `x-versions` variants included, as generators need them. */
export function operationsOf(doc: Json): DocOperation[] {
  const out: DocOperation[] = [];
  for (const [path, methods] of Object.entries<Json>(doc.paths)) {
    for (const [method, primary] of Object.entries<Json>(methods)) {
      for (const op of [primary, ...(primary['x-versions'] ?? [])]) {
        const params: Json[] = op.parameters ?? [];
        const versionHeader = params.find((p) => p.in === 'header' && p.name === 'svc-api-version');
        const version: string | undefined = versionHeader?.schema?.enum?.[0];
        const content: Json | undefined = op.requestBody?.content;
        const errorResponse = op.responses?.['400']?.content?.['application/json']?.schema?.$ref as string | undefined;
        out.push({
          method: method.toUpperCase(),
          path,
          version,
          versionRequired: versionHeader?.required === true,
          pathParams: params.filter((p) => p.in === 'path').map((p) => ({ name: p.name, schema: p.schema })),
          queryParams: params.filter((p) => p.in === 'query').map((p) => ({ name: p.name, schema: p.schema })),
          body: content
            ? { required: op.requestBody.required === true, schema: content['application/json'].schema, mediaTypes: Object.keys(content) }
            : undefined,
          oauthErrors: errorResponse === '#/components/schemas/OAuthError',
          label: `${method.toUpperCase()} ${path}${version ? ` (svc-api-version ${version})` : ''}`,
        });
      }
    }
  }
  return out;
}

/** Reads and writes first, DELETEs last (they may remove the fixtures the others aim at), memberships very last. */
export function fuzzOrder(operations: DocOperation[]): DocOperation[] {
  // POST /v2/api-keys/refresh revokes the key it is called with: last, so the other operations still run with it.
  const rank = (op: DocOperation) => (op.path === '/v2/api-keys/refresh' ? 3 : op.method !== 'DELETE' ? 0 : op.path.includes('memberships') ? 2 : 1);
  return [...operations].sort((a, b) => rank(a) - rank(b));
}

// ---------------------------------------------------------------------------------------------------
// Known values: real ids of a user who owns data, so that generated requests also reach the services

export type KnownValues = Record<string, Array<string | number>>;

export interface FuzzWorld {
  key: string;
  /** The owner's ids by parameter name, the one that fits this path first (a team event type on team paths, …). */
  knownFor(path: string): KnownValues;
}

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'];

/**
 * A user who owns real data: an organization, a team in it (with a second member), a personal and a
 * team event type, a schedule, private links, a booking, a webhook, a custom role; created through the
 * operator's services and the REST API.
 */
export async function fuzzWorld(stack: TestStack): Promise<FuzzWorld> {
  const operator = operatorOf(stack);
  const tag = randomBytes(3).toString('hex');
  const owner = await userWithKey(stack, { name: 'Fuzz owner' });
  const member = await userWithKey(stack, { name: 'Fuzz member' });
  const org = await operator.createOrganization({ name: 'Fuzz org', slug: `fuzz-org-${tag}`, ownerId: owner.user.id });
  const team = await operator.createTeam({ name: 'Fuzz team', slug: `fuzz-team-${tag}`, orgId: org.id, ownerId: owner.user.id });
  const membership = await operator.addMember({ teamId: team.id, userId: member.user.id, role: MembershipRole.MEMBER });
  await operator.addMember({ teamId: org.id, userId: member.user.id, role: MembershipRole.MEMBER });
  const schedule = await operator.createSchedule({
    ownerId: owner.user.id,
    name: 'Working hours',
    timeZone: 'Europe/London',
    isDefault: true,
    availability: [{ days: WEEKDAYS, startTime: '09:00', endTime: '17:00' }],
    overrides: [],
  });
  const personal = await operator.createEventType({ title: 'Fuzz call', slug: `fuzz-call-${tag}`, lengthInMinutes: 30, ownerId: owner.user.id });
  const teamType = await operator.createEventType({
    title: 'Fuzz team call',
    slug: `fuzz-team-call-${tag}`,
    lengthInMinutes: 30,
    teamId: team.id,
    hostIds: [owner.user.id, member.user.id],
  });
  const links: string[] = [];
  for (const [path, version] of [
    [`/v2/event-types/${personal.id}/private-links`, undefined],
    [`/v2/organizations/${org.id}/teams/${team.id}/event-types/${teamType.id}/private-links`, '2024-09-04'],
  ] as const) {
    const created = await stack.rest('POST', path, { key: owner.key, body: { maxUsageCount: 5 }, headers: version ? { 'svc-api-version': version } : {} });
    if (created.status !== 201) throw new Error(`private link: ${created.status} ${JSON.stringify(created.body)}`);
    links.push(created.body.data.linkId);
  }
  const start = new Date(Date.UTC(2031, 1, 3, 10));
  const booking = await operator.createBooking({
    eventTypeId: personal.id,
    start,
    attendee: { name: 'Fuzz guest', email: 'fuzz-guest@example.com', timeZone: 'Europe/London' },
    hostId: owner.user.id,
  });
  const hook = await stack.rest('POST', '/v2/webhooks', {
    key: owner.key,
    body: { subscriberUrl: 'https://hooks.example.com/fuzz', triggers: ['BOOKING_CREATED'] },
  });
  if (hook.status !== 201) throw new Error(`webhook: ${hook.status} ${JSON.stringify(hook.body)}`);
  const role = await operator.createRole({ organizationId: org.id, name: 'Fuzz auditor', permissions: ['role.readOrgRoles'] });
  const ownMemberships = await stack.db('organizations').query('SELECT id FROM memberships WHERE team_id = $1', [team.id]);
  const known: KnownValues = {
    orgId: [org.id],
    teamId: [team.id, org.id],
    eventTypeId: [personal.id, teamType.id],
    linkId: links,
    membershipId: [membership.id, ...ownMemberships.map((m: { id: number }) => m.id)],
    userId: [owner.user.id, member.user.id],
    scheduleId: [schedule.id],
    bookingUid: [booking.uid],
    roleId: [role.id],
    eventSlug: [personal.slug, teamType.slug],
    eventTypeSlug: [personal.slug, teamType.slug],
    username: [owner.user.username],
    teamSlug: [team.slug ?? `fuzz-team-${tag}`],
    organizationSlug: [org.slug ?? `fuzz-org-${tag}`],
    attendeeEmail: ['fuzz-guest@example.com'],
    privateLinkId: links,
    rescheduleUid: [booking.uid],
  };
  const onTeamPaths: KnownValues = { ...known, eventTypeId: [teamType.id, personal.id], linkId: [...links].reverse(), privateLinkId: [...links].reverse() };
  return { key: owner.key, knownFor: (path) => (path.includes('{teamId}') ? onTeamPaths : known) };
}

// ---------------------------------------------------------------------------------------------------
// Generated values

const MAX_STRING_GENERATED = 20_000;

/** Percent-encoding of any string, lone surrogates included (as U+FFFD, what UTF-8 can carry); encodeURIComponent throws on them. */
function percentEncode(value: string): string {
  return [...Buffer.from(value, 'utf8')]
    .map((b) => (/[A-Za-z0-9\-_.~]/.test(String.fromCharCode(b)) ? String.fromCharCode(b) : `%${b.toString(16).toUpperCase().padStart(2, '0')}`))
    .join('');
}

/**
 * Values for the request line: it must stay within what Node's HTTP parser reads (16 KB of headers,
 * else it answers 431 itself, without the gateway), so long strings there are at most 2,000 characters.
 */
const MAX_URL_STRING = 2_000;

/** Strings that have hurt servers: NUL, lone surrogates, RTL marks, emoji, path tricks, SQL, huge. */
const hostileStringUpTo = (maxLength: number): fc.Arbitrary<string> =>
  fc.oneof(
    fc.constantFrom(
      '',
      ' ',
      '\u0000',
      'a\u0000b',
      '\ud800',
      'x\udc00y',
      '\u202e\u200b\ufeff',
      '😀👩‍👩‍👧',
      'é'.repeat(300),
      '../../etc/passwd',
      '%00',
      '%2F',
      "'; DROP TABLE users; --",
      '{"$gt":""}',
      '\\',
      '\r\n',
      'null',
      'undefined',
      'NaN',
      'true',
      '-1',
      '1e308',
    ),
    fc.string({ unit: 'binary', maxLength: 40 }),
    fc.integer({ min: 256, max: maxLength }).map((n) => 'x'.repeat(n)),
  );
const hostileString = hostileStringUpTo(MAX_STRING_GENERATED);

/** Numbers at the edges of JSON, JavaScript, PostgreSQL's int4/int8 and GraphQL's Int. */
const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(0, -0, -1, 1.5, 2 ** 31 - 1, 2 ** 31, -(2 ** 31) - 1, 2 ** 53 + 1, -(2 ** 53) - 1, 1e308, -1e308, 5e-324, 99_999_999_999),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** Dates PostgreSQL, JavaScript or the calendar disagree about. */
const hostileDate: fc.Arbitrary<string> = fc.constantFrom(
  '0000-01-01',
  '0000-01-01T00:00:00Z',
  '-271821-04-20T00:00:00Z',
  '+275760-09-13T00:00:00Z',
  '9999-99-99',
  '9999-12-31T23:59:59.999Z',
  '10000-01-01T00:00:00Z',
  '2030-02-30T10:00:00Z',
  '2030-01-01T25:61:00Z',
  '2030-01-01T10:00:00+99:00',
  '1970-01-01T00:00:00Z',
  '4713-01-01T00:00:00Z',
  '294277-01-01T00:00:00Z',
  '2030-01-01',
  '24:00',
  '99:99',
  'yesterday',
  '2030-13-01T00:00:00',
);

/** Anything JSON can carry, of any type (a wrong type for most fields). */
const anyJson: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  hostileNumber,
  hostileString,
  fc.constant([]),
  fc.constant({}),
  fc.jsonValue({ maxDepth: 3 }),
);

/** Deep nesting and big lists, kept under the 100 KB body limit most of the time. */
const oversized: fc.Arbitrary<unknown> = fc.oneof(
  fc.integer({ min: 50, max: 2_000 }).map((depth) => {
    let value: unknown = 'deep';
    for (let i = 0; i < depth; i += 1) value = i % 2 ? [value] : { a: value };
    return value;
  }),
  fc.integer({ min: 101, max: 10_000 }).map((n) => Array.from({ length: n }, (_, i) => i)),
  fc.integer({ min: 21, max: 600 }).map((n) => Array.from({ length: n }, () => ({ type: 'link', userId: 1 }))),
);

/** A value of the wrong kind for a schema, or at its edges; in a URL, nothing longer than MAX_URL_STRING. */
function hostileFor(schema: JsonSchema, where: 'body' | 'url' = 'body'): fc.Arbitrary<unknown> {
  const type = baseSchema(schema).type;
  const strings = where === 'body' ? hostileString : hostileStringUpTo(MAX_URL_STRING);
  const edges: Array<fc.Arbitrary<unknown>> = [fc.constant(null), where === 'body' ? anyJson : fc.jsonValue({ maxDepth: 2 })];
  if (where === 'body') edges.push(oversized);
  if (type === 'integer' || type === 'number') edges.push(hostileNumber, hostileNumber.map(String));
  if (type === 'string') edges.push(strings, hostileDate, hostileNumber);
  return fc.oneof(...edges);
}

/** The value once in `every` draws, else undefined (fc.option's freq is the other way round: how often it is nil). */
function sometimes<T>(arbitrary: fc.Arbitrary<T>, every: number): fc.Arbitrary<T | undefined> {
  return fc.oneof({ weight: every - 1, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary });
}

function baseSchema(schema: JsonSchema): JsonSchema {
  return schema?.anyOf ? (schema.anyOf.find((s: JsonSchema) => s.type !== 'null') ?? {}) : (schema ?? {});
}

const futureDateTime = fc.integer({ min: 0, max: 3 * 365 * 24 }).map((hours) => new Date(Date.UTC(2031, 1, 3, 9) + hours * 3_600_000).toISOString());
const futureDate = futureDateTime.map((d) => d.slice(0, 10));
const timeOfDay = fc.constantFrom('09:00', '12:30', '17:00', '00:00', '23:59');

/** A plausible value for a field, by its name (the names the reference document uses) then its type. */
function plausibleFor(name: string, schema: JsonSchema, known: KnownValues, depth: number): fc.Arbitrary<unknown> {
  const inner = baseSchema(schema);
  const knownValues = known[name];
  const byName: Array<fc.Arbitrary<unknown>> = [];
  if (knownValues?.length) byName.push(fc.constantFrom(...knownValues));
  if (inner.type === 'string' && !inner.enum) {
    if (/email/i.test(name)) byName.push(fc.constantFrom('ada@example.com', 'fuzz-guest@example.com'));
    else if (/timeZone/i.test(name)) byName.push(fc.constantFrom('Europe/London', 'UTC', 'America/New_York', 'Asia/Kathmandu'));
    else if (/^(startTime|endTime)$/.test(name) && depth > 0) byName.push(timeOfDay);
    else if (/date$/i.test(name)) byName.push(futureDate, hostileDate);
    else if (/^(start|end|expiresAt|afterStart|beforeEnd|startTime|endTime)$/.test(name)) byName.push(futureDateTime, futureDate, hostileDate);
    else if (/url/i.test(name)) byName.push(fc.constantFrom('https://hooks.example.com/x', 'http://127.0.0.1/x', 'ftp://example.com'));
    else if (name === 'days') byName.push(fc.constantFrom(...WEEKDAYS, 'Sunday'));
    else if (name === 'field') byName.push(fc.constantFrom('text', 'email', 'select', 'number', 'name', 'phone'));
    else if (name === 'triggers') byName.push(fc.constantFrom('BOOKING_CREATED', 'BOOKING_CANCELLED'));
    else if (name === 'type') byName.push(fc.constantFrom('integration', 'link', 'address', 'phone'));
    else if (name === 'grant_type') byName.push(fc.constantFrom('authorization_code', 'refresh_token', 'client_credentials'));
    else if (/^(status|sort\w+)$/.test(name)) byName.push(fc.constantFrom('accepted', 'cancelled', 'upcoming', 'asc', 'desc'));
  }
  return byName.length
    ? fc.oneof({ weight: 3, arbitrary: fc.oneof(...byName) }, { weight: 1, arbitrary: valueOf(inner, known, depth, name) })
    : valueOf(inner, known, depth, name);
}

/** A value that fits the schema's type (not necessarily the service's rules). */
function valueOf(schema: JsonSchema, known: KnownValues, depth: number, name = ''): fc.Arbitrary<unknown> {
  if (schema.anyOf) return fc.oneof({ weight: 5, arbitrary: valueOf(baseSchema(schema), known, depth, name) }, { weight: 1, arbitrary: fc.constant(null) });
  if (schema.enum) return fc.constantFrom(...schema.enum);
  switch (schema.type) {
    case 'integer':
      // Edges GraphQL's Int still accepts (32-bit): what a column or a computation on it may not.
      return fc.oneof(
        { weight: 4, arbitrary: fc.integer({ min: 1, max: 120 }) },
        { weight: 2, arbitrary: fc.integer({ min: -5, max: 1_000 }) },
        { weight: 1, arbitrary: fc.constantFrom(0, -1, 2 ** 31 - 1, -(2 ** 31), 1_000_000) },
      );
    case 'number':
      return fc.double({ min: -1_000, max: 1_000, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'string':
      if (schema.format === 'date-time') return futureDateTime;
      return fc.oneof(
        { weight: 4, arbitrary: fc.stringMatching(/^[a-z][a-z0-9-]{0,20}$/) },
        { weight: 2, arbitrary: fc.string({ maxLength: 30 }) },
        // Text that is not plain ASCII: what encodings, jsonb and indexes disagree about.
        { weight: 1, arbitrary: fc.constantFrom('\ud800', 'x\udc00y', '\udbff\udfff', 'a\u0000b', '😀', 'é', '\u202e', 'ß'.repeat(255)) },
      );
    case 'array':
      return fc.array(fieldOf(name, schema.items ?? {}, known, depth + 1), { maxLength: 4 });
    case 'object':
      if (!schema.properties) return fc.dictionary(fc.string({ maxLength: 12 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 5 });
      return objectOf(schema, known, depth + 1);
    default:
      return anyJson;
  }
}

/** One field: usually plausible, sometimes hostile (its type, its edges, null), so most bodies carry one bad field. */
function fieldOf(name: string, schema: JsonSchema, known: KnownValues, depth: number): fc.Arbitrary<unknown> {
  return fc.oneof({ weight: 15, arbitrary: plausibleFor(name, schema, known, depth) }, { weight: 1, arbitrary: hostileFor(schema) });
}

/** An object of the schema: its required fields (sometimes some missing), a subset of the others, sometimes unknown extras. */
function objectOf(schema: JsonSchema, known: KnownValues, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const properties: Record<string, JsonSchema> = schema.properties ?? {};
  const fields = Object.fromEntries(Object.entries(properties).map(([name, s]) => [name, fieldOf(name, s, known, depth)]));
  const required: string[] = schema.required ?? [];
  const complete = fc.record(fields, { requiredKeys: required });
  const missingSome = fc.record(fields, { requiredKeys: [] });
  const extras = fc.dictionary(fc.oneof(fc.string({ maxLength: 10 }), fc.constantFrom('__proto__', 'constructor', 'id', 'userId', 'ownerId')), anyJson, {
    maxKeys: 3,
  });
  return fc
    .tuple(fc.oneof({ weight: 4, arbitrary: complete }, { weight: 1, arbitrary: missingSome }), sometimes(extras, 5))
    .map(([base, extra]) => (extra ? { ...JSON.parse(JSON.stringify(extra)), ...base } : base));
}

// ---------------------------------------------------------------------------------------------------
// Requests

export interface FuzzRequest {
  method: string;
  /** Exactly as sent on the request line (already percent-encoded where it is). */
  path: string;
  headers: Record<string, string>;
  body?: string;
}

/** Path segments, written as they go on the request line: known ids, wrong types, edges, encodings. */
function pathSegmentOf(name: string, schema: JsonSchema, known: KnownValues): fc.Arbitrary<string> {
  const knownValues = (known[name] ?? []).map((v) => percentEncode(String(v)));
  const hostile = fc.oneof(
    fc.constantFrom('0', '-1', '1.5', '1e3', '0x10', '00001', '2147483648', '9007199254740993', '99999999999999999999999', 'abc', 'null', 'true'),
    fc.constantFrom('%00', 'a%00b', '..', '%2e%2e', '%2F', 'a%2Fb', '%5C', '%C3%A9', '%F0%9F%98%80', '%ED%A0%80', '%FF', '%', '%zz', '%20', '+', ';', '~'),
    fc.integer({ min: 256, max: MAX_URL_STRING }).map((n) => 'x'.repeat(n)),
    fc
      .string({ unit: 'binary', maxLength: 20 })
      .filter((s) => s.length > 0)
      .map(percentEncode),
    valueOf(baseSchema(schema), known, 0, name)
      .map((v) => percentEncode(String(v)))
      .filter((s) => s.length > 0),
  );
  if (!knownValues.length) return hostile;
  // The first known value is the one that fits the route (see knownFor); the others reach other owners' paths.
  return fc.oneof(
    { weight: 8, arbitrary: fc.constant(knownValues[0]) },
    { weight: 2, arbitrary: fc.constantFrom(...knownValues) },
    { weight: 1, arbitrary: hostile },
  );
}

/** Query strings: each known parameter omitted, plausible, hostile, repeated or in bracket syntax; unknown ones now and then. */
function queryOf(op: DocOperation, known: KnownValues): fc.Arbitrary<string> {
  const one = (name: string, schema: JsonSchema): fc.Arbitrary<string[]> => {
    const value = fc
      .oneof({ weight: 6, arbitrary: plausibleFor(name, schema, known, 0) }, { weight: 1, arbitrary: hostileFor(schema, 'url') })
      .map((v) => percentEncode(typeof v === 'string' ? v : (JSON.stringify(v) ?? '')));
    return fc.oneof(
      { weight: 6, arbitrary: fc.constant<string[]>([]) },
      { weight: 8, arbitrary: value.map((v) => [`${name}=${v}`]) },
      { weight: 1, arbitrary: fc.array(value, { minLength: 2, maxLength: 4 }).map((vs) => vs.map((v) => `${name}=${v}`)) },
      { weight: 1, arbitrary: value.map((v) => [`${name}[]=${v}`, `${name}[x]=${v}`]) },
      { weight: 1, arbitrary: fc.constantFrom<string[]>([`${name}`], [`${name}=`], [`${name}=%00`], [`${name}=%FF`]) },
    );
  };
  const unknown = fc.array(fc.constantFrom('apiKey=svc_x', 'foo=bar', '__proto__[x]=1', 'take=1&take=2', '%00=%00'), { maxLength: 2 });
  return fc.tuple(fc.tuple(...op.queryParams.map((p) => one(p.name, p.schema))), sometimes(unknown, 10)).map(([parts, extra]) => {
    // Stays within what Node's HTTP parser reads (see MAX_URL_STRING): parameters past 10,000 characters are left out.
    const all: string[] = [];
    for (const part of [...parts.flat(), ...(extra ?? [])]) if (all.join('&').length + part.length < 10_000) all.push(part);
    return all.length ? `?${all.join('&')}` : '';
  });
}

/** The svc-api-version header: omitted, this operation's version, another version of the document, or junk. */
function versionHeaderOf(op: DocOperation, versions: string[]): fc.Arbitrary<string | undefined> {
  return fc.oneof(
    { weight: 2, arbitrary: fc.constant(undefined) },
    { weight: 4, arbitrary: fc.constant(op.version ?? undefined) },
    { weight: 1, arbitrary: fc.constantFrom(...versions) },
    { weight: 1, arbitrary: fc.constantFrom('', '2024-08-13 ', 'latest', '9999-99-99', '\u00e9') },
  );
}

interface BodyChoice {
  body?: string;
  contentType?: string;
}

/** Bodies: JSON of the request schema (mostly with one hostile field), raw text, the wrong media type, nothing. */
function bodyOf(op: DocOperation, known: KnownValues): fc.Arbitrary<BodyChoice> {
  const json = 'application/json';
  const raw = fc.oneof(
    fc.constantFrom<BodyChoice>(
      {},
      { body: '', contentType: json },
      { body: '{', contentType: json },
      { body: '{"a":1}}', contentType: json },
      { body: 'null', contentType: json },
      { body: '[]', contentType: json },
      { body: '"x"', contentType: json },
      { body: '12', contentType: json },
      { body: '{"a":1}', contentType: 'text/plain' },
      { body: 'a=1&b=2', contentType: 'application/x-www-form-urlencoded' },
      { body: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--', contentType: 'multipart/form-data; boundary=x' },
      { body: '{"a":1}', contentType: 'application/json; charset=utf-7' },
      { body: '<a/>', contentType: 'application/xml' },
      { body: '{"a":"\\ud800"}', contentType: json },
      { body: '\u0000', contentType: json },
    ),
    fc.string({ unit: 'binary', maxLength: 60 }).map((body) => ({ body, contentType: json })),
  );
  if (!op.body) return fc.oneof({ weight: 6, arbitrary: fc.constant<BodyChoice>({}) }, { weight: 1, arbitrary: raw });
  const schema = op.body.schema;
  const structured = fc.oneof({ weight: 8, arbitrary: objectOf(schema, known, 0) }, { weight: 1, arbitrary: anyJson });
  const asJson = structured.map((value): BodyChoice => ({ body: JSON.stringify(value), contentType: json }));
  const media = op.body.mediaTypes.includes('application/x-www-form-urlencoded')
    ? [
        objectOf(schema, known, 0).map((value): BodyChoice => ({
          body: new URLSearchParams(
            Object.entries(value).map(([k, v]): [string, string] => [k, typeof v === 'string' ? v : (JSON.stringify(v) ?? '')]),
          ).toString(),
          contentType: 'application/x-www-form-urlencoded',
        })),
      ]
    : [];
  return fc.oneof({ weight: 12, arbitrary: asJson }, ...media.map((arbitrary) => ({ weight: 3, arbitrary })), { weight: 1, arbitrary: raw });
}

/** Credentials as an anonymous caller may send them: none most often, and malformed ones. */
const anonymousAuthorization: fc.Arbitrary<string | undefined> = fc.oneof(
  { weight: 6, arbitrary: fc.constant(undefined) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      'Bearer',
      'Bearer ',
      'Bearer svc_',
      `Bearer svc_${'0'.repeat(64)}`,
      'Bearer svc_at_x',
      'Basic YTpi',
      'Bearer \u00e9',
      `Bearer ${'x'.repeat(5_000)}`,
    ),
  },
);

export function requestsFor(op: DocOperation, known: KnownValues, versions: string[], key?: string): fc.Arbitrary<FuzzRequest> {
  const segments = fc.record(
    Object.fromEntries(op.pathParams.map((p) => [p.name, pathSegmentOf(p.name, p.schema, known)])) as Record<string, fc.Arbitrary<string>>,
  );
  return fc
    .record({
      segments,
      query: queryOf(op, known),
      version: versionHeaderOf(op, versions),
      body: bodyOf(op, known),
      authorization: key ? fc.constant(`Bearer ${key}`) : anonymousAuthorization,
    })
    .map(({ segments, query, version, body, authorization }) => {
      const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => segments[name]) + query;
      const headers: Record<string, string> = {};
      if (authorization !== undefined) headers.authorization = authorization;
      if (version !== undefined) headers['svc-api-version'] = version;
      if (body.contentType) headers['content-type'] = body.contentType;
      return { method: op.method, path, headers, body: body.body };
    });
}

export interface Answer {
  status: number;
  contentType: string;
  text: string;
}

/**
 * One request over node:http, so the path goes on the request line exactly as generated (fetch would
 * normalize `..` and refuse some bytes) and header values are sent as raw bytes.
 */
export function send(baseUrl: string, request: FuzzRequest): Promise<Answer> {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const headers: http.OutgoingHttpHeaders = { ...request.headers };
    if (request.body !== undefined) headers['content-length'] = Buffer.byteLength(request.body);
    // agent: false — one connection per request, closed with it: nothing left open when the stack stops.
    const req = http.request({ host: url.hostname, port: url.port, method: request.method, path: request.path, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, contentType: String(res.headers['content-type'] ?? ''), text: Buffer.concat(chunks).toString('utf8') }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.setTimeout(20_000, () => req.destroy(new Error('no answer within 20 s')));
    if (request.body !== undefined) req.write(request.body);
    req.end();
  });
}

// ---------------------------------------------------------------------------------------------------
// What every answer must be

/** Problems with an answer, per the document: no 5xx, errors in the documented format and nothing else. */
export function problemsOf(op: DocOperation, answer: Answer): string[] {
  const problems: string[] = [];
  if (answer.status >= 500) problems.push(`HTTP ${answer.status}: a server error`);
  if (answer.status < 400 || answer.status >= 600) return problems;
  let body: unknown;
  try {
    body = JSON.parse(answer.text);
  } catch {
    return [...problems, `the error answer is not JSON (content-type ${answer.contentType || 'none'})`];
  }
  if (!/^application\/json/.test(answer.contentType)) problems.push(`content-type ${answer.contentType || 'none'}, not application/json`);
  const isString = (v: unknown) => typeof v === 'string' && v.length > 0;
  if (op.oauthErrors) {
    const b = body as Json;
    const ok = b && typeof b === 'object' && Object.keys(b).sort().join() === 'error,error_description' && isString(b.error) && isString(b.error_description);
    if (!ok) problems.push('not the RFC 6749 error body {error, error_description} (and nothing else)');
  } else {
    const b = body as Json;
    const ok =
      b &&
      typeof b === 'object' &&
      Object.keys(b).sort().join() === 'error,status' &&
      b.status === 'error' &&
      b.error &&
      typeof b.error === 'object' &&
      Object.keys(b.error).sort().join() === 'code,message' &&
      isString(b.error.code) &&
      isString(b.error.message);
    if (!ok) problems.push('not the error envelope {"status":"error","error":{"code","message"}} (and nothing else)');
  }
  return problems;
}

// ---------------------------------------------------------------------------------------------------
// Every row of every table

const OUTBOX_BOOKKEEPING = ['attempts', 'last_error', 'next_attempt_at', 'completed_at'];
/**
 * Columns that change on reads, left out of the change log: `api_keys.last_used_at` is written (at most
 * once a minute per key) when the gateway resolves an API key, whatever the answer; it is bookkeeping,
 * not the caller's data; `verification_codes.failed_attempts` counts wrong codes. No other table of the four schemas is written by a read or a refusal: there
 * are no rate-limit counters in the database, and browser sessions (`oauth.auth_sessions`) are only
 * written by the sign-in pages, which are outside /v2.
 */
const CHANGES_ON_READ: Record<string, string[]> = {
  'oauth.api_keys': ['last_used_at'],
  // A wrong verification code is refused (400) and must count against the code, or guessing it would be free.
  'integrations.verification_codes': ['failed_attempts'],
  // The team outboxes' poll (organizations/outbox.ts) claims and completes the rows the world's fixtures
  // left (they write memberships without a request to dispatch them) on its own schedule, whatever the fuzz
  // sends; a new row or a new roster version is still a change.
  'organizations.team_roster_changes': OUTBOX_BOOKKEEPING,
  'organizations.team_deletions': OUTBOX_BOOKKEEPING,
  // The sign-up e-mail of an account an organization made leaves after the request's answer (or from the poll): its
  // sending writes the link's hash and expiry beside the bookkeeping, possibly while the next request runs.
  'organizations.sign_up_invitations': [...OUTBOX_BOOKKEEPING, 'token_hash', 'expires_at'],
};
/**
 * Tables a read writes by design, whole rows: a third-party consent URL (GET /v2/calendars/{calendar}/connect,
 * …/conferencing/{app}/oauth/auth-url, /v2/stripe/connect) issues a single-use, expiring `state`, as the
 * reference has these routes as GETs. Their rows are bookkeeping of a pending consent, not data of the API.
 */
const WRITTEN_BY_READS = ['integrations.provider_oauth_states'];
const SCHEMAS = ['scheduling', 'organizations', 'integrations', 'oauth'];

/** Committed row changes after a mark, and the mark to read on from. */
export interface ChangeLog {
  mark(): Promise<number>;
  since(mark: number): Promise<{ mark: number; changes: string[] }>;
}

/**
 * Every committed row change of the four schemas, recorded by row triggers installed on this test file's
 * own database (a rolled-back write leaves no entry). Reading what changed after a request is one indexed
 * query, where copying every row of every table before and after each request cost a minute per fuzz file.
 */
export async function changeLog(stack: TestStack): Promise<ChangeLog> {
  const db = stack.db('scheduling');
  await db.query(`
    CREATE SCHEMA fuzz_audit;
    CREATE TABLE fuzz_audit.changes (id bigserial PRIMARY KEY, tbl text NOT NULL, old_row jsonb, new_row jsonb);
    CREATE FUNCTION fuzz_audit.record() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      ignored text[] := CASE WHEN TG_NARGS = 0 THEN '{}'::text[] ELSE TG_ARGV END;
      was jsonb;
      now jsonb;
    BEGIN
      IF TG_OP <> 'INSERT' THEN was := to_jsonb(OLD) - ignored; END IF;
      IF TG_OP <> 'DELETE' THEN now := to_jsonb(NEW) - ignored; END IF;
      IF was IS NOT DISTINCT FROM now THEN RETURN NULL; END IF;
      INSERT INTO fuzz_audit.changes (tbl, old_row, new_row) VALUES (TG_TABLE_SCHEMA || '.' || TG_TABLE_NAME, was, now);
      RETURN NULL;
    END $$;`);
  const tables: Array<{ table_schema: string; table_name: string }> = await db.query(
    `SELECT table_schema, table_name FROM information_schema.tables WHERE table_schema = ANY($1) AND table_type = 'BASE TABLE' ORDER BY 1, 2`,
    [SCHEMAS],
  );
  if (tables.length < 15) throw new Error(`expected the tables of the four schemas, found ${tables.length}`);
  for (const { table_schema: schema, table_name: name } of tables) {
    if (WRITTEN_BY_READS.includes(`${schema}.${name}`)) continue;
    const ignored = (CHANGES_ON_READ[`${schema}.${name}`] ?? []).map((c) => `'${c}'`).join(', ');
    await db.query(
      `CREATE TRIGGER fuzz_audit AFTER INSERT OR UPDATE OR DELETE ON "${schema}"."${name}" FOR EACH ROW EXECUTE FUNCTION fuzz_audit.record(${ignored})`,
    );
  }
  const mark = async () => Number((await db.query('SELECT coalesce(max(id), 0) AS id FROM fuzz_audit.changes'))[0].id);
  return {
    mark,
    async since(from) {
      const rows: Array<{ id: string; tbl: string; old_row: unknown; new_row: unknown }> = await db.query(
        'SELECT id, tbl, old_row, new_row FROM fuzz_audit.changes WHERE id > $1 ORDER BY id',
        [from],
      );
      const changes = rows.map(
        (r) =>
          `${r.tbl}:${r.old_row ? `\n    - ${JSON.stringify(r.old_row).slice(0, 300)}` : ''}${r.new_row ? `\n    + ${JSON.stringify(r.new_row).slice(0, 300)}` : ''}`,
      );
      return { mark: rows.length ? Number(rows[rows.length - 1].id) : from, changes };
    },
  };
}

// ---------------------------------------------------------------------------------------------------
// The run

const excerpt = (text: string | undefined, max = 600) =>
  text === undefined ? '(none)' : text.length > max ? `${text.slice(0, max)}… (${text.length} characters)` : text;

export function describeExchange(op: DocOperation, request: FuzzRequest, answer?: Answer): string {
  const headers = Object.entries(request.headers).map(([k, v]) => `${k}: ${k === 'authorization' && v.length > 40 ? `${v.slice(0, 20)}…` : excerpt(v, 120)}`);
  return [
    `route:   ${op.label}`,
    `request: ${request.method} ${excerpt(request.path, 300)}`,
    ...headers.map((h) => `         ${h}`),
    `body:    ${excerpt(request.body)}`,
    answer ? `answer:  HTTP ${answer.status} ${answer.contentType}\n         ${excerpt(answer.text)}` : 'answer:  (none)',
  ].join('\n');
}

export interface FuzzStats {
  operations: number;
  requests: number;
  byStatus: Record<number, number>;
}

/** A stable per-operation seed, so that one operation's runs do not depend on the others'. */
function seedOf(label: string): number {
  let h = FUZZ_SEED | 0;
  for (const c of label) h = (Math.imul(h, 31) + c.charCodeAt(0)) | 0;
  return h;
}

/**
 * Fuzzes one operation: FUZZ_RUNS generated requests, each checked against the document's error
 * format and, when refused, against the change log (nothing committed); the
 * requests of a GET are checked as one batch.
 */
export async function fuzzOperation(
  stack: TestStack,
  op: DocOperation,
  context: { knownFor: (path: string) => KnownValues; versions: string[]; key?: string; changes: ChangeLog; stats: FuzzStats; numRuns?: number },
): Promise<void> {
  // A read changes nothing, whatever it answers: its batch is checked as a whole.
  const isRead = op.method === 'GET';
  const start = await context.changes.mark();
  let mark = start;
  context.stats.operations += 1;
  const details = await fc.check(
    fc.asyncProperty(requestsFor(op, context.knownFor(op.path), context.versions, context.key), async (request) => {
      let answer: Answer | undefined;
      try {
        answer = await send(stack.url, request);
      } catch (error) {
        throw new Error(`no answer: ${(error as Error).message}\n${describeExchange(op, request)}`, { cause: error });
      }
      context.stats.requests += 1;
      context.stats.byStatus[answer.status] = (context.stats.byStatus[answer.status] ?? 0) + 1;
      if (process.env.FUZZ_LOG)
        appendFileSync(
          process.env.FUZZ_LOG,
          `${JSON.stringify({ op: op.label, request: { ...request, body: request.body?.slice(0, 300) }, status: answer.status, answer: answer.text.slice(0, 200) })}\n`,
        );
      const problems = problemsOf(op, answer);
      if (!isRead) {
        const after = await context.changes.since(mark);
        if (answer.status >= 400) problems.push(...after.changes.map((d) => `a refused request changed ${d}`));
        mark = after.mark;
      }
      if (problems.length) throw new Error(`${problems.join('\n')}\n${describeExchange(op, request, answer)}`);
    }),
    { seed: seedOf(op.label), numRuns: context.numRuns ?? FUZZ_RUNS, endOnFailure: process.env.FUZZ_SHRINK === '0' },
  );
  const readChanges = isRead ? (await context.changes.since(start)).changes : [];
  if (readChanges.length)
    throw new Error(
      `${FUZZ_RUNS} reads of ${op.label} changed rows:\n${readChanges.join('\n')}\n(replay: FUZZ_SEED=${FUZZ_SEED}, FUZZ_LOG=<file> lists the requests)`,
    );
  if (details.failed) {
    const cause = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
    throw new Error(
      `${cause}\n(failed after ${details.numRuns} requests, shrunk ${details.numShrinks} times; replay: FUZZ_SEED=${FUZZ_SEED}, fast-check seed ${details.seed}, path "${details.counterexamplePath}")`,
    );
  }
}
