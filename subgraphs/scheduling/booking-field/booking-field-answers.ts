import { badInput } from '../../../platform/errors';
import { StoredBookingField } from './booking-field.kinds';

const FIELD = 'bookingFieldsResponses';

/** The JSON type an answer to each custom kind must have, as the reference names it in its messages. */
const ANSWER_TYPE: Record<string, 'string' | 'number' | 'boolean' | 'array' | 'string or number'> = {
  email: 'string',
  phone: 'string',
  address: 'string',
  text: 'string',
  textarea: 'string',
  url: 'string',
  number: 'number',
  boolean: 'boolean',
  multiemail: 'array',
  multiselect: 'array',
  checkbox: 'array',
  select: 'string or number',
  radio: 'string or number',
};

function typeOf(value: unknown): string {
  if (Array.isArray(value)) return 'array';
  if (value === null) return 'null';
  return typeof value;
}

function hasType(value: unknown, expected: (typeof ANSWER_TYPE)[string]): boolean {
  const actual = typeOf(value);
  return expected === 'string or number' ? actual === 'string' || actual === 'number' : actual === expected;
}

function checkAnswer(field: StoredBookingField, answer: unknown): void {
  const { slug, options } = field;
  const at = `${FIELD}.${slug}`;
  const expected = ANSWER_TYPE[field.field];
  if (!expected) return;
  if (!hasType(answer, expected)) {
    throw badInput(
      at,
      `Invalid type for booking field '${slug}'. Expected type ${expected} (compatible with field type '${field.field}'), but received ${typeOf(answer)}.`,
    );
  }
  if (!options) return;
  if (Array.isArray(answer)) {
    if (answer.some((value) => !options.includes(String(value)))) {
      throw badInput(at, `One or more invalid options for booking field '${slug}'. Allowed options are: ${options.join(', ')}.`);
    }
  } else if (!options.includes(String(answer))) {
    throw badInput(at, `Invalid option '${String(answer)}' for booking field '${slug}'. Allowed options are: ${options.join(', ')}.`);
  }
}

const unanswered = (answer: unknown) => answer === undefined || answer === null || answer === '';

/**
 * The answers to the event type's custom booking fields, checked as the reference checks them: first every
 * answer sent has its kind's JSON type (a select or radio answer is one of the field's options, a multiselect or
 * checkbox answer a list of them), then every visible required field is answered. Answers to other slugs are
 * kept as sent.
 */
export function checkFormAnswers(fields: readonly StoredBookingField[], answers: Record<string, unknown>): void {
  const custom = fields.filter((field) => field.source === 'custom');
  for (const field of custom) if (!unanswered(answers[field.slug])) checkAnswer(field, answers[field.slug]);
  const missing = custom.find((field) => field.required && !field.hidden && unanswered(answers[field.slug]));
  if (missing) throw badInput(`${FIELD}.${missing.slug}`, `the booking field '${missing.slug}' is required`);
}
