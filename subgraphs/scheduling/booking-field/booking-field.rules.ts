import { badInput } from '../../../platform/errors';
import { CUSTOM_KINDS, DEFAULT_FIELDS, defaultFieldOf, KINDS_WITH_OPTIONS, NAME_VARIANTS, StoredBookingField, workflowFieldOf } from './booking-field.kinds';

/**
 * One booking field as a client sends it (spec 2.6). The discriminator is `field`, or `type` as the
 * reference's event type bodies (svc-api-version 2024-06-14) name it; a default field's slug may be left out.
 */
export interface BookingFieldRequest {
  field?: string | null;
  type?: string | null;
  slug?: string | null;
  variant?: string | null;
  label?: string | null;
  placeholder?: string | null;
  required?: boolean | null;
  hidden?: boolean | null;
  disableOnPrefill?: boolean | null;
  options?: string[] | null;
}

const LIST = 'bookingFields';
const CUSTOM_SLUG = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;
const DEFAULT_ONLY_KINDS = new Set(DEFAULT_FIELDS.map((f) => f.field).filter((field) => !(CUSTOM_KINDS as readonly string[]).includes(field)));

const at = (index: number, property?: string) => `${LIST}[${index}]${property ? `.${property}` : ''}`;

/** Rule: the array cannot be empty. */
function refuseEmpty(requests: BookingFieldRequest[]): void {
  if (requests.length === 0) throw badInput(LIST, `${LIST}: the array cannot be empty: send at least 1 booking field`);
}

/** Kinds whose default field is meant when no slug is sent (`{type: "name"}`): the default-only kinds and `email`. */
const SLUG_OPTIONAL_KINDS = new Set([...DEFAULT_ONLY_KINDS, 'email']);

/** The kind (`field`, or `type`) and slug of a sent field; a default field's slug may be left out. */
function kindAndSlug(request: BookingFieldRequest, index: number): { field: string; slug: string } {
  const field = request.field ?? request.type;
  const known = [...new Set([...DEFAULT_FIELDS.map((f) => f.field), ...CUSTOM_KINDS])];
  if (field == null) throw badInput(at(index, 'type'), `a booking field needs its kind in \`type\` (or \`field\`): one of ${known.join(', ')}`);
  if (request.field != null && request.type != null && request.field !== request.type) {
    throw badInput(at(index, 'type'), `type ("${request.type}") and field ("${request.field}") name the same thing: send one of them`);
  }
  if (!known.includes(field))
    throw badInput(at(index, request.field != null ? 'field' : 'type'), `"${field}" is not a booking field kind; one of ${known.join(', ')}`);
  if (request.slug != null) return { field, slug: request.slug };
  if (!SLUG_OPTIONAL_KINDS.has(field)) throw badInput(at(index, 'slug'), `a ${field} field needs a slug (unique per event type)`);
  return { field, slug: DEFAULT_FIELDS.find((f) => f.field === field)!.slug };
}

/** What a sent field is: a default or workflow-added field (by its fixed slug and kind) or a custom one. */
function classify(request: BookingFieldRequest, index: number): StoredBookingField {
  const { field, slug } = kindAndSlug(request, index);

  const asDefault = defaultFieldOf(slug);
  const asWorkflow = workflowFieldOf(slug);
  if (asDefault && asDefault.field === field) return settle('default', asDefault, request, index);
  if (asWorkflow && asWorkflow.field === field) return settle('workflow', asWorkflow, request, index);
  if (DEFAULT_ONLY_KINDS.has(field)) {
    const expected = DEFAULT_FIELDS.find((f) => f.field === field)!.slug;
    throw badInput(at(index, 'slug'), `the default field "${field}" has the slug "${expected}", not "${slug}"`);
  }
  // A custom field from here on (rule: a custom field cannot use a default field's slug).
  if (asDefault) throw badInput(at(index, 'slug'), `a custom field cannot use the slug "${slug}" of a default field`);
  if (asWorkflow) throw badInput(at(index, 'slug'), `a custom field cannot use the slug "${slug}" of a workflow-added field`);
  if (!CUSTOM_SLUG.test(slug)) throw badInput(at(index, 'slug'), 'must be 1 to 64 letters, digits, "-" or "_", starting with a letter or digit');
  if (!request.label?.trim()) throw badInput(at(index, 'label'), 'a custom field needs a label');
  if (request.variant != null) throw badInput(at(index, 'variant'), 'only the name field has variants');
  const withOptions = KINDS_WITH_OPTIONS.includes(field);
  if (withOptions && (!request.options?.length || request.options.some((o) => !o.trim()))) {
    throw badInput(at(index, 'options'), `a ${field} field needs at least one option, none of them empty`);
  }
  return {
    source: 'custom',
    field,
    variant: null,
    slug,
    label: request.label.trim(),
    placeholder: request.placeholder ?? null,
    required: request.required ?? false,
    hidden: request.hidden ?? false,
    disableOnPrefill: request.disableOnPrefill ?? false,
    options: withOptions ? [...request.options!] : null,
  };
}

