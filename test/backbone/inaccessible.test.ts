import { Kind, parse } from 'graphql';
import { readCheckedInApiSchema } from '../../schema/compose';
import { GraphLink } from '../../platform/graph-link';
import { DirectoryUsersDocument } from '../../subgraphs/oauth/contracts/generated';
import { userWithKey } from '../support/fixtures';
import { startTestStack, TestStack } from '../support/stack';

const INTERNAL_ROOT_FIELDS = [
  'verifyPassword',
  'credential',
  'platformCredential',
  'userByUsername',
  'teamBySlug',
  'teamRoster',
  'usersById',
  'usersCalendarBusyTimes',
  'conferencingMeetingUrl',
  'linkRoutingFormResponseToBooking',
  'scheduleWorkflowReminders',
];

/** Shapes only the REST façade sends (the older POST /v2/bookings body): @inaccessible too (issue 24). */
const REST_ONLY_ROOT_FIELDS = ['legacyCreateBooking'];

/** The root fields (Query and Mutation) a printed API schema shows. */
function rootFieldNames(apiSdl: string): string[] {
  const names: string[] = [];
  for (const definition of parse(apiSdl).definitions) {
    if (definition.kind === Kind.OBJECT_TYPE_DEFINITION && ['Query', 'Mutation'].includes(definition.name.value)) {
      for (const field of definition.fields ?? []) names.push(field.name.value);
    }
  }
  return names;
}

const ROOT_FIELDS = /* GraphQL */ `
  query { __schema { queryType { fields { name } } mutationType { fields { name } } types { name } } }
`;

describe('the @internal root fields are @inaccessible: out of the public contract, still served to the gateway and the subgraphs', () => {
  let stack: TestStack;

  beforeAll(async () => {
    stack = await startTestStack();
  });
  afterAll(() => stack?.stop());

  it('schema/api.graphql (the contract of codegen) holds none of them, nor the types only they return', () => {
    const api = readCheckedInApiSchema();
    const roots = rootFieldNames(api);
    expect(roots).toEqual(expect.arrayContaining(['me', 'booking']));
    for (const field of INTERNAL_ROOT_FIELDS) expect(roots).not.toContain(field);
    expect(api).not.toMatch(/type (ResolvedCredential|TeamRoster)\b/);
    for (const field of REST_ONLY_ROOT_FIELDS) expect(roots).not.toContain(field);
    expect(api).not.toMatch(/input (LegacyCreateBookingInput|LegacyBookingResponsesInput)\b/);
    expect(api).not.toMatch(/join__|link__/);
  });

  it('introspection on the public /graphql does not show them, and asking for one is a validation error', async () => {
    const { key } = await userWithKey(stack);
    const introspection = await stack.graphql(ROOT_FIELDS, {}, key);
    expect(introspection.status).toBe(200);
    const schema = introspection.body.data.__schema;
    const roots = [...schema.queryType.fields, ...schema.mutationType.fields].map((f: { name: string }) => f.name);
    expect(roots).toContain('me');
    for (const field of [...INTERNAL_ROOT_FIELDS, ...REST_ONLY_ROOT_FIELDS]) expect(roots).not.toContain(field);
    const types = schema.types.map((t: { name: string }) => t.name);
    for (const type of ['ResolvedCredential', 'LegacyCreateBookingInput', 'LegacyBookingResponsesInput']) expect(types).not.toContain(type);

    const asked = await stack.graphql('query { usersById(ids: [1]) { id } }', {}, key);
    expect(asked.body.errors[0].extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
  });

  it('API-key credential resolution (the gateway asks `credential` in process) still works', async () => {
    const { user, key } = await userWithKey(stack, { name: 'Ina Accessible' });
    const me = await stack.graphql('query { me { id name } }', {}, key);
    expect(me.body.errors).toBeUndefined();
    expect(me.body.data.me).toEqual({ id: user.id, name: 'Ina Accessible' });
  });

  it('a subgraph callback (GraphLink, system principal) on the internal listener still reaches them', async () => {
    const { user } = await userWithKey(stack, { name: 'Link Reader' });
    const link = new GraphLink(() => stack.gateway.internalUrl);
    const data = await link.call(DirectoryUsersDocument, { ids: [user.id] });
    expect(data.usersById).toEqual([{ id: user.id, email: expect.any(String), name: 'Link Reader', isServiceAdmin: false }]);
  });
});
