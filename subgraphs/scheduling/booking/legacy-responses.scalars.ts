import { GraphQLError, GraphQLScalarType, Kind, ValueNode, valueFromASTUntyped } from 'graphql';

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A scalar whose value is a string or an object the check accepts; anything else is refused with `refusal`. */
function stringOrObject(name: string, description: string, accepts: (value: Record<string, unknown>) => boolean, refusal: string) {
  const parse = (value: unknown) => {
    if (typeof value === 'string' || (isObject(value) && accepts(value))) return value as string | Record<string, unknown>;
    throw new GraphQLError(refusal);
  };
  return new GraphQLScalarType({
    name,
    description,
    serialize: parse,
    parseValue: parse,
    parseLiteral: (ast: ValueNode) => parse(ast.kind === Kind.STRING || ast.kind === Kind.OBJECT ? valueFromASTUntyped(ast) : undefined),
  });
}

/** The older body's `responses.name`: the attendee's name, or the real service's split name `{firstName, lastName}`. */
export const LegacyAttendeeName = stringOrObject(
  'LegacyAttendeeName',
  'The attendee\'s name: a string, or {firstName, lastName} (booked as "firstName lastName").',
  (value) => typeof value.firstName === 'string' && (value.lastName === undefined || value.lastName === null || typeof value.lastName === 'string'),
  'name must be a string or an object {firstName, lastName} of strings',
);

/** The older body's `responses.location`: a place as text, or the real service's `{value, optionValue}`. */
export const LegacyResponseLocation = stringOrObject(
  'LegacyResponseLocation',
  "Where the meeting takes place: a place as text, or {value, optionValue}: value is the location type (inPerson, link, userPhone: the organizer's; attendeeInPerson, phone, somewhereElse: the attendee's, given as optionValue; integrations:<app>).",
  (value) => typeof value.value === 'string' && (value.optionValue === undefined || value.optionValue === null || typeof value.optionValue === 'string'),
  'location must be a string or an object {value, optionValue} of strings',
);