/** A default or workflow-added field: its own settings, with what the request changes. */
function settle(source: 'default' | 'workflow', settings: Omit<StoredBookingField, 'source'>, request: BookingFieldRequest, index: number): StoredBookingField {
  let variant = settings.variant;
  if (request.variant != null) {
    if (settings.field !== 'name') throw badInput(at(index, 'variant'), 'only the name field has variants');
    if (!(NAME_VARIANTS as readonly string[]).includes(request.variant)) throw badInput(at(index, 'variant'), `must be one of ${NAME_VARIANTS.join(', ')}`);
    variant = request.variant;
  }
  return {
    source,
    field: settings.field,
    variant,
    slug: settings.slug,
    label: request.label?.trim() || settings.label,
    placeholder: request.placeholder ?? settings.placeholder,
    required: request.required ?? settings.required,
    hidden: request.hidden ?? settings.hidden,
    disableOnPrefill: request.disableOnPrefill ?? settings.disableOnPrefill,
    options: null,
  };
}

/** Rules: no duplicate default fields; no duplicate custom slugs (workflow-added fields are left to the caller). */
function refuseDuplicates(fields: StoredBookingField[]): void {
  const seen = new Set<string>();
  for (const field of fields) {
    if (field.source === 'workflow') continue;
    if (seen.has(field.slug)) {
      throw field.source === 'default'
        ? badInput(LIST, `${LIST}: duplicate default field "${field.slug}": each default field can be sent once`)
        : badInput(LIST, `${LIST}: duplicate custom field slug "${field.slug}": slugs are unique per event type`);
    }
    seen.add(field.slug);
  }
}

/** The sent fields, each checked and classified, with the rules every request obeys. */
function read(requests: BookingFieldRequest[]): StoredBookingField[] {
  refuseEmpty(requests);
  const fields = requests.map(classify);
  refuseDuplicates(fields);
  return fields;
}

/**
 * Adds custom fields to the form (POST). Default and workflow-added fields cannot be added: the
 * former are always there, the latter come from workflows. A slug the form already has is a duplicate.
 */
export function addBookingFields(current: StoredBookingField[], requests: BookingFieldRequest[]): StoredBookingField[] {
  const fields = read(requests);
  fields.forEach((field, index) => {
    if (field.source === 'default') {
      throw badInput(
        at(index),
        `default fields cannot be added through this endpoint: "${field.slug}" is already part of every booking form (replace the fields to change it)`,
      );
    }
    if (field.source === 'workflow') {
      throw badInput(at(index), `workflow-added fields cannot be added through this endpoint: "${field.slug}" is added by a workflow`);
    }
    if (current.some((existing) => existing.slug === field.slug)) {
      throw badInput(LIST, `${LIST}: duplicate custom field slug "${field.slug}": the event type already has a booking field with this slug`);
    }
  });
  return [...current, ...fields];
}

/**
 * Replaces the form (PUT): the fields in the order sent; custom fields not sent are removed; default
 * fields not sent come back with their default settings; workflow-added fields are read-only, so sent
 * ones are ignored and the event type's own stay as they are. Email or attendee phone number must
 * remain visible and required.
 */
export function replaceBookingFields(current: StoredBookingField[], requests: BookingFieldRequest[]): StoredBookingField[] {
  const sent = read(requests).filter((field) => field.source !== 'workflow');
  const restored = DEFAULT_FIELDS.filter((d) => !sent.some((f) => f.slug === d.slug)).map((d): StoredBookingField => ({ source: 'default', ...d }));
  const workflow = current.filter((field) => field.source === 'workflow');
  const next = [...sent, ...restored, ...workflow];
  const reachable = next.some((f) => f.source === 'default' && (f.slug === 'email' || f.slug === 'attendeePhoneNumber') && f.required && !f.hidden);
  if (!reachable) throw badInput(LIST, `${LIST}: at least one of email or attendeePhoneNumber must remain visible and required`);
  return next;
}
