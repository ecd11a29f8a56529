import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import { dropDatabase, ensureDatabase } from '../../stack/database';
import { RunningStack, startStack } from '../../stack/start-stack';
import { runCli } from '../support/cli';

/** Runs the compiled seed (what `npm run seed` runs after building) on the given database. */
const seed = (databaseUrl: string, ...args: string[]) => runCli('seed', { DATABASE_URL: databaseUrl }, ...args);

describe('npm run seed: a demo organization through the operator', () => {
  const serverUrl = process.env.TEST_DATABASE_URL!;
  const databaseName = `test_cli_seed_${randomBytes(6).toString('hex')}`;
  let databaseUrl: string;
  let stack: RunningStack | undefined;
  let first: any;
  let second: any;

  beforeAll(async () => {
    if (!serverUrl) throw new Error('TEST_DATABASE_URL is not set: run the tests with `npm test`');
    databaseUrl = await ensureDatabase(serverUrl, databaseName);
  });

  afterAll(async () => {
    await stack?.stop();
    if (databaseUrl) await dropDatabase(serverUrl, databaseName);
  });

  it('loads the organization "acme" with two teams, six users with API keys, event types and bookings', async () => {
    const result = await seed(databaseUrl);
    expect(result.code).toBe(0);
    first = JSON.parse(result.stdout);
    expect(first.organization).toEqual({ id: expect.any(Number), name: 'Acme', slug: 'acme' });
    // The README signs in with this password and removes memberships 8 and 9 (Carol and Frank in Support).
    expect(first.password).toBe('acme-demo-password');
    expect(first.teams[0].members.map((m: any) => [m.email, m.membershipId])).toEqual([
      ['bob@acme.example.com', 7],
      ['carol@acme.example.com', 8],
      ['frank@acme.example.com', 9],
    ]);
    expect(first.teams.map((t: any) => t.slug)).toEqual(['support', 'sales']);
    for (const team of first.teams) {
      expect(team.eventType).toMatchObject({ id: expect.any(Number) });
      expect(team.members.map((m: any) => m.role)).toContain('ADMIN');
      expect(team.members.map((m: any) => m.role)).toContain('MEMBER');
    }
    expect(first.users).toHaveLength(6);
    expect(first.users.filter((u: any) => u.role === 'OWNER')).toHaveLength(1);
    for (const user of first.users) {
      expect(user).toMatchObject({
        id: expect.any(Number),
        email: expect.stringContaining('@'),
        name: expect.any(String),
        apiKey: expect.stringMatching(/^svc_/),
      });
      expect(user.eventTypes).toHaveLength(2);
    }
    expect(new Set(first.users.map((u: any) => u.timeZone)).size).toBeGreaterThan(3);
    expect(first.bookings.length).toBeGreaterThanOrEqual(3);
    for (const booking of first.bookings) expect(new Date(booking.start).getTime()).toBeGreaterThan(Date.now());
  });

  it('run again, it keeps every record and prints new API keys', async () => {
    const result = await seed(databaseUrl);
    expect(result.code).toBe(0);
    second = JSON.parse(result.stdout);
    const withoutKeys = (output: any) => ({ ...output, users: output.users.map(({ apiKey: _key, ...user }: any) => user) });
    expect(withoutKeys(second)).toEqual(withoutKeys(first));
    second.users.forEach((user: any, i: number) => expect(user.apiKey).not.toBe(first.users[i].apiKey));
  });

  it('a printed key lists its owner’s event types through GET /v2/event-types; keys of earlier runs still work', async () => {
    process.env.DB_POOL_SIZE ??= '4';
    stack = await startStack({ databaseUrl, port: 0, subgraphPort: () => 0 });
    const owner = second.users.find((u: any) => u.role === 'OWNER');
    const response = await fetch(`${stack.url}/v2/event-types`, { headers: { authorization: `Bearer ${owner.apiKey}` } });
    const body: any = await response.json();
    expect(response.status).toBe(200);
    expect(body.data.map((e: any) => e.id).sort()).toEqual(owner.eventTypes.map((e: any) => e.id).sort());
    expect(body.data.every((e: any) => e.ownerId === owner.id)).toBe(true);

    const me = await fetch(`${stack.url}/v2/me`, { headers: { authorization: `Bearer ${first.users[1].apiKey}` } });
    const meBody: any = await me.json();
    expect({ status: me.status, email: meBody.data?.email }).toEqual({ status: 200, email: first.users[1].email });
  }, 60_000);
});
