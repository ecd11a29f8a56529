import * as federationOperations from '@apollo/federation-internals/dist/operations';
import { MembershipRole, operatorOf, userWithKey } from '../support/fixtures';
import { sharedSupergraphs } from '../support/shared-supergraph';
import { fewestStatements } from '../support/sql-statements';
import { startTestStack, TestStack } from '../support/stack';

const NESTED = /* GraphQL */ `
  query {
    me {
      bookings {
        attendees { email }
        eventType { team { members { role user { name } } } }
      }
    }
  }
`;

describe('one request to /graphql resolves me → bookings → attendees → eventType → team → members → user across three subgraphs', () => {
  let stack: TestStack;
  let key: string;
  let addBookings: (count: number) => Promise<void>;
  let supergraphBuildsAsked: number;

  beforeAll(async () => {
    // No webhook worker: its background lookups (subscribers of each booking event) would be counted too.
    const asked = sharedSupergraphs.asked;
    stack = await startTestStack({ webhookWorker: false });
    supergraphBuildsAsked = sharedSupergraphs.asked - asked;
    const operator = operatorOf(stack);
    const host = await userWithKey(stack, { name: 'Hana Host' });
    key = host.key;
    const colleague = await userWithKey(stack, { name: 'Cole Colleague' });
    const team = await operator.createTeam({ name: 'Support', ownerId: host.user.id });
    await operator.addMember({ teamId: team.id, userId: colleague.user.id, role: MembershipRole.MEMBER });
    const eventType = await operator.createEventType({ title: 'Support call', slug: 'support-call', lengthInMinutes: 30, teamId: team.id });
    let booked = 0;
    addBookings = async (count) => {
      for (let i = 0; i < count; i += 1, booked += 1) {
        await operator.createBooking({
          eventTypeId: eventType.id,
          hostId: host.user.id,
          start: new Date(Date.UTC(2030, 0, 1, 0, 0) + booked * 3_600_000),
          attendee: { name: `Guest ${booked}`, email: `guest${booked}@example.com`, timeZone: 'America/New_York' },
        });
      }
    };
  });
  afterAll(() => stack.stop());

  /** The query's answer, and the fewest statements it cost over three runs (support/sql-statements.ts). */
  async function statementsFor(query: string) {
    let answer = await stack.graphql(query, {}, key);
    const statements = await fewestStatements(async () => (answer = await stack.graphql(query, {}, key)));
    return { ...answer, statements };
  }

  it("starts its two gateways through Supergraph.build, which the tests' gateways share (test/support/shared-supergraph.ts)", () => {
    expect(supergraphBuildsAsked).toBeGreaterThanOrEqual(2);
  });

  it('answers the whole tree', async () => {
    await addBookings(1);
    const { status, body } = await statementsFor(NESTED);
    expect(status).toBe(200);
    expect(body.errors).toBeUndefined();
    expect(body.data.me.bookings).toEqual([
      {
        attendees: [{ email: 'guest0@example.com' }],
        eventType: {
          team: {
            members: [
              { role: 'OWNER', user: { name: 'Hana Host' } },
              { role: 'MEMBER', user: { name: 'Cole Colleague' } },
            ],
          },
        },
      },
    ]);
  });

  it("shapes a repeated query's answer with the Operation built the first time (gateway/operation-reuse.ts's patch still takes effect)", async () => {
    // The gateway reassigns federation-internals' operationFromDocument; executeQueryPlan must still look it up there
    // at each request (else nothing is recorded below) and get the same Operation again (else the reuse is gone).
    const operations = federationOperations as unknown as { operationFromDocument: (...args: unknown[]) => unknown };
    const installed = operations.operationFromDocument;
    const forShaping: unknown[] = [];
    operations.operationFromDocument = (...args) => {
      const operation = installed(...args);
      if ((args[2] as { validate?: boolean } | undefined)?.validate === false) forShaping.push(operation);
      return operation;
    };
    try {
      for (let request = 0; request < 2; request += 1) expect((await stack.graphql(NESTED, {}, key)).body.errors).toBeUndefined();
    } finally {
      operations.operationFromDocument = installed;
    }
    expect(forShaping.length).toBeGreaterThanOrEqual(2);
    expect(new Set(forShaping).size).toBe(1);
  });

  it('costs the same number of SQL statements at 1 and at 50 bookings (DataLoader batching)', async () => {
    const atOne = await statementsFor(NESTED);
    await addBookings(49);
    const atFifty = await statementsFor(NESTED);
    expect(atFifty.body.data.me.bookings).toHaveLength(50);
    expect(atFifty.body.data.me.bookings[49].attendees[0].email).toBe('guest49@example.com');
    expect(atOne.statements).toBeGreaterThan(0);
    expect(atFifty.statements).toBe(atOne.statements);
  });

  it('costs at most 6 SQL statements (issue 12: user, bookings, attendees, event types, team, members, their users less the user the principal names)', async () => {
    const { body, statements } = await statementsFor(NESTED);
    expect(body.errors).toBeUndefined();
    expect(statements).toBeLessThanOrEqual(6);
  });
});
