import {
  ArgumentNode,
  DocumentNode,
  GraphQLError,
  GraphQLSchema,
  Kind,
  OperationDefinitionNode,
  TypeInfo,
  valueFromASTUntyped,
  visit,
  visitWithTypeInfo,
} from 'graphql';
import { PAGE_BOUNDS } from '../../platform/page-bounds';
import { InstantError, slotRange } from '../../platform/slot-range';

/**
 * The arguments that size an answer, checked against their documented bounds once the operation and its variables are
 * known, before it is costed or planned: the cost model multiplies by them (cost.ts), so a `take` of -2³¹ must never
 * reach it. Every `take`/`skip` of the API is a page of PageArgs (1 to 250, 0 or more); the slot queries' ranges are
 * what slot-range.ts accepts (ISO 8601 bounds, end after start, at most 366 days).
 */
const SLOT_RANGES: Record<string, { start: string; end: string }> = {
  'Query.availableSlots': { start: 'startTime', end: 'endTime' },
  'Query.slots': { start: 'start', end: 'end' },
  'RoutingFormTarget.calculateSlots': { start: 'start', end: 'end' },
};

/** A bounded argument's value: written in the document, or a variable's (with the variable's default when it is not sent). */
type Source = { literal: unknown } | { variable: string; fallback: unknown };

/** One field of the operation that has bounded arguments, as `teams(take: $take)` wrote them. */
interface BoundedField {
  field: string;
  coordinate: string;
  arguments: Map<string, Source>;
}

/**
 * A 400 naming what the client wrote: the variable it sent (REST query parameters are variables of the same name),
 * or `teams(take:)` for a value written in the document.
 */
function outOfBounds(name: string, message: string, argument: string): GraphQLError {
  return new GraphQLError(message.startsWith(name) ? message : `${name}: ${message}`, {
    extensions: { code: 'BAD_USER_INPUT', field: name, argument, http: { status: 400 } },
  });
}

function valueOf(source: Source, variables: Record<string, unknown>): unknown {
  if ('literal' in source) return source.literal;
  return source.variable in variables ? variables[source.variable] : source.fallback;
}

function nameOf(field: BoundedField, argument: string): string {
  const source = field.arguments.get(argument);
  return source && 'variable' in source ? source.variable : `${field.field}(${argument}:)`;
}

function checkPage(field: BoundedField, variables: Record<string, unknown>): void {
  const take = field.arguments.get('take') && valueOf(field.arguments.get('take')!, variables);
  const { min, max } = PAGE_BOUNDS.take;
  if (typeof take === 'number' && (take < min || take > max)) {
    throw outOfBounds(nameOf(field, 'take'), `must be from ${min} to ${max}, got ${take}`, `${field.field}(take:)`);
  }
  const skip = field.arguments.get('skip') && valueOf(field.arguments.get('skip')!, variables);
  if (typeof skip === 'number' && skip < PAGE_BOUNDS.skip.min) {
    throw outOfBounds(nameOf(field, 'skip'), `must be ${PAGE_BOUNDS.skip.min} or more, got ${skip}`, `${field.field}(skip:)`);
  }
}

function checkSlotRange(field: BoundedField, range: { start: string; end: string }, variables: Record<string, unknown>): void {
  const [start, end] = [range.start, range.end].map((argument) => field.arguments.get(argument) && valueOf(field.arguments.get(argument)!, variables));
  if (start == null || end == null) return; // a required bound left out is GraphQL's (or the resolver's) error
  const names = { start: nameOf(field, range.start), end: nameOf(field, range.end) };
  try {
    slotRange(start, end, names);
  } catch (error) {
    if (!(error instanceof InstantError)) throw error;
    const argument = error.field === names.start ? range.start : range.end;
    throw outOfBounds(error.field, error.message, `${field.field}(${argument}:)`);
  }
}

/** Refuses, with a 400 naming the argument, a page or a slot range outside its documented bounds. */
export function checkArgumentBounds(
  schema: GraphQLSchema,
  document: DocumentNode,
  operation: OperationDefinitionNode,
  variables: Record<string, unknown>,
): void {
  for (const field of boundedFieldsOf(schema, document, operation)) {
    checkPage(field, variables);
    const range = SLOT_RANGES[field.coordinate];
    if (range) checkSlotRange(field, range, variables);
  }
}

/** Worked out once per parsed document and operation (Apollo hands the same DocumentNode to every request of one query text). */
const boundedFields = new WeakMap<DocumentNode, Map<OperationDefinitionNode, BoundedField[]>>();

function boundedFieldsOf(schema: GraphQLSchema, document: DocumentNode, operation: OperationDefinitionNode): BoundedField[] {
  let operations = boundedFields.get(document);
  if (!operations) boundedFields.set(document, (operations = new Map()));
  let fields = operations.get(operation);
  if (!fields) operations.set(operation, (fields = findBoundedFields(schema, document, operation)));
  return fields;
}

/** The fields of the operation (and of the fragments it may spread) with a `take`, a `skip` or a slot range. */
function findBoundedFields(schema: GraphQLSchema, document: DocumentNode, operation: OperationDefinitionNode): BoundedField[] {
  const defaults = new Map(
    (operation.variableDefinitions ?? []).map((d) => [d.variable.name.value, d.defaultValue ? valueFromASTUntyped(d.defaultValue) : undefined]),
  );
  const sourceOf = (argument: ArgumentNode): Source =>
    argument.value.kind === Kind.VARIABLE
      ? { variable: argument.value.name.value, fallback: defaults.get(argument.value.name.value) }
      : { literal: valueFromASTUntyped(argument.value) };
  const typeInfo = new TypeInfo(schema);
  const found: BoundedField[] = [];
  visit(
    document,
    visitWithTypeInfo(typeInfo, {
      OperationDefinition: (node) => (node === operation ? undefined : false),
      Field(node) {
        const parent = typeInfo.getParentType();
        if (!parent || !node.arguments?.length) return;
        const coordinate = `${parent.name}.${node.name.value}`;
        const range = SLOT_RANGES[coordinate];
        const bounded = node.arguments.filter((a) => ['take', 'skip'].includes(a.name.value) || a.name.value === range?.start || a.name.value === range?.end);
        if (bounded.length) found.push({ field: node.name.value, coordinate, arguments: new Map(bounded.map((a) => [a.name.value, sourceOf(a)])) });
      },
    }),
  );
  return found;
}
