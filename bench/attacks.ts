/**
 * `node dist/bench/attacks.js`: the hardening issue's attack table against a running stack (`npm start`,
 * then `npm run seed` for a member's key). For each attack: the status, the time to the answer, and
 * whether /health stayed 200 while it ran. Nothing here is asserted: test/security/ does that.
 *
 * BASE_URL (default http://127.0.0.1:3000), KEY (an API key of a team member, e.g. carol's from the
 * seed), TEAM_ID (that team, default 2), EVENT_TYPE_ID (any event type, default 3).
 */
const BASE = process.env.BASE_URL ?? 'http://127.0.0.1:3000';
const KEY = process.env.KEY;
const TEAM_ID = Number(process.env.TEAM_ID ?? 2);
const EVENT_TYPE_ID = Number(process.env.EVENT_TYPE_ID ?? 3);

interface Attack {
  name: string;
  send(): Promise<Response>;
}

const json = (body: unknown, headers: Record<string, string> = {}) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...headers },
  body: typeof body === 'string' ? body : JSON.stringify(body),
});
const graphql = (query: string, key?: string) => fetch(`${BASE}/graphql`, json({ query }, key ? { authorization: `Bearer ${key}` } : {}));

function fragmentBomb(levels: number): string {
  const fragments = ['fragment F0 on User { id }'];
  for (let n = 1; n <= levels; n += 1)
    fragments.push(`fragment F${n} on User { a: memberships { user { ...F${n - 1} } } b: memberships { user { ...F${n - 1} } } }`);
  return `query { me { ...F${levels} } } ${fragments.join(' ')}`;
}

function nestedTeams(levels: number): string {
  let selection = 'id';
  for (let i = 0; i < levels; i += 1) selection = `members { team { ${selection} } }`;
  return `query { team(teamId: ${TEAM_ID}) { ${selection} } }`;
}

const ATTACKS: Attack[] = [
  { name: 'anonymous fragment bomb (20 levels)', send: () => graphql(fragmentBomb(20)) },
  { name: '11 levels of team { members { team … } } (member key)', send: () => graphql(nestedTeams(11), KEY) },
  {
    name: '200 aliases of availableSlots over 365 days (anonymous)',
    send: () =>
      graphql(
        `query { ${Array.from({ length: 200 }, (_, i) => `s${i}: availableSlots(eventTypeId: ${EVENT_TYPE_ID}, startTime: "2030-01-01", endTime: "2030-12-31") { slots }`).join(' ')} }`,
      ),
  },
  {
    name: 'POST /v2/event-types, 100,000 empty locations (no credential)',
    send: () => fetch(`${BASE}/v2/event-types`, json({ title: 'x', slug: 'x', lengthInMinutes: 30, locations: Array.from({ length: 100_000 }, () => ({})) })),
  },
  { name: 'POST /v2/bookings/%00/cancel', send: () => fetch(`${BASE}/v2/bookings/%00/cancel`, json({}, { 'svc-api-version': '2024-08-13' })) },
  {
    name: 'PATCH event type with title: null',
    send: () => fetch(`${BASE}/v2/event-types/${EVENT_TYPE_ID}`, { ...json({ title: null }, KEY ? { authorization: `Bearer ${KEY}` } : {}), method: 'PATCH' }),
  },
  {
    name: '900 KB slug on POST /v2/teams',
    send: () => fetch(`${BASE}/v2/teams`, json({ name: 'x', slug: 's'.repeat(900_000) }, KEY ? { authorization: `Bearer ${KEY}` } : {})),
  },
  {
    name: 'token endpoint, 1.1 MB body',
    send: () => fetch(`${BASE}/v2/auth/oauth2/token`, json({ grant_type: 'authorization_code', code: 'x'.repeat(1_100_000) })),
  },
  {
    name: 'token endpoint, Content-Encoding: gzip on a plain body',
    send: () =>
      fetch(`${BASE}/v2/auth/oauth2/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-encoding': 'gzip' },
        body: 'grant_type=x',
      }),
  },
  { name: '/graphql malformed JSON', send: () => fetch(`${BASE}/graphql`, json('{"query": ')) },
  {
    name: 'Host: evil.example.com on the discovery document',
    send: () => fetch(`${BASE}/.well-known/oauth-authorization-server`, { headers: { host: 'evil.example.com' } }),
  },
];

/** Repeated guesses: the statuses they got, in order, run-length encoded (`5×401, 45×429`). */
async function guesses(name: string, count: number, send: (i: number) => Promise<Response>) {
  const statuses: number[] = [];
  for (let i = 0; i < count; i += 1) statuses.push(await send(i).then(async (r) => (await r.arrayBuffer(), r.status)));
  const runs: string[] = [];
  for (let i = 0; i < statuses.length;) {
    let j = i;
    while (j < statuses.length && statuses[j] === statuses[i]) j += 1;
    runs.push(`${j - i}×${statuses[i]}`);
    i = j;
  }
  console.log(`| ${name} | ${runs.join(', ')} | | |`);
}

async function main() {
  console.log(`| attack | status | ms | /health during |\n|---|---|---|---|`);
  for (const attack of ATTACKS) {
    let running = true;
    const health: number[] = [];
    const probe = (async () => {
      while (running)
        health.push(
          await fetch(`${BASE}/health`).then(
            (r) => r.status,
            () => 0,
          ),
        );
    })();
    const started = performance.now();
    const status = await attack.send().then(
      async (r) => (await r.arrayBuffer(), r.status),
      (e) => `failed: ${(e as Error).message}`,
    );
    const ms = performance.now() - started;
    running = false;
    await probe;
    const healthy = health.filter((s) => s === 200).length;
    console.log(`| ${attack.name} | ${status} | ${ms.toFixed(0)} | ${healthy}/${health.length} × 200 |`);
  }
  const issuer = (
    (await (await fetch(`${BASE}/.well-known/oauth-authorization-server`, { headers: { host: 'evil.example.com' } })).json()) as { issuer: string }
  ).issuer;
  console.log(`| issuer with Host: evil.example.com | ${issuer} | | |`);
  await guesses('50 wrong client secrets at the token endpoint', 50, (i) =>
    fetch(
      `${BASE}/v2/auth/oauth2/token`,
      json({ grant_type: 'authorization_code', client_id: 'guessed-client', client_secret: `wrong-${i}`, code: 'x', redirect_uri: 'https://x.example.com/cb' }),
    ),
  );
  const me = await fetch(`${BASE}/v2/me`, KEY ? { headers: { authorization: `Bearer ${KEY}` } } : {});
  console.log(`| X-RateLimit-* on GET /v2/me | ${['limit', 'remaining', 'reset'].map((h) => me.headers.get(`x-ratelimit-${h}`)).join(' / ')} | | |`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
