import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import { openSubgraphDataSources, SubgraphDataSources } from '../../cli/open-data-sources';
import { dropDatabase, ensureDatabase } from '../../stack/database';
import { Operator } from '../../stack/operator';
import { SmtpReceiver, startSmtpReceiver } from '../support/smtp';
import { runCli } from '../support/cli';

const admin = (env: Record<string, string>, ...args: string[]) => runCli('admin', env, ...args);

/** npm run admin -- review-oauth-client: the operator's way to review a pending OAuth client (spec 3). */
describe('npm run admin -- review-oauth-client --client CLIENT_ID --decision approve|reject', () => {
  const serverUrl = process.env.TEST_DATABASE_URL!;
  const databaseName = `test_cli_review_${randomBytes(6).toString('hex')}`;
  let databaseUrl: string;
  let sources: SubgraphDataSources;
  let operator: Operator;
  let smtp: SmtpReceiver;
  let env: Record<string, string>;
  let owner: { id: number; email: string };

  beforeAll(async () => {
    databaseUrl = await ensureDatabase(serverUrl, databaseName, process.env.TEST_TEMPLATE_DATABASE);
    sources = await openSubgraphDataSources(databaseUrl);
    operator = new Operator(sources.db);
    smtp = await startSmtpReceiver();
    env = { DATABASE_URL: databaseUrl, SMTP_URL: smtp.url };
    owner = await operator.createUser({ email: 'owner@example.com', name: 'Owen Owner', password: 'correct horse battery', timeZone: 'UTC' });
  });
  afterAll(async () => {
    await sources?.close();
    await smtp?.stop();
    if (databaseUrl) await dropDatabase(serverUrl, databaseName);
  });

  const pendingClient = async (name: string) =>
    (await operator.registerOAuthClient(owner.id, { name, redirectUris: ['https://app.example.com/cb'], scopes: ['PROFILE_READ'] })).client;

  it('approve: the client becomes APPROVED, the owner receives an e-mail over SMTP, and the answer is one JSON object', async () => {
    const client = await pendingClient('CLI Approved');
    const result = await admin(env, 'review-oauth-client', '--client', client.id, '--decision', 'approve');
    expect({ code: result.code, stderr: result.stderr }).toEqual({ code: 0, stderr: '' });
    const answer = JSON.parse(result.stdout);
    expect(answer).toMatchObject({ client: { id: client.id, status: 'APPROVED', name: 'CLI Approved' }, notified: 'owner@example.com' });
    expect(answer.client).not.toHaveProperty('secretHash');
    const mail = await smtp.waitFor((m) => m.subject.includes('CLI Approved'));
    expect(mail.to).toEqual(['owner@example.com']);
    expect(mail.subject).toBe('Your OAuth client "CLI Approved" was approved');
  });

  it('reject: the client becomes REJECTED, and the owner is told so', async () => {
    const client = await pendingClient('CLI Rejected');
    const result = await admin(env, 'review-oauth-client', `--client=${client.id}`, '--decision=REJECT');
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout).client.status).toBe('REJECTED');
    expect((await smtp.waitFor((m) => m.subject.includes('CLI Rejected'))).subject).toBe('Your OAuth client "CLI Rejected" was rejected');
  });

  it('without SMTP settings the e-mail is written to the log (stderr) instead', async () => {
    const client = await pendingClient('CLI Logged');
    const result = await admin({ DATABASE_URL: databaseUrl, SMTP_URL: '' }, 'review-oauth-client', '--client', client.id, '--decision', 'approve');
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('[mail]');
    expect(result.stderr).toContain('Subject: Your OAuth client "CLI Logged" was approved');
    expect(JSON.parse(result.stdout).notified).toBe('owner@example.com');
  });

  it('a client reviewed already, or unknown, is refused: exit 1, one line on stderr, nothing on stdout', async () => {
    const client = await pendingClient('CLI Twice');
    expect((await admin(env, 'review-oauth-client', '--client', client.id, '--decision', 'approve')).code).toBe(0);
    const again = await admin(env, 'review-oauth-client', '--client', client.id, '--decision', 'reject');
    expect(again.code).toBe(1);
    expect(again.stdout).toBe('');
    expect(again.stderr.trim()).toMatch(/already reviewed: it is APPROVED/);
    const unknown = await admin(env, 'review-oauth-client', '--client', 'nope', '--decision', 'approve');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr.trim()).toMatch(/not found/);
  });

  it('bad usage exits 2: a decision other than approve or reject, a missing flag', async () => {
    const bad = await admin(env, 'review-oauth-client', '--client', 'x', '--decision', 'maybe');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--decision must be one of approve, reject/);
    expect((await admin(env, 'review-oauth-client', '--decision', 'approve')).code).toBe(2);
  });
});
