import { runCli } from '../support/cli';
import { PrivateSupervisedStack, startPrivateSupervisor } from '../support/supervised-stack';

/**
 * No answer tells a client how the service is built: no stack trace, file path, service name or SQL, for anonymous and
 * signed-in callers alike, unless the operator sets DEBUG_ERRORS=1. The stack runs as `npm start` runs it, with
 * NODE_ENV unset (jest sets NODE_ENV=test, under which Apollo Server already hides stack traces: the in-process test
 * stack could not see this).
 */
describe('no internals in answers, with NODE_ENV unset as `npm start` runs', () => {
  let supervised: PrivateSupervisedStack;
  let base: string;
  let key: string;

  /** What must not appear in an answer: Apollo's trace and service name, bundle and source paths, SQL. */
  const INTERNALS = new RegExp(
    [
      /stacktrace|serviceName/, // Apollo's extensions
      /\/dist\/|node_modules|\.[jt]s:\d+|\bat [\w.<>]+ \(/, // paths and stack frames
      /\b(SELECT|INSERT INTO|UPDATE|DELETE FROM)\b|QueryFailedError|invalid byte sequence/, // SQL and PostgreSQL's errors
    ]
      .map((part) => part.source)
      .join('|'),
  );

  async function graphql(query: string, variables: Record<string, unknown> = {}, credential?: string) {
    const response = await fetch(`${base}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(credential ? { authorization: `Bearer ${credential}` } : {}) },
      body: JSON.stringify({ query, variables }),
    });
    return { status: response.status, text: await response.text() };
  }

  beforeAll(async () => {
    supervised = await startPrivateSupervisor({ NODE_ENV: undefined });
    base = supervised.base;
    const admin = async (...args: string[]) => JSON.parse((await runCli('admin', supervised.env, ...args)).stdout);
    const user = await admin('create-user', '--email', 'clark@example.com', '--name', 'Clark Kent', '--password', 'kent-password', '--time-zone', 'UTC');
    key = (await admin('create-api-key', '--user', String(user.id))).key;
  }, 120_000);
  afterAll(() => supervised?.stop());

  it.each([
    ['a booking without a credential (UNAUTHENTICATED from the scheduling subgraph)', '{ booking(uid: "no-such-booking") { uid } }'],
    [
      'a public query with a bad time zone (BAD_USER_INPUT from the scheduling subgraph)',
      '{ availableSlots(eventTypeId: 1, startTime: "2030-01-01", endTime: "2030-01-02", timeZone: "Mars/Base") { slots } }',
    ],
    ['a field that needs a credential', '{ me { id } }'],
  ])('anonymous: %s', async (_case, query) => {
    const answer = await graphql(query);
    expect(answer.text).toMatch(/"errors"/);
    expect(answer.text).not.toMatch(INTERNALS);
  });

  it.each([
    ['a team the caller is not in', '{ team(teamId: 987654) { id } }'],
    ['an event type slug the subgraph refuses', 'mutation { createEventType(input: {title: "T", slug: "not a slug!", lengthInMinutes: 30}) { id } }'],
    ['a booking that does not exist', '{ booking(uid: "no-such-booking") { uid } }'],
  ])('signed in: %s', async (_case, query) => {
    const answer = await graphql(query, {}, key);
    expect(answer.text).toMatch(/"errors"/);
    expect(answer.text).not.toMatch(INTERNALS);
  });

  it('the REST façade and the sign-in pages answer their errors without internals too', async () => {
    for (const path of ['/v2/bookings/no-such-booking', '/v2/event-types/987654', '/auth/oauth2/authorize?client_id=%00', '/v2/teams?take=-1']) {
      const response = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${key}` } });
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
      expect(await response.text()).not.toMatch(INTERNALS);
    }
  });
});
