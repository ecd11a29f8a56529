import { badInput } from '../../../platform/errors';

/** A question of a form. `identifier` (default: the id) is the key a submission may use instead of the id. */
export interface FormField {
  id: string;
  label: string;
  type: 'text' | 'textarea' | 'email' | 'phone' | 'number' | 'select' | 'multiselect' | 'radio' | 'checkbox';
  identifier?: string;
  required?: boolean;
  options?: Array<{ id: string; label: string }>;
}

export type ConditionOperator = 'equals' | 'not_equals' | 'contains' | 'in' | 'greater_than' | 'less_than';

/** A route: when every condition holds (or it is the fallback), where the form sends the submitter. */
export interface FormRoute {
  id: string;
  isFallback?: boolean;
  conditions?: Array<{ field: string; operator: ConditionOperator; value: unknown }>;
  action: { type: 'eventTypeRedirectUrl' | 'customPageMessage' | 'externalRedirectUrl'; value: string; eventTypeId?: number };
  /** Team members a booking through this route is assigned among (the reference's routing.teamMemberIds). */
  teamMemberIds?: number[];
}

const FIELD_TYPES = ['text', 'textarea', 'email', 'phone', 'number', 'select', 'multiselect', 'radio', 'checkbox'];
const OPERATORS: ConditionOperator[] = ['equals', 'not_equals', 'contains', 'in', 'greater_than', 'less_than'];
const ACTIONS = ['eventTypeRedirectUrl', 'customPageMessage', 'externalRedirectUrl'];

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isText = (v: unknown) => typeof v === 'string' && v.trim().length > 0;

export function checkFields(value: unknown): FormField[] {
  if (!Array.isArray(value)) throw badInput('fields', 'fields must be a list of form fields');
  const ids = new Set<string>();
  value.forEach((field, i) => {
    const at = `fields[${i}]`;
    if (!isObject(field)) throw badInput(at, `${at} must be an object`);
    if (!isText(field.id)) throw badInput(`${at}.id`, `${at}.id must be a non-empty string`);
    if (!isText(field.label)) throw badInput(`${at}.label`, `${at}.label must be a non-empty string`);
    if (!FIELD_TYPES.includes(field.type as string)) throw badInput(`${at}.type`, `${at}.type must be one of ${FIELD_TYPES.join(', ')}`);
    if (field.identifier !== undefined && !isText(field.identifier)) throw badInput(`${at}.identifier`, `${at}.identifier must be a non-empty string`);
    if (field.required !== undefined && typeof field.required !== 'boolean') throw badInput(`${at}.required`, `${at}.required must be a boolean`);
    const key = String(field.identifier ?? field.id);
    if (ids.has(field.id as string) || ids.has(key)) throw badInput(`${at}.id`, `${at}.id repeats another field's id or identifier`);
    ids.add(field.id as string).add(key);
  });
  return value as FormField[];
}

export function checkRoutes(value: unknown, fields: FormField[]): FormRoute[] {
  if (!Array.isArray(value)) throw badInput('routes', 'routes must be a list of routes');
  value.forEach((route, i) => {
    const at = `routes[${i}]`;
    if (!isObject(route)) throw badInput(at, `${at} must be an object`);
    if (!isText(route.id)) throw badInput(`${at}.id`, `${at}.id must be a non-empty string`);
    const action = route.action;
    if (!isObject(action) || !ACTIONS.includes(action.type as string)) throw badInput(`${at}.action`, `${at}.action.type must be one of ${ACTIONS.join(', ')}`);
    if (action.type === 'eventTypeRedirectUrl' && !Number.isSafeInteger(action.eventTypeId))
      throw badInput(`${at}.action.eventTypeId`, `${at}.action.eventTypeId must be an event type id`);
    if (typeof action.value !== 'string') throw badInput(`${at}.action.value`, `${at}.action.value must be a string`);
    const conditions = route.conditions ?? [];
    if (!Array.isArray(conditions)) throw badInput(`${at}.conditions`, `${at}.conditions must be a list`);
    conditions.forEach((condition, j) => {
      const c = `${at}.conditions[${j}]`;
      if (!isObject(condition) || !fields.some((f) => f.id === condition.field))
        throw badInput(`${c}.field`, `${c}.field must be the id of one of the form's fields`);
      if (!OPERATORS.includes(condition.operator as ConditionOperator)) throw badInput(`${c}.operator`, `${c}.operator must be one of ${OPERATORS.join(', ')}`);
    });
    if (route.teamMemberIds !== undefined && (!Array.isArray(route.teamMemberIds) || !route.teamMemberIds.every((id) => Number.isSafeInteger(id)))) {
      throw badInput(`${at}.teamMemberIds`, `${at}.teamMemberIds must be a list of user ids`);
    }
  });
  return value as FormRoute[];
}

