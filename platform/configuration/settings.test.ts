import { assertValidConfiguration, ConfigurationError, effectiveConfiguration, setting, unknownVariableWarnings } from './settings';

/** The typed configuration (issue 23): a malformed value stops the start naming the variable, what is wrong and what is expected. */

/** The message a start refused for this environment prints. */
function refusal(process: Parameters<typeof assertValidConfiguration>[0], env: Record<string, string>): string {
  try {
    assertValidConfiguration(process, env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigurationError);
    return (error as Error).message;
  }
  throw new Error(`${JSON.stringify(env)} was accepted`);
}

describe('a malformed value stops the start, naming the variable, its problem and what is expected', () => {
  const cases: Array<[process: Parameters<typeof assertValidConfiguration>[0], env: Record<string, string>, message: string]> = [
    ['npm start', { PORT: 'abc' }, 'PORT="abc": not a whole number; expected an integer 0–65535'],
    ['gateway', { PORT: '70000' }, 'PORT="70000": above 65535; expected an integer 0–65535'],
    ['scheduling', { DB_POOL_SIZE: '-2' }, 'DB_POOL_SIZE="-2": below 1; expected an integer 1–1000'],
    ['oauth', { LOG_LEVEL: 'loud' }, 'LOG_LEVEL="loud": not one of the allowed values; expected one of fatal, error, warn, info, debug, trace, silent'],
    ['gateway', { GRAPHQL_INTROSPECTION: 'maybe' }, 'GRAPHQL_INTROSPECTION="maybe": not a boolean; expected a boolean (1/true/yes/on or 0/false/no/off)'],
    ['webhook worker', { WEBHOOK_RETRY_BASE_SECONDS: '0' }, 'WEBHOOK_RETRY_BASE_SECONDS="0": not above 0; expected a number > 0 (s)'],
    ['integrations', { GOOGLE_API_URL: 'www.googleapis.com' }, 'GOOGLE_API_URL="www.googleapis.com": not a URL; expected a URL (http: or https:)'],
    ['gateway', { WORKER_HEALTH_URLS: 'worker' }, 'WORKER_HEALTH_URLS="worker": "worker" is not name=URL; expected comma-separated name=URL pairs'],
  ];
  it.each(cases)('%s with %j', (process, env, message) => {
    expect(refusal(process, env)).toContain(message);
  });

  it('every malformed variable is named at once, not one per attempt', () => {
    const message = refusal('npm start', { PORT: 'abc', WEBHOOK_WORKERS: 'two', SMTP_PORT: '0' });
    for (const name of ['PORT=', 'WEBHOOK_WORKERS=', 'SMTP_PORT=']) expect(message).toContain(name);
  });

  it("a secret's value is never printed, only its length", () => {
    const message = refusal('npm start', { DATABASE_URL: 'mysql://admin:hunter2@db/svc' });
    expect(message).toContain('DATABASE_URL=(secret, 28 characters): the scheme mysql: is not allowed');
    expect(message).not.toContain('hunter2');
  });

  it('a process checks the variables it reads: npm start all of them, the gateway not a webhook worker setting', () => {
    expect(() => assertValidConfiguration('gateway', { WEBHOOK_MAX_ATTEMPTS: 'lots' })).not.toThrow();
    expect(refusal('webhook worker', { WEBHOOK_MAX_ATTEMPTS: 'lots' })).toContain('WEBHOOK_MAX_ATTEMPTS="lots"');
    expect(refusal('npm start', { WEBHOOK_MAX_ATTEMPTS: 'lots' })).toContain('WEBHOOK_MAX_ATTEMPTS="lots"');
  });

  it('empty is unset: the default applies', () => {
    expect(() => assertValidConfiguration('npm start', { PORT: '', DATABASE_URL: '' })).not.toThrow();
    expect(setting('DB_POOL_SIZE', { DB_POOL_SIZE: '' })).toBe(10);
  });
});

describe('typed reads', () => {
  it('each type: integers, decimals, booleans, lists, URLs; defaults where unset', () => {
    const env = { DB_POOL_SIZE: '7', WEBHOOK_POLLING_INTERVAL_SECONDS: '0.5', WEBHOOK_KEEP_ALIVE: 'off', DELEGATION_CREDENTIAL_OLD_KEYS: ' a, b ,,c' };
    expect(setting('DB_POOL_SIZE', env)).toBe(7);
    expect(setting('WEBHOOK_POLLING_INTERVAL_SECONDS', env)).toBe(0.5);
    expect(setting('WEBHOOK_KEEP_ALIVE', env)).toBe(false);
    expect(setting('DELEGATION_CREDENTIAL_OLD_KEYS', env)).toEqual(['a', 'b', 'c']);
    expect(setting('WEBHOOK_MAX_ATTEMPTS', env)).toBe(8);
    expect(setting('PUBLIC_URL', env)).toBeUndefined();
  });

  it('reads the environment when asked, not when the module was loaded (tests set variables before starting a stack)', () => {
    const saved = process.env.TEAM_ROSTER_POLL_MS;
    try {
      process.env.TEAM_ROSTER_POLL_MS = '250';
      expect(setting('TEAM_ROSTER_POLL_MS')).toBe(250);
      process.env.TEAM_ROSTER_POLL_MS = '500';
      expect(setting('TEAM_ROSTER_POLL_MS')).toBe(500);
    } finally {
      if (saved === undefined) delete process.env.TEAM_ROSTER_POLL_MS;
      else process.env.TEAM_ROSTER_POLL_MS = saved;
    }
  });
});

describe('unknown variables with the project prefixes', () => {
  it('are warned about as probable typos, with the nearest declared name; other variables are not', () => {
    const env = { WEBHOOK_MAX_ATEMPTS: '3', GRAPHQL_MAX_DEPT: '5', HOME: '/root', GOOGLE_APPLICATION_CREDENTIALS: 'x', PORT: '1' };
    expect(unknownVariableWarnings(env)).toEqual([
      'warning: GRAPHQL_MAX_DEPT is set but no part of the stack reads it (a typo of GRAPHQL_MAX_DEPTH?)',
      'warning: WEBHOOK_MAX_ATEMPTS is set but no part of the stack reads it (a typo of WEBHOOK_MAX_ATTEMPTS?)',
    ]);
  });
});

describe('the effective configuration (npm run admin -- config)', () => {
  it('every variable with its value and source; secrets masked', () => {
    const shown = effectiveConfiguration({ DB_POOL_SIZE: '7', SMTP_PASSWORD: 'hunter2', DATABASE_URL: 'postgres://u:pw@db/svc' });
    const byName = Object.fromEntries(shown.map((s) => [s.name, s]));
    expect(byName.DB_POOL_SIZE).toMatchObject({ value: '7', source: 'environment', secret: false });
    expect(byName.WEBHOOK_MAX_ATTEMPTS).toMatchObject({ value: '8', source: 'default' });
    expect(byName.SMTP_PASSWORD).toMatchObject({ value: '********', source: 'environment', secret: true });
    expect(byName.DATABASE_URL).toMatchObject({ value: '********', source: 'environment', secret: true });
    expect(byName.INTERNAL_SECRET).toMatchObject({ value: 'random per start', source: 'default', secret: true });
    expect(JSON.stringify(shown)).not.toMatch(/hunter2|pw@/);
  });
});
