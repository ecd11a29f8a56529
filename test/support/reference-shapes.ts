import Ajv, { ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { referenceDocument, SPEC_BOOKING_FIELD } from './reference-components';
import { AnswerCorrection, REFERENCE_DEVIATIONS, REFERENCE_QUIRKS } from './reference-quirks';

/**
 * Validates our answers against the response schemas of the reference OpenAPI document
 * (`test/reference/openapi-v2.json`, a copy of `shared/reference/openapi-v2.json`),
 * so that clients generated from it accept them: ajv over the operation's 200/201 schema, $refs
 * resolved inside the document.
 *
 * Known quirks of the reference's generator, corrected before validating:
 * - OpenAPI 3.0 `nullable: true` is written as JSON Schema's `type: [t, "null"]`.
 * - `oneOf` is read as `anyOf`: its unions (booking | recurring booking | seated booking) are not
 *   discriminated, and a plain booking also satisfies the looser alternatives.
 * - `status` typed `object` in some envelopes (CalendarLinksOutput_2024_08_13,
 *   BookingReferencesOutput_2024_08_13, StripCredentialsCheckOutputResponseDto) is the string "success" everywhere else: read as a string.
 * - An array schema with its items' `enum` on the array itself (ScheduleAvailabilityInput_2024_06_11.days):
 *   the enum is read on the items only.
 * - `pattern: "TIME_FORMAT_HH_MM"` (a constant's name, not a regular expression) is read as `HH:mm`;
 *   a pattern written with slashes (`/^\+[1-9]\d{1,14}$/`) is read without them.
 * - `ReassignBookingOutput_2024_08_13` names both the envelope and its `data` (two DTOs of one name, so
 *   `data` refers to the envelope itself): its `data` is read as the data DTO the name hid,
 *   `{bookingUid, reassignedTo: ReassignedToDto}` (the real service's reassign-bookings e2e spec asserts it).
 * - A property typed `object` with no shape that is nullable or whose example is no object is how the
 *   generator writes a nullable primitive or a union (`slotInterval: number | null` is
 *   `{type: object, example: 60, nullable: true}`, `successRedirectUrl: string | null`,
 *   `forwardParamsSuccessRedirect: boolean | null`): read as any value.
 * - `users` / `hosts` of the event type answers are `items: {type: string}`, while the service answers
 *   user objects (`{id, name, username}` / `{userId, name, username, avatarUrl}`): items are objects.
 * - `bookingWindow` of the event type answers is declared an array of windows, while the input (and the
 *   service's answer) is one window object: one window object is read.
 * - `bookingFields` of the event type answers follow spec 2.6 (`{field, variant, slug, label, …}`), which
 *   wins over the reference's `type`-keyed variants (SPEC_BOOKING_FIELD).
 * - `GetReservedSlotOutput_2024_09_04` names both the envelope and its `data`, like
 *   ReassignBookingOutput_2024_08_13: its `data` is read as ReserveSlotOutput_2024_09_04 or null.
 * - `GET /v2/slots`'s inline schema describes `data` only (its examples show the whole envelope), and
 *   its default format's items are typed strings while its own example gives `{start}` objects: read
 *   as `{status, data}` with `[{start}]` (default) or `[{start, end}]` (format=range) per date.
 * - An operation the reference documents without a response schema is read with the schema of its
 *   siblings (UNDOCUMENTED_ANSWERS below, each with the sibling it follows), or, where it has none (out of
 *   office, the OAuth callbacks, calendar credentials), with the whole answer its quirk gives (path `''`).
 * - The quirks found since (by operation and JSON path in its answer, or by component and property) and
 *   our deliberate deviations are the two tables of `reference-quirks.ts`, each entry with its reason.
 */
const QUIRK_STATUS_AS_OBJECT = ['CalendarLinksOutput_2024_08_13', 'BookingReferencesOutput_2024_08_13', 'StripCredentialsCheckOutputResponseDto'];

type Json = any;

/** `{type: object}` with no shape, nullable or with a non-object example: a nullable primitive or a union (see above). */
function isShapelessUnion(node: Json): boolean {
  const shapeless = node.type === 'object' && !node.properties && !node.additionalProperties && !node.allOf && !node.oneOf && !node.anyOf;
  return shapeless && (node.nullable === true || (node.example !== undefined && (typeof node.example !== 'object' || node.example === null)));
}

/** OpenAPI 3.0 schema → JSON Schema as ajv reads it (the quirks above). */
function toJsonSchema(node: Json): Json {
  if (Array.isArray(node)) return node.map(toJsonSchema);
  if (!node || typeof node !== 'object') return node;
  if (isShapelessUnion(node)) return {};
  const out: Json = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'example' || key === 'deprecated' || key === 'nullable') continue;
    if (key === 'enum' && node.type === 'array') continue;
    if (key === 'pattern' && typeof value === 'string') {
      out.pattern = value === 'TIME_FORMAT_HH_MM' ? '^([01]\\d|2[0-3]):[0-5]\\d$' : value.replace(/^\/(.*)\/$/, '$1');
      continue;
    }
    out[key === 'oneOf' ? 'anyOf' : key] = toJsonSchema(value);
  }
  if (node.nullable === true) {
    if (typeof out.type === 'string') out.type = [out.type, 'null'];
    else return { anyOf: [out, { type: 'null' }] };
  }
  return out;
}