export type FormAnswers = Record<string, { label: string; value: unknown }>;

/**
 * A submission (keyed by field id or identifier) as stored (spec 2.8: by field id, `{label, value}`).
 * Required fields must be answered; keys that are not fields of the form are ignored.
 */
export function answersOf(body: Record<string, unknown>, fields: FormField[], { partial = false } = {}): FormAnswers {
  const answers: FormAnswers = {};
  for (const field of fields) {
    const key = [field.id, field.identifier].find((k) => k !== undefined && k in body);
    let value = key === undefined ? undefined : body[key];
    if (isObject(value) && 'value' in value) value = value.value;
    const empty = value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
    if (empty) {
      if (field.required && !partial) throw badInput(field.identifier ?? field.id, `${field.identifier ?? field.id} is required`);
      continue;
    }
    const shapeOk =
      field.type === 'number'
        ? typeof value === 'number' || (typeof value === 'string' && value.trim() !== '' && !Number.isNaN(Number(value)))
        : field.type === 'multiselect' || field.type === 'checkbox'
          ? Array.isArray(value) && value.every((v) => typeof v === 'string')
          : typeof value === 'string';
    if (!shapeOk) throw badInput(field.identifier ?? field.id, `${field.identifier ?? field.id} has the wrong type for a ${field.type} field`);
    if (typeof value === 'string' && value.length > 5000)
      throw badInput(field.identifier ?? field.id, `${field.identifier ?? field.id} must be at most 5000 characters`);
    answers[field.id] = { label: field.label, value: field.type === 'number' ? Number(value) : value };
  }
  return answers;
}

function holds(condition: NonNullable<FormRoute['conditions']>[number], answers: FormAnswers): boolean {
  const answer = answers[condition.field]?.value;
  const text = (v: unknown) =>
    String(v ?? '')
      .trim()
      .toLowerCase();
  switch (condition.operator) {
    case 'equals':
      return Array.isArray(answer) ? answer.map(text).includes(text(condition.value)) : text(answer) === text(condition.value);
    case 'not_equals':
      return answer !== undefined && text(answer) !== text(condition.value);
    case 'contains':
      return answer !== undefined && text(answer).includes(text(condition.value));
    case 'in':
      return Array.isArray(condition.value) && condition.value.map(text).includes(text(answer));
    case 'greater_than':
      return typeof answer === 'number' && answer > Number(condition.value);
    case 'less_than':
      return typeof answer === 'number' && answer < Number(condition.value);
  }
}

/** The event type a route sends the booker to, if it is an event type route. */
export function routedEventTypeId(route: FormRoute | null): number | null {
  return route?.action.type === 'eventTypeRedirectUrl' ? (route.action.eventTypeId ?? null) : null;
}

/** The first route whose conditions all hold, else the fallback route, else none. */
export function routeFor(routes: FormRoute[], answers: FormAnswers): FormRoute | null {
  return routes.find((r) => !r.isFallback && (r.conditions ?? []).every((c) => holds(c, answers))) ?? routes.find((r) => r.isFallback) ?? null;
}
