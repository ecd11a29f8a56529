import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import { dropDatabase, ensureDatabase } from '../../stack/database';
import { RunningStack, startStack } from '../../stack/start-stack';
import { adminInProcess } from '../support/admin-in-process';
import { CliResult, runCli } from '../support/cli';

/** Runs the compiled CLI on the given database: one real process per command this file checks. */
const admin = (databaseUrl: string, ...args: string[]) => runCli('admin', { DATABASE_URL: databaseUrl }, ...args);
/** The same command's other cases (refusals, variants), run in this process: the outcome the tool prints and exits with. */
const adminHere = (databaseUrl: string, ...args: string[]) => adminInProcess({ DATABASE_URL: databaseUrl }, ...args);

/** The one JSON object a successful command prints, after checking that it succeeded quietly. */
function answer(result: CliResult): any {
  expect({ code: result.code, stderr: result.stderr }).toEqual({ code: 0, stderr: '' });
  return JSON.parse(result.stdout);
}

/** A refused command: non-zero exit, one line on stderr, nothing on stdout. */
function refused(result: CliResult): string {
  expect(result.code).not.toBe(0);
  expect(result.stdout).toBe('');
  expect(result.stderr.trim().split('\n')).toHaveLength(1);
  return result.stderr.trim();
}

/** The environment of the `config` case (with DATABASE_URL): a pool size set, secrets set, a misspelt variable. */
const CONFIG_ENV = { DB_POOL_SIZE: '3', SMTP_PASSWORD: 'hunter2', INTERNAL_SECRET: 's3cret-internal', WEBHOOK_MAX_ATEMPTS: '2' };

