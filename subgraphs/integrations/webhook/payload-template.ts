/**
 * A webhook's `payloadTemplate` (spec 6 rule 2): text with `{{path}}` placeholders over the flat payload
 * (`{{type}}`, `{{organizer.name}}`, `{{attendees.0.name}}`) and nothing else — no blocks, helpers, partials
 * or comments, so rendering is one pass over the template, bounded by the template's and the body's caps.
 * Pure: it runs in the render thread (payload-template-thread.ts) and checks templates at create and update.
 */

/** The longest template (the gateway's input limit for payloadTemplate says the same). */
export const PAYLOAD_TEMPLATE_MAX_CHARS = 20_000;
/** The largest body a template may make (bytes of UTF-8). */
export const PAYLOAD_BODY_MAX_BYTES = 1024 * 1024;

export interface RenderedPayload {
  body: string;
  contentType: string;
}

/** A path of one or more segments (letters, digits, `_`, `$`, `-`) separated by dots, with optional spaces inside the braces. */
const PLACEHOLDER = /\{\{\s*([\w$-]+(?:\.[\w$-]+)*)\s*\}\}/y;
/** What a refusal quotes: from `{{` to the next `}}` (and a third brace), or the next 40 characters. */
const QUOTED = /\{\{[^]{0,60}?\}\}\}?/y;

type Part = string | string[];

class TemplateProblem extends Error {}

function quoted(template: string, at: number): string {
  QUOTED.lastIndex = at;
  return QUOTED.exec(template)?.[0] ?? `${template.slice(at, at + 40)}${template.length > at + 40 ? '…' : ''}`;
}

/** The template as literal text and placeholder paths; throws a TemplateProblem naming the first thing that is not a placeholder. */
function parse(template: string): Part[] {
  if (template.length > PAYLOAD_TEMPLATE_MAX_CHARS) {
    throw new TemplateProblem(`payloadTemplate: at most ${PAYLOAD_TEMPLATE_MAX_CHARS} characters (this one has ${template.length})`);
  }
  const parts: Part[] = [];
  let from = 0;
  for (let at = template.indexOf('{{'); at !== -1; at = template.indexOf('{{', from)) {
    PLACEHOLDER.lastIndex = at;
    const match = PLACEHOLDER.exec(template);
    if (!match) {
      throw new TemplateProblem(
        `payloadTemplate: "${quoted(template, at)}" at character ${at + 1} is not a placeholder: ` +
          'a template uses {{path}} placeholders only, e.g. {{title}}, {{organizer.name}}, {{attendees.0.name}}',
      );
    }
    if (at > from) parts.push(template.slice(from, at));
    parts.push(match[1].split('.'));
    from = PLACEHOLDER.lastIndex;
  }
  if (from < template.length) parts.push(template.slice(from));
  return parts;
}

/** Why a template cannot be used (a 400 at create and update), or null. */
export function payloadTemplateProblem(template: string): string | null {
  try {
    parse(template);
    return null;
  } catch (error) {
    if (error instanceof TemplateProblem) return error.message;
    throw error;
  }
}

/** The value at a path, through own properties only: nothing of a prototype (`__proto__`, `constructor`, `toString`) is reachable. */
function valueAt(fields: unknown, path: string[]): unknown {
  let value = fields;
  for (const key of path) {
    if (value === null || typeof value !== 'object' || !Object.prototype.hasOwnProperty.call(value, key)) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/** A value as text: strings as they are, numbers and booleans as written, objects and arrays as JSON, anything absent as nothing. */
function textOf(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * The body a template makes of the flat payload. A template that is JSON is sent as JSON: its placeholders
 * can only stand inside JSON strings, so every value is JSON-escaped there and the body stays valid JSON
 * whatever the names hold. Any other template is form-encoded text, values as they are (the service's
 * behaviour). Throws with the reason (quoted in the delivery log) when the template or the body is over its bound.
 */
export function renderPayloadTemplate(template: string, fields: Record<string, unknown>): RenderedPayload {
  const parts = parse(template);
  const json = isJson(template);
  const pieces: string[] = [];
  let length = 0;
  for (const part of parts) {
    const text = typeof part === 'string' ? part : json ? JSON.stringify(textOf(valueAt(fields, part))).slice(1, -1) : textOf(valueAt(fields, part));
    // Characters first (cheap, and never more than bytes): stop as soon as the body is surely too large.
    length += text.length;
    if (length > PAYLOAD_BODY_MAX_BYTES) throw tooLarge();
    pieces.push(text);
  }
  const body = pieces.join('');
  if (Buffer.byteLength(body, 'utf8') > PAYLOAD_BODY_MAX_BYTES) throw tooLarge();
  return { body, contentType: json ? 'application/json' : 'application/x-www-form-urlencoded' };
}

function tooLarge(): Error {
  return new Error(`payloadTemplate: the body would be larger than 1 MiB (${PAYLOAD_BODY_MAX_BYTES} bytes)`);
}