let cached: { ajv: Ajv; doc: Json; schemas: Json } | undefined;

function reference() {
  if (cached) return cached;
  const doc = referenceDocument();
  const schemas = toJsonSchema(doc.components.schemas);
  for (const name of QUIRK_STATUS_AS_OBJECT) schemas[name].properties.status = { type: 'string' };
  schemas.ReassignBookingOutput_2024_08_13.properties.data = {
    type: 'object',
    required: ['bookingUid', 'reassignedTo'],
    properties: { bookingUid: { type: 'string' }, reassignedTo: { $ref: '#/components/schemas/ReassignedToDto' } },
  };
  schemas.GetReservedSlotOutput_2024_09_04.properties.data = { anyOf: [{ $ref: '#/components/schemas/ReserveSlotOutput_2024_09_04' }, { type: 'null' }] };
  for (const quirk of REFERENCE_QUIRKS) {
    if (!('components' in quirk)) continue;
    for (const name of quirk.components) {
      for (const property of quirk.properties) {
        const own = schemas[name].properties[property];
        if (!own) throw new Error(`${name} has no property ${property} (reference-quirks.ts): take it out`);
        schemas[name].properties[property] = quirk.schema ?? { anyOf: [own, { type: 'null' }] };
      }
    }
  }
  for (const name of ['EventTypeOutput_2024_06_14', 'TeamEventTypeOutput_2024_06_14']) {
    const properties = schemas[name].properties;
    for (const list of ['users', 'hosts']) if (properties[list]) properties[list] = { type: 'array', items: { type: 'object' } };
    properties.bookingWindow = { type: 'object' };
    properties.bookingFields = { type: 'array', items: SPEC_BOOKING_FIELD };
  }
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema({ $id: 'reference', components: { schemas } });
  cached = { ajv, doc, schemas };
  return cached;
}

/** GET /v2/slots as its examples show it (see the quirks above): `{status, data: {date: [{start}] | [{start, end}]}}`. */
const SLOTS_ANSWER: Json = {
  type: 'object',
  required: ['status', 'data'],
  properties: {
    status: { type: 'string', enum: ['success'] },
    data: {
      type: 'object',
      additionalProperties: {
        anyOf: [
          { type: 'array', items: { type: 'object', required: ['start'], properties: { start: { type: 'string' } }, additionalProperties: false } },
          {
            type: 'array',
            items: {
              type: 'object',
              required: ['start', 'end'],
              properties: { start: { type: 'string' }, end: { type: 'string' } },
              additionalProperties: false,
            },
          },
        ],
      },
    },
  },
};

/**
 * Operations whose 200 the reference documents without a schema, and the schema they answer:
 * `GET …/users/{userId}/bookings` is the organization booking list of one user, so it answers what the
 * other organization booking lists answer (`GET /v2/organizations/{orgId}/bookings`); deleting a workflow
 * answers the deleted workflow, as reading one does (`GET …/workflows/{workflowId}`).
 */
const UNDOCUMENTED_ANSWERS: Record<string, string> = {
  'GET /v2/organizations/{orgId}/users/{userId}/bookings': '#/components/schemas/GetBookingsOutput_2024_08_13',
  'DELETE /v2/organizations/{orgId}/teams/{teamId}/workflows/{workflowId}': '#/components/schemas/GetWorkflowOutput',
};

const validators = new Map<string, ValidateFunction>();

