import { DocOperation, FUZZ_RUNS, FUZZ_SEED, FuzzStats, FuzzWorld, fuzzOperation, fuzzOrder, fuzzWorld, operationsOf, ChangeLog, changeLog } from './fuzz';
import { startTestStack, TestStack } from './stack';

/**
 * The fuzz suite of one caller (test/security/fuzz-*.test.ts, two files so jest runs them in
 * parallel): the served OpenAPI document's every operation, FUZZ_RUNS generated requests each.
 */
export function runFuzzSuite(caller: 'anonymous' | 'authenticated'): void {
  describe(`fuzz /v2 (${caller}): bad input never hurts — no 5xx, documented error bodies, refused requests change no row`, () => {
    let stack: TestStack;
    let world: FuzzWorld;
    let operations: DocOperation[];
    let changes: ChangeLog;
    const stats: FuzzStats = { operations: 0, requests: 0, byStatus: {} };

    beforeAll(async () => {
      // No webhook worker: it changes rows on its own schedule (delivery attempts of the world's bookings),
      // which the change log would take for a request's doing. Deliveries are tested in test/webhooks.
      stack = await startTestStack({ webhookWorker: false });
      world = await fuzzWorld(stack);
      const doc = await stack.rest('GET', '/v2/openapi.json');
      expect(doc.status).toBe(200);
      operations = fuzzOrder(operationsOf(doc.body));
      changes = await changeLog(stack);
    });
    afterAll(() => stack?.stop());

    // Before the fuzz: its last operation rotates the key (POST /v2/api-keys/refresh).
    it('control: the change log sees a committed write, and nothing for a refused one', async () => {
      const mark = await changes.mark();
      const refused = await stack.rest('PATCH', '/v2/me', { key: world.key, body: { timeZone: 'Not/AZone' } });
      expect(refused.status).toBe(400);
      expect((await changes.since(mark)).changes).toEqual([]);
      const renamed = await stack.rest('PATCH', '/v2/me', { key: world.key, body: { name: `Fuzz owner ${caller}` } });
      expect(renamed.status).toBe(200);
      const seen = await changes.since(mark);
      expect(seen.changes.join('\n')).toContain(`Fuzz owner ${caller}`);
      expect(seen.mark).toBeGreaterThan(mark);
    });

    it(`every operation of GET /v2/openapi.json (seed ${FUZZ_SEED}, ${FUZZ_RUNS} requests each)`, async () => {
      const started = performance.now();
      const versions = [...new Set(operations.map((op) => op.version).filter((v): v is string => !!v))];
      const failures: string[] = [];
      for (const op of operations) {
        try {
          await fuzzOperation(stack, op, { knownFor: world.knownFor, versions, key: caller === 'authenticated' ? world.key : undefined, changes, stats });
        } catch (error) {
          failures.push(`── ${op.label}\n${(error as Error).message}`);
        }
      }
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      console.log(
        `fuzz (${caller}): ${stats.operations} operations, ${stats.requests} requests in ${seconds} s, seed ${FUZZ_SEED}, statuses ${JSON.stringify(stats.byStatus)}`,
      );
      if (failures.length) throw new Error(`${failures.length} of ${operations.length} operations failed:\n\n${failures.join('\n\n')}`);
    }, 300_000);

    it('the fuzz really ran: every operation of the document, FUZZ_RUNS requests each', () => {
      expect(operations.length).toBeGreaterThan(50);
      expect(stats.operations).toBe(operations.length);
      expect(stats.requests).toBeGreaterThanOrEqual(operations.length * FUZZ_RUNS);
    });
  });
}