describe('npm run admin: operator commands on the subgraphs’ own DataSources', () => {
  const serverUrl = process.env.TEST_DATABASE_URL!;
  const databaseName = `test_cli_admin_${randomBytes(6).toString('hex')}`;
  let databaseUrl: string;
  /** The whole system on this database, started by the last case. */
  let starting: Promise<RunningStack> | undefined;
  let ada: { id: number; email: string };
  /**
   * Commands started at once in the set-up (each CLI process is a second of CPU, mostly loading the tool), each awaited
   * and checked by the case named after it: those that change nothing another case reads, and Ada's creation, which
   * later cases read only after its own case has checked it.
   */
  let sideBySide: Record<
    'help' | 'reencrypt' | 'config' | 'badWorkers' | 'badPoolSize' | 'unknown' | 'ada' | 'badZone' | 'noPassword' | 'badUserId',
    Promise<CliResult>
  >;

  beforeAll(async () => {
    if (!serverUrl) throw new Error('TEST_DATABASE_URL is not set: run the tests with `npm test`');
    databaseUrl = await ensureDatabase(serverUrl, databaseName, process.env.TEST_TEMPLATE_DATABASE);
    sideBySide = {
      help: admin(databaseUrl, 'help'),
      reencrypt: admin(databaseUrl, 'reencrypt-delegation-credentials'),
      config: runCli('admin', { ...CONFIG_ENV, DATABASE_URL: databaseUrl }, 'config'),
      badWorkers: runCli('admin', { DATABASE_URL: databaseUrl, WEBHOOK_WORKERS: 'many' }, 'config'),
      badPoolSize: runCli('admin', { DATABASE_URL: databaseUrl, DB_POOL_SIZE: '-2' }, 'create-api-key', '--user', '1'),
      unknown: admin(databaseUrl, 'frobnicate', '--x', '1'),
      ada: admin(
        databaseUrl,
        'create-user',
        '--email',
        'Ada@Example.com',
        '--name',
        'Ada Lovelace',
        '--password=correct horse',
        '--time-zone=Europe/London',
        '--admin',
      ),
      badZone: adminHere(databaseUrl, 'create-user', '--email', 'tz@example.com', '--name', 'Tz', '--password', 'correct horse', '--time-zone', 'Mars/Olympus'),
      noPassword: adminHere(databaseUrl, 'create-user', '--email', 'x@example.com', '--name', 'X', '--time-zone', 'UTC'),
      badUserId: adminHere(databaseUrl, 'create-api-key', '--user', '12abc'),
    };
  });

  afterAll(async () => {
    await (await starting?.catch(() => undefined))?.stop();
    if (databaseUrl) await dropDatabase(serverUrl, databaseName);
  });

  it('help prints the usage of every command on stdout and exits 0', async () => {
    const result = await sideBySide.help;
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('');
    expect(result.stdout).toMatch(/^Usage: npm run admin -- <command>/);
    for (const command of ['create-user', 'create-org', 'create-team', 'add-member', 'create-api-key']) expect(result.stdout).toContain(command);
  });

  it('reencrypt-delegation-credentials prints how many keys it sealed again under the current key', async () => {
    expect(answer(await sideBySide.reencrypt)).toEqual({ reencrypted: 0 });
  });

  it("grant-credits adds to a user's or a team's balance; exactly one of --user and --team; unknown ids refused", async () => {
    // The refusals run beside the grants (a refusal changes no balance).
    const refusals = Promise.all([
      adminHere(databaseUrl, 'grant-credits', '--credits', '5'),
      adminHere(databaseUrl, 'grant-credits', '--team', '999999', '--credits', '5'),
    ]);
    const cy = answer(
      await adminHere(databaseUrl, 'create-user', '--email', 'cy@example.com', '--name', 'Cy', '--password', 'correct horse', '--time-zone', 'UTC'),
    );
    const negativeRefusal = adminHere(databaseUrl, 'grant-credits', '--user', String(cy.id), '--credits', '-1');
    expect(answer(await admin(databaseUrl, 'grant-credits', '--user', String(cy.id), '--credits', '5'))).toEqual({
      hasCredits: true,
      balance: 5,
      amounts: { monthlyRemaining: 0, additional: 5 },
    });
    expect(answer(await adminHere(databaseUrl, 'grant-credits', '--user', String(cy.id), '--credits', '7', '--note', 'top-up'))).toEqual({
      hasCredits: true,
      balance: 12,
      amounts: { monthlyRemaining: 0, additional: 12 },
    });
    const [[neither, unknownTeam], negative] = await Promise.all([refusals, negativeRefusal]);
    expect(refused(neither)).toMatch(/exactly one of --user/);
    expect(refused(unknownTeam)).toMatch(/not found/);
    expect(refused(negative)).toMatch(/--credits/);
  });

  it('config prints the effective configuration: each variable, its value and source (environment or default), secrets masked', async () => {
    const { configuration, unknown } = answer(await sideBySide.config);
    const byName = Object.fromEntries(configuration.map((entry: { name: string }) => [entry.name, entry]));
    expect(byName.DB_POOL_SIZE).toMatchObject({ value: '3', source: 'environment', secret: false });
    expect(byName.GRAPHQL_MAX_DEPTH).toMatchObject({ value: '12', source: 'default', secret: false });
    expect(byName.SMTP_PASSWORD).toMatchObject({ value: '********', source: 'environment', secret: true });
    expect(byName.INTERNAL_SECRET).toMatchObject({ value: '********', source: 'environment', secret: true });
    expect(byName.DATABASE_URL).toMatchObject({ value: '********', source: 'environment', secret: true });
    expect(unknown).toEqual(['WEBHOOK_MAX_ATEMPTS']);
    expect(JSON.stringify(configuration)).not.toMatch(/hunter2|s3cret-internal|test_cli_admin_/);
  });

  it('config (and every other command) refuses a malformed value, naming the variable and what it must be', async () => {
    expect(refused(await sideBySide.badWorkers)).toContain('WEBHOOK_WORKERS="many": not a whole number; expected an integer 0–64');
    expect(refused(await sideBySide.badPoolSize)).toContain('DB_POOL_SIZE="-2": below 1; expected an integer 1–1000');
  });

  it("queue settings are the first process's: a later one started with other values reads them; queue-settings changes them for all", async () => {
    // A database without the queues (the migrated template has none, as a new deployment): the first process to open it
    // creates them from its environment.
    const name = `${databaseName}_queues`;
    const url = await ensureDatabase(serverUrl, name, process.env.TEST_TEMPLATE_DATABASE);
    try {
      const first = { DATABASE_URL: url, WEBHOOK_JOB_EXPIRE_SECONDS: '45', BOOKING_HOOK_RETRY_DELAY_SECONDS: '7', WORKFLOW_REMINDER_RETRY_DELAY_SECONDS: '9' };
      const second = { DATABASE_URL: url, WEBHOOK_JOB_EXPIRE_SECONDS: '90', BOOKING_HOOK_RETRY_DELAY_SECONDS: '3', WORKFLOW_REMINDER_RETRY_DELAY_SECONDS: '1' };
      const queueSettings = (env: NodeJS.ProcessEnv, ...args: string[]) => runCli('admin', env, 'queue-settings', ...args);
      const queueSettingsHere = (...args: string[]) => adminInProcess({ DATABASE_URL: url }, 'queue-settings', ...args);
      const shown = (queues: any[]) => Object.fromEntries(queues.map((q) => [q.queue, [q.expireSeconds, q.retryDelaySeconds]]));
      // [expireSeconds, retryDelaySeconds] per queue, as the first process's environment asks.
      const firstSettings = {
        'webhook-event': [45, 1],
        'webhook-delivery': [45, 1],
        'webhook-scheduled': [45, 1],
        'booking-hooks': [60, 7],
        'workflow-reminders': [60, 9],
      };
      // Bad usage is refused before the database is opened: those run beside the rest.
      const refusals = Promise.all([
        queueSettingsHere('--expire-seconds', '5'),
        queueSettingsHere('--queue', 'mail', '--retry-limit', '1'),
        queueSettingsHere('--queue', 'webhook-event', '--expire-seconds', '0'),
      ]);
      expect(shown(answer(await queueSettings(first)).queues)).toEqual(firstSettings);
      expect(shown(answer(await queueSettings(second)).queues)).toEqual(firstSettings);

      const changed = answer(await queueSettings(second, '--queue', 'webhook-delivery', '--expire-seconds', '120', '--retry-limit', '3'));
      expect(changed.queue).toMatchObject({ queue: 'webhook-delivery', expireSeconds: 120, retryLimit: 3, retryDelaySeconds: 1, retryBackoff: true });
      const after = answer(await queueSettings(first, '--queue', 'webhook-delivery')).queues;
      expect(after).toEqual([changed.queue]);

      const [noQueue, unknownQueue, tooShort] = await refusals;
      expect(refused(noQueue)).toContain('--queue NAME says which queue to change');
      expect(refused(unknownQueue)).toContain('--queue must be one of webhook-event');
      expect(refused(tooShort)).toContain('--expire-seconds must be a whole number ≥ 1');
    } finally {
      await dropDatabase(serverUrl, name);
    }
  }, 120_000);

  it('an unknown command exits non-zero with a usage hint on stderr', async () => {
    const message = refused(await sideBySide.unknown);
    expect(message).toContain('unknown command "frobnicate"');
    expect(message).toContain('npm run admin -- help');
  });

  it('create-user prints the new user with its id and without the password hash', async () => {
    const user = answer(await sideBySide.ada);
    expect(user).toMatchObject({ id: expect.any(Number), email: 'ada@example.com', name: 'Ada Lovelace', timeZone: 'Europe/London', isServiceAdmin: true });
    expect(user).not.toHaveProperty('passwordHash');
    expect(JSON.stringify(user)).not.toMatch(/scrypt|correct horse/);
    ada = user;
  });

  it('refuses a duplicate e-mail, an invalid time zone and malformed flags', async () => {
    const [duplicate, zone, noPassword, badId] = await Promise.all([
      adminHere(databaseUrl, 'create-user', '--email', 'ADA@example.com', '--name', 'Ada Again', '--password', 'another password', '--time-zone', 'UTC'),
      sideBySide.badZone,
      sideBySide.noPassword,
      sideBySide.badUserId,
    ]);
    expect(refused(duplicate)).toMatch(/already exists/);
    expect(refused(zone)).toMatch(/not an IANA time zone/);
    expect(refused(noPassword)).toMatch(/--password is required/);
    expect(refused(badId)).toMatch(/--user must be a positive integer/);
  });

  it('creates an organization, a team in it, memberships in both, and an API key whose key is shown once', async () => {
    // The whole system comes up on the same database beside the commands: the key made below authenticates through it.
    // (Not ??=: the commands run in this process set it to the operator tools' 2.)
    process.env.DB_POOL_SIZE = '4';
    starting = startStack({ databaseUrl, port: 0, subgraphPort: () => 0 });

    const [bob, org] = (
      await Promise.all([
        adminHere(databaseUrl, 'create-user', '--email', 'bob@example.com', '--name', 'Bob', '--password', 'correct horse', '--time-zone', 'America/New_York'),
        admin(databaseUrl, 'create-org', '--name', 'Acme', '--slug', 'acme', '--owner', String(ada.id)),
      ])
    ).map(answer);
    expect(bob.isServiceAdmin).toBe(false);
    expect(org).toMatchObject({ id: expect.any(Number), name: 'Acme', slug: 'acme', isOrganization: true, parentId: null });
    const apiKeyMade = admin(databaseUrl, 'create-api-key', '--user', String(bob.id));

    const team = answer(await admin(databaseUrl, 'create-team', '--name', 'Support', '--slug', 'support', `--org=${org.id}`));
    expect(team).toMatchObject({ id: expect.any(Number), slug: 'support', isOrganization: false, parentId: org.id });

    const [teamMembership, orgMembership] = (
      await Promise.all([
        admin(databaseUrl, 'add-member', '--team', String(team.id), '--user', String(bob.id), '--role', 'ADMIN'),
        adminHere(databaseUrl, 'add-member', '--org', String(org.id), '--user', String(bob.id), '--role', 'MEMBER'),
      ])
    ).map(answer);
    expect(teamMembership).toMatchObject({ id: expect.any(Number), teamId: team.id, userId: bob.id, role: 'ADMIN', accepted: true });
    expect(orgMembership).toMatchObject({ teamId: org.id, userId: bob.id, role: 'MEMBER' });

    // Unknown ids, an id of the wrong kind, a role that does not exist, a second membership: refusals change nothing,
    // so the commands run side by side.
    const refusals: Array<[string[], RegExp]> = [
      [['add-member', '--team', String(team.id), '--user', '999999', '--role', 'MEMBER'], /User with id 999999 not found/],
      [['add-member', '--org', String(team.id), '--user', String(bob.id), '--role', 'MEMBER'], /Organization with id \d+ not found/],
      [['add-member', '--team', String(team.id), '--user', String(bob.id), '--role', 'BOSS'], /--role must be one of MEMBER, ADMIN, OWNER/],
      [['add-member', '--team', String(team.id), '--user', String(bob.id), '--role', 'MEMBER'], /already a member/],
      [['create-team', '--name', 'Nowhere', '--slug', 'nowhere', '--org', '999999'], /Organization with id 999999 not found/],
      [['create-api-key', '--user', '999999'], /User with id 999999 not found/],
    ];
    const messages = await Promise.all(refusals.map(async ([args]) => refused(await adminHere(databaseUrl, ...args))));
    messages.forEach((message, i) => expect(message).toMatch(refusals[i][1]));

    const apiKey = answer(await apiKeyMade);
    expect(Object.keys(apiKey).sort()).toEqual(['id', 'key', 'userId']);
    expect(apiKey).toMatchObject({ userId: bob.id, id: expect.any(Number), key: expect.stringMatching(/^svc_[0-9a-f]{64}$/) });

    const stack = await starting;
    const me = await fetch(`${stack.url}/v2/me`, { headers: { authorization: `Bearer ${apiKey.key}` } });
    const body: any = await me.json();
    expect({ status: me.status, email: body.data?.email }).toEqual({ status: 200, email: 'bob@example.com' });
    expect(body.data.memberships).toEqual(
      expect.arrayContaining([expect.objectContaining({ teamId: team.id, role: 'ADMIN' }), expect.objectContaining({ teamId: org.id, role: 'MEMBER' })]),
    );
    const wrongKey = apiKey.key.slice(0, -1) + (apiKey.key.endsWith('0') ? '1' : '0');
    expect((await fetch(`${stack.url}/v2/me`, { headers: { authorization: `Bearer ${wrongKey}` } })).status).toBe(401);
  }, 120_000);
});
