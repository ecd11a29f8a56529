import fc from 'fast-check';
import { buildSchema, parse } from 'graphql';
import { getComplexity } from 'graphql-query-complexity';
import { operationCost } from './cost';

/**
 * The cost model's one promise: a bigger answer never costs less. Whatever the arguments (in bounds or not — the
 * gateway refuses the latter before costing, but a missed check must not make an operation cheap), asking for more
 * items, a longer range of slots or one more alias never lowers the estimate.
 */
const schema = buildSchema(`
  scalar JSONObject
  type Team { id: Int! members: [Member!]! }
  type Member { id: Int! }
  type TeamPage { items: [Team!]! }
  type SlotDay { date: String! }
  type AvailableSlots { days: [SlotDay!]! }
  type Query {
    teams(take: Int, skip: Int): TeamPage!
    availableSlots(eventTypeId: Int, startTime: String!, endTime: String!): AvailableSlots!
    slots(eventTypeId: Int, start: String!, end: String!): JSONObject!
  }
`);

const costOf = (query: string) => getComplexity({ schema, query: parse(query), variables: {}, estimators: [operationCost] });

const DAY = 86_400_000;
const FROM = Date.UTC(2030, 0, 1);
const iso = (ms: number) => new Date(ms).toISOString();

/** Any Int a client may send, the edges of the documented bounds and GraphQL's Int range included. */
const anyTake = fc.oneof(
  fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }),
  fc.integer({ min: -2, max: 260 }),
  fc.constantFrom(-(2 ** 31), 0, 1, 250, 251, 2 ** 31 - 1),
);
const selection = fc.constantFrom('id', 'id members { id }');
const OPTIONS = { numRuns: 200 };

describe('cost never decreases when a list gets longer', () => {
  it('a bigger take', () => {
    fc.assert(
      fc.property(anyTake, anyTake, selection, (a, b, fields) => {
        const [small, big] = a <= b ? [a, b] : [b, a];
        const cost = (take: number) => costOf(`{ teams(take: ${take}) { items { ${fields} } } }`);
        expect(cost(big)).toBeGreaterThanOrEqual(cost(small));
      }),
      OPTIONS,
    );
  });

  it('a negative or zero take never costs less than one item, and no take costs the default page', () => {
    fc.assert(
      fc.property(fc.integer({ min: -(2 ** 31), max: 1 }), selection, (take, fields) => {
        expect(costOf(`{ teams(take: ${take}) { items { ${fields} } } }`)).toBeGreaterThanOrEqual(costOf(`{ teams(take: 1) { items { ${fields} } } }`));
      }),
      OPTIONS,
    );
    expect(costOf('{ teams { items { id } } }')).toBe(costOf('{ teams(take: 100) { items { id } } }'));
  });

  it.each([
    ['availableSlots', 'startTime', 'endTime', '{ days { date } }'],
    ['slots', 'start', 'end', ''],
  ])('a longer range of %s', (field, start, end, fields) => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 400 * 24 }), fc.integer({ min: 1, max: 400 * 24 }), (a, b) => {
        const [short, long] = a <= b ? [a, b] : [b, a];
        const cost = (hours: number) => costOf(`{ ${field}(eventTypeId: 1, ${start}: "${iso(FROM)}", ${end}: "${iso(FROM + (hours * DAY) / 24)}") ${fields} }`);
        expect(cost(long)).toBeGreaterThanOrEqual(cost(short));
      }),
      OPTIONS,
    );
  });

  it('a range the subgraph would refuse (reversed, unreadable, over 366 days) costs as much as the longest one', () => {
    const year = costOf(`{ slots(start: "2030-01-01", end: "2031-01-01") }`);
    for (const [from, to] of [
      ['2030-02-01', '2030-01-01'],
      ['soon', 'later'],
      ['2030-01-01', '2040-01-01'],
    ]) {
      expect(costOf(`{ slots(start: "${from}", end: "${to}") }`)).toBeGreaterThanOrEqual(year);
    }
  });

  it('one more alias', () => {
    const field = fc.oneof(
      anyTake.map((take) => `teams(take: ${take}) { items { id } }`),
      fc.integer({ min: 1, max: 366 }).map((days) => `availableSlots(startTime: "${iso(FROM)}", endTime: "${iso(FROM + days * DAY)}") { days { date } }`),
    );
    fc.assert(
      fc.property(fc.array(field, { minLength: 1, maxLength: 8 }), field, (fields, extra) => {
        const query = (list: string[]) => `{ ${list.map((f, i) => `a${i}: ${f}`).join(' ')} }`;
        expect(costOf(query([...fields, extra]))).toBeGreaterThanOrEqual(costOf(query(fields)));
      }),
      OPTIONS,
    );
  });
});
