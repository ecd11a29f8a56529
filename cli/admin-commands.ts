import 'reflect-metadata';
import { OAuthClientDecision } from '../subgraphs/oauth/oauth-client/oauth-client-review.service';
import { DelegationCredentialService } from '../subgraphs/organizations/delegation-credential/delegation-credential.service';
import { MembershipRole } from '../subgraphs/organizations/team/membership.entity';
import { badInput, notFound } from '../platform/errors';
import { deadLetteredJobs } from '../subgraphs/integrations/webhook-delivery/dead-letters';
import { QUEUES } from '../platform/job-queue';
import { changeQueueSettings, queueSettings } from '../platform/queue-settings';
import { choiceFlag, FlagSpecs, Flags, idFlag, parseFlags, stringFlag, UsageError, wholeNumberFlag } from './args';
import { withOperator } from './open-data-sources';
import { ToolOutput } from './run-tool';
import { assertValidConfiguration, effectiveConfiguration, unknownVariables } from '../platform/configuration/settings';

export const ADMIN_USAGE = `Usage: npm run admin -- <command> [--flag value | --flag=value ...]

Operator commands run on the database directly (DATABASE_URL when set, else the embedded
PostgreSQL under .data/, started for the command unless \`npm start\` is running it), through the
subgraphs' own services and rules. Each prints one JSON object on stdout: the new record with its id.

Commands:
  create-user --email EMAIL --name NAME --password PASSWORD --time-zone IANA_ZONE [--admin]
      A user. --admin makes a service administrator (isServiceAdmin). The password (8 characters
      at least) is stored as a scrypt hash and never printed.
  create-org --name NAME --slug SLUG [--owner USER_ID]
      An organization; --owner becomes its OWNER.
  create-team --name NAME --slug SLUG [--org ORG_ID] [--owner USER_ID]
      A team, standalone or inside organization ORG_ID; --owner becomes its OWNER.
  add-member (--team TEAM_ID | --org ORG_ID) --user USER_ID --role MEMBER|ADMIN|OWNER
      Adds the user to a team, or to an organization, with that role.
  grant-credits (--user USER_ID | --team TEAM_ID) --credits N [--note TEXT]
      Adds N credits to a user's or a team's (or organization's) balance, with a ledger entry.
  create-api-key --user USER_ID [--note TEXT]
      A new API key for the user, printed as { "userId", "id", "key" }: the key is shown this once
      (only its hash is stored). Use it as "Authorization: Bearer <key>".
  review-oauth-client --client CLIENT_ID --decision approve|reject
      Approves or rejects a pending OAuth client, as a service admin does on the review page, and
      e-mails the owner (SMTP_URL, or SMTP_HOST/SMTP_PORT/SMTP_USER/SMTP_PASSWORD; without them the
      mail is written to stderr). Prints { "client": {...}, "notified": "owner@example.com" | null }.
  reencrypt-delegation-credentials
      Key rotation of DELEGATION_CREDENTIAL_KEY: seals every delegation credential's service account
      key still under a key of DELEGATION_CREDENTIAL_OLD_KEYS again under the current key. Prints
      { "reencrypted": N }; afterwards the old keys can be removed.
  dead-lettered-jobs
      The webhook worker's jobs set aside because each crashed the worker twice (a delivery attempt,
      or a booking event's fan-out): { "jobs": [{ jobId, queue, unfinishedStarts, firstStartedAt,
      deadLetteredAt, reason, deliveryId, webhookId, data }] }, newest first. A delivery among them
      shows in its webhook's delivery log as "dead-lettered"; its owner may redeliver it.
  config
      The effective configuration: every environment variable of the stack (README tables) as
      { "configuration": [{ name, value, source: "environment"|"default", secret, readBy }],
      "unknown": [...] }, secrets masked. "unknown" lists set variables with one of the project's
      prefixes that nothing reads (typos). A malformed value is refused, naming the variable.
  queue-settings [--queue NAME [--retry-limit N] [--retry-delay-seconds N] [--retry-backoff true|false]
                 [--expire-seconds N] [--retention-minutes N]]
      The job queues' settings, kept in the database: the first process to start on it created them
      from its environment (WEBHOOK_JOB_EXPIRE_SECONDS, BOOKING_HOOK_RETRY_DELAY_SECONDS, …), later
      processes only read them. Without flags: { "queues": [{ queue, retryLimit, retryDelaySeconds,
      retryBackoff, expireSeconds, retentionMinutes, updatedOn }] }. With --queue and any setting:
      changes those settings of that queue for every process at once and prints { "queue": {...} }.
  help
      This text.

Slugs are lowercase letters, digits and single hyphens. Ids are positive integers.
Exit status: 0 done, 1 refused (invalid value, unknown id, duplicate) or failed, 2 bad usage.
Messages go to stderr; LOG_SQL=1 prints SQL statements there too. npm prints its own
"> svc-supergraph@0.1.0 admin" banner on stdout: to pipe the JSON, use \`npm run -s admin -- …\`
(or \`node dist/cli/admin.js …\` after \`npm run build\`).

Examples:
  npm run admin -- create-user --email ada@example.com --name "Ada Lovelace" --password 'correct horse' --time-zone Europe/London
  npm run admin -- create-org --name Acme --slug acme --owner 1
  npm run admin -- create-team --name Support --slug support --org 2 --owner 1
  npm run admin -- add-member --team 3 --user 4 --role MEMBER
  npm run admin -- create-api-key --user 4
  npm run admin -- review-oauth-client --client 5f0c2a9e81b34d7a6c1e0b92 --decision approve
`;