/** `node` with its `#/components/…` references made references into the document ajv holds as `reference`. */
function local(node: Json): Json {
  return JSON.parse(JSON.stringify(node).replace(/"#\/components\/schemas\//g, '"reference#/components/schemas/'));
}

/** `schema` with each correction's schema at its path (through $refs, array items and every anyOf branch). */
function corrected(key: string, schema: Json, corrections: AnswerCorrection[]): Json {
  const { schemas } = reference();
  let result = schema;
  for (const correction of corrections) {
    let found = false;
    const at = (node: Json, segments: string[]): Json => {
      if (segments.length === 0) {
        found = true;
        return correction.schema;
      }
      if (typeof node?.$ref === 'string') return at(local(schemas[node.$ref.split('/').pop()]), segments);
      for (const union of ['anyOf', 'allOf'])
        if (Array.isArray(node?.[union])) return { ...node, [union]: node[union].map((branch: Json) => at(branch, segments)) };
      const [head, ...rest] = segments;
      if (head === '*' && node?.items) return { ...node, items: at(node.items, rest) };
      if (node?.properties?.[head]) return { ...node, properties: { ...node.properties, [head]: at(node.properties[head], rest) } };
      return node;
    };
    result = at(result, correction.path.split('/').slice(1));
    if (!found) throw new Error(`${key}: the reference's answer has no ${correction.path} (reference-quirks.ts): take the entry out`);
  }
  return result;
}

/** The validator of the reference's success answer of `METHOD /v2/path` (path as the reference writes it, with {params}). */
export function referenceValidator(method: string, pathTemplate: string): ValidateFunction {
  const key = `${method.toUpperCase()} ${pathTemplate}`;
  const found = validators.get(key);
  if (found) return found;
  const { ajv, doc } = reference();
  const operation = doc.paths[pathTemplate]?.[method.toLowerCase()];
  if (!operation) throw new Error(`${key} is not in the reference document`);
  const response = operation.responses['200'] ?? operation.responses['201'];
  const corrections = [...REFERENCE_QUIRKS, ...REFERENCE_DEVIATIONS].filter((c): c is AnswerCorrection => 'operations' in c && c.operations.includes(key));
  const documented = response?.content?.['application/json']?.schema ?? (UNDOCUMENTED_ANSWERS[key] ? { $ref: UNDOCUMENTED_ANSWERS[key] } : undefined);
  // An operation documented with no schema is read with the whole answer its quirk gives (path '').
  const schema = documented ?? (corrections.some((c) => c.path === '') ? {} : undefined);
  if (!schema) throw new Error(`${key} has no JSON success schema in the reference document`);
  if (documented && corrections.some((c) => c.path === ''))
    throw new Error(`${key}: the reference documents its answer now (reference-quirks.ts): take the entry out`);
  const ref = typeof schema.$ref === 'string' ? schema.$ref : null;
  const inline = key === 'GET /v2/slots' ? SLOTS_ANSWER : toJsonSchema(schema);
  const validate =
    ref && corrections.length === 0
      ? ajv.compile({ $ref: `reference${ref}` })
      : corrections.length === 0
        ? ajv.compile({ $id: `inline:${key}`, ...inline })
        : ajv.compile(corrected(key, ref ? { $ref: `reference${ref}` } : local(inline), corrections));
  validators.set(key, validate);
  return validate;
}

/** The ways `body` departs from what the reference says `METHOD path` answers (empty when it fits), with the body's start. */
export function referenceShapeProblems(method: string, pathTemplate: string, body: unknown): string[] {
  const validate = referenceValidator(method, pathTemplate);
  if (validate(body)) return [];
  const errors = (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message} ${JSON.stringify(e.params)}`);
  return [...new Set(errors), `answer: ${JSON.stringify(body).slice(0, 600)}`];
}

/** Fails the test with ajv's errors when `body` is not what the reference says `METHOD path` answers. */
export function expectReferenceShape(method: string, pathTemplate: string, body: unknown): void {
  const validate = referenceValidator(method, pathTemplate);
  if (!validate(body)) {
    throw new Error(
      `${method} ${pathTemplate}: the answer does not match the reference schema:\n${JSON.stringify(validate.errors, null, 2)}\n${JSON.stringify(body, null, 2).slice(0, 2000)}`,
    );
  }
}

/**
 * A looser check by schema name, for answers whose optional properties the service writes as `null`
 * (the reference marks few of them nullable): every optional property is "its type or null"; required
 * properties and every type are checked as written. `notKept` names required properties the service
 * does not keep (each test says why). Answers the ways `value` departs from schema `name` (empty when it fits).
 */
export function referenceShapeErrors(name: string, value: unknown, notKept: string[] = []): string[] {
  const key = `${name}|${notKept.join(',')}`;
  if (!lenientValidators.has(key)) {
    const schemas = reference().doc.components.schemas as Record<string, Json>;
    const definitions = Object.fromEntries(Object.entries(schemas).map(([n, s]) => [n, lenient(s, notKept)]));
    const ajv = new Ajv({ strict: false, allErrors: true });
    lenientValidators.set(key, ajv.compile({ definitions, $ref: `#/definitions/${name}` }));
  }
  const validate = lenientValidators.get(key)!;
  return validate(value) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message}`);
}

const lenientValidators = new Map<string, ValidateFunction>();

function lenient(schema: Json, notKept: string[]): Json {
  if (Array.isArray(schema)) return schema.map((s) => lenient(s, notKept));
  if (!schema || typeof schema !== 'object') return schema;
  const copy: Json = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === '$ref') copy.$ref = `#/definitions/${String(value).split('/').pop()}`;
    else if (key === 'example') continue;
    else copy[key] = typeof value === 'object' ? lenient(value, notKept) : value;
  }
  if (copy.properties) {
    const required = new Set<string>((copy.required ?? []).filter((name: string) => !notKept.includes(name)));
    copy.required = [...required];
    for (const [name, property] of Object.entries<Json>(copy.properties)) {
      if (!required.has(name)) copy.properties[name] = { anyOf: [property, { type: 'null' }] };
    }
  }
  return copy;
}
