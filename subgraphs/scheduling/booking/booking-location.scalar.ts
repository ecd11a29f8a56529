import { GraphQLError, GraphQLScalarType, Kind, valueFromASTUntyped } from 'graphql';

function locationValue(value: unknown): string | Record<string, unknown> {
  if (typeof value === 'string' || (typeof value === 'object' && value !== null && !Array.isArray(value))) return value as string | Record<string, unknown>;
  throw new GraphQLError('location must be an object {type, …} or a string');
}

/**
 * The `location` of a booking request: an object `{type, address?, phone?, integration?, location?}` (one of the
 * event type's locations), or a plain string, which the reference still takes (a place or a meeting link).
 * booking-location.ts reads and checks it.
 */
export const BookingLocationValue = new GraphQLScalarType({
  name: 'BookingLocationValue',
  description:
    "Where the meeting takes place: an object {type, address?, phone?, integration?, location?} naming one of the event type's location types (with the detail the attendee gives for attendeeAddress, attendeePhone, attendeeDefined and integration), or a plain string (a place or a meeting link).",
  serialize: locationValue,
  parseValue: locationValue,
  parseLiteral(ast) {
    if (ast.kind !== Kind.STRING && ast.kind !== Kind.OBJECT) throw new GraphQLError('location must be an object {type, …} or a string');
    return locationValue(valueFromASTUntyped(ast));
  },
});