export const ADMIN_USAGE_HINT = 'run `npm run admin -- help` for usage';
const ROLES = Object.values(MembershipRole);
const DECISIONS = ['approve', 'reject'] as const;

interface Command {
  flags: FlagSpecs;
  run(flags: Flags, name: string): Promise<unknown>;
}

/** null for a NOT_FOUND refusal; any other error goes on. */
function unlessNotFound(error: unknown): null {
  if ((error as { extensions?: { code?: unknown } })?.extensions?.code === 'NOT_FOUND') return null;
  throw error;
}

/** Everything but the password hash. */
function publicUser<T extends { passwordHash?: unknown }>(user: T): Omit<T, 'passwordHash'> {
  const { passwordHash: _hidden, ...rest } = user;
  return rest;
}

const COMMANDS: Record<string, Command> = {
  config: {
    flags: {},
    async run() {
      assertValidConfiguration('npm start');
      return { configuration: effectiveConfiguration(), unknown: unknownVariables(process.env).map((u) => u.variable) };
    },
  },

  'create-user': {
    flags: { email: { required: true }, name: { required: true }, password: { required: true }, 'time-zone': { required: true }, admin: { switch: true } },
    async run(flags) {
      const input = {
        email: stringFlag(flags, 'email')!,
        name: stringFlag(flags, 'name')!,
        password: stringFlag(flags, 'password')!,
        timeZone: stringFlag(flags, 'time-zone')!.trim(),
        isServiceAdmin: flags.admin === true,
      };
      return withOperator(async (operator) => publicUser(await operator.createUser(input)));
    },
  },

  'reencrypt-delegation-credentials': {
    flags: {},
    async run() {
      return withOperator(async (_operator, db) => ({ reencrypted: await new DelegationCredentialService(db('organizations')).reencryptUnderCurrentKey() }));
    },
  },

  'queue-settings': {
    flags: {
      queue: {},
      'retry-limit': {},
      'retry-delay-seconds': {},
      'retry-backoff': {},
      'expire-seconds': {},
      'retention-minutes': {},
    },
    async run(flags, name) {
      const queue = choiceFlag(name, flags, 'queue', QUEUES);
      const change = {
        retryLimit: wholeNumberFlag(name, flags, 'retry-limit', 0),
        retryDelaySeconds: wholeNumberFlag(name, flags, 'retry-delay-seconds', 0),
        retryBackoff: choiceFlag(name, flags, 'retry-backoff', ['true', 'false'] as const)?.startsWith('t'),
        expireSeconds: wholeNumberFlag(name, flags, 'expire-seconds', 1),
        retentionMinutes: wholeNumberFlag(name, flags, 'retention-minutes', 1),
      };
      const changes = Object.values(change).some((value) => value !== undefined);
      if (changes && !queue) throw new UsageError(`${name}: --queue NAME says which queue to change (${QUEUES.join(', ')})`);
      return withOperator(async (_operator, db) => {
        if (changes) return { queue: await changeQueueSettings(db('integrations'), queue!, change) };
        return { queues: (await queueSettings(db('integrations'))).filter((settings) => !queue || settings.queue === queue) };
      });
    },
  },

  'dead-lettered-jobs': {
    flags: {},
    async run() {
      return withOperator(async (_operator, db) => ({ jobs: await deadLetteredJobs(db('integrations')) }));
    },
  },

  'create-org': {
    flags: { name: { required: true }, slug: { required: true }, owner: {} },
    async run(flags, name) {
      const ownerId = idFlag(name, flags, 'owner');
      return withOperator(async (operator) => {
        if (ownerId !== undefined) await operator.getUser(ownerId);
        return operator.createOrganization({ name: stringFlag(flags, 'name')!, slug: stringFlag(flags, 'slug')!, ownerId });
      });
    },
  },

  'create-team': {
    flags: { name: { required: true }, slug: { required: true }, org: {}, owner: {} },
    async run(flags, name) {
      const orgId = idFlag(name, flags, 'org');
      const ownerId = idFlag(name, flags, 'owner');
      return withOperator(async (operator) => {
        if (ownerId !== undefined) await operator.getUser(ownerId);
        return operator.createTeam({ name: stringFlag(flags, 'name')!, slug: stringFlag(flags, 'slug')!, orgId, ownerId });
      });
    },
  },

  'add-member': {
    flags: { team: {}, org: {}, user: { required: true }, role: { required: true } },
    async run(flags, name) {
      const teamId = idFlag(name, flags, 'team');
      const orgId = idFlag(name, flags, 'org');
      if ((teamId === undefined) === (orgId === undefined)) throw new UsageError(`${name}: give exactly one of --team TEAM_ID and --org ORG_ID`);
      const userId = idFlag(name, flags, 'user')!;
      const role = choiceFlag(name, flags, 'role', ROLES)!;
      return withOperator(async (operator) => {
        // Teams and organizations share one table: check that the id is of the kind the flag names.
        if (orgId !== undefined) {
          const org = await operator.getTeam(orgId).catch(unlessNotFound);
          if (!org?.isOrganization) throw notFound('Organization', orgId);
        } else {
          const team = await operator.getTeam(teamId!);
          if (team.isOrganization) throw badInput('--team', `${team.id} is an organization, not a team: use --org ${team.id}`);
        }
        return operator.addMember({ teamId: (teamId ?? orgId)!, userId, role });
      });
    },
  },

  'grant-credits': {
    flags: { user: {}, team: {}, credits: { required: true }, note: {} },
    async run(flags, name) {
      const userId = idFlag(name, flags, 'user');
      const teamId = idFlag(name, flags, 'team');
      if ((userId === undefined) === (teamId === undefined)) throw new UsageError(`${name}: give exactly one of --user USER_ID and --team TEAM_ID`);
      const credits = idFlag(name, flags, 'credits')!;
      return withOperator(async (operator) => {
        if (userId !== undefined) await operator.getUser(userId);
        else await operator.getTeam(teamId!);
        return operator.grantCredits(userId !== undefined ? { userId } : { teamId: teamId! }, credits, stringFlag(flags, 'note'));
      });
    },
  },

  'create-api-key': {
    flags: { user: { required: true }, note: {} },
    async run(flags, name) {
      const userId = idFlag(name, flags, 'user')!;
      const { apiKey, key } = await withOperator((operator) => operator.createApiKey(userId, stringFlag(flags, 'note')));
      return { userId: apiKey.userId, id: apiKey.id, key };
    },
  },

  'review-oauth-client': {
    flags: { client: { required: true }, decision: { required: true } },
    async run(flags, name) {
      const clientId = stringFlag(flags, 'client')!.trim();
      const decision = choiceFlag(name, flags, 'decision', DECISIONS)!;
      const { client, notified } = await withOperator((operator) =>
        operator.reviewOAuthClient(clientId, decision === 'approve' ? OAuthClientDecision.APPROVE : OAuthClientDecision.REJECT),
      );
      const { secretHash: _hidden, ...shown } = client;
      return { client: shown, notified };
    },
  },
};

export async function admin(argv: string[]): Promise<ToolOutput> {
  const [name, ...rest] = argv;
  if (name === undefined) throw new UsageError('no command given');
  if (name === 'help' || name === '--help' || name === '-h') return { text: ADMIN_USAGE };
  const command = Object.prototype.hasOwnProperty.call(COMMANDS, name) ? COMMANDS[name] : undefined;
  if (!command) throw new UsageError(`unknown command "${name}"; the commands are ${[...Object.keys(COMMANDS), 'help'].join(', ')}`);
  const flags = parseFlags(name, rest, command.flags);
  return { json: await command.run(flags, name) };
}
