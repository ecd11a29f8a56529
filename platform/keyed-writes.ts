import { AsyncLocalStorage } from 'node:async_hooks';
import { GraphQLResolveInfo, responsePathAsArray } from 'graphql';
import { DataSource, EntityManager } from 'typeorm';
import { SubgraphContext } from './context';
import { conflict } from './errors';
import { keyedWriteSealKey } from './principal';
import { seal, unseal } from './sealed-secret';
import { sha256Hex } from './sha256';

/**
 * Keyed writes: the subgraph's half of Idempotency-Key (docs/decisions.md, issue 23). The gateway keeps the
 * client's first answer, but when a subgraph committed a write and its answer was lost on the way (the process
 * killed, the connection cut), only the subgraph knows the write happened. So the mutations that must not run
 * twice record the gateway's write key in the very transaction of their write, with what they wrote (a
 * `reference`), and the same request sent again reads the committed result back instead of writing again.
 */

/** What a keyed write answered, enough to read it back: a booking's uid, a webhook's id… (JSON, the owner's own shape). */
export type KeyedWriteReference = Record<string, unknown>;

/** How long a keyed write is remembered: as long as the gateway keeps the key (IDEMPOTENCY_KEY_TTL in its store). */
export const KEYED_WRITE_RETENTION_HOURS = 24;

/** The table of a subgraph whose mutations record keyed writes: created by its migration. */
export const KEYED_WRITES_DDL = `
  CREATE TABLE keyed_writes (
    key text PRIMARY KEY,
    reference jsonb NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  );
  CREATE INDEX keyed_writes_created_at_idx ON keyed_writes (created_at);
`;

/** The key of the keyed write being served, for recordKeyedWrite deep in the service that holds the transaction. */
const current = new AsyncLocalStorage<string>();

/** Old rows are deleted by whichever request of the process comes first after this interval. */
const PURGE_INTERVAL_MS = 3_600_000;
let lastPurge = 0;

function purgeExpired(ctx: SubgraphContext): void {
  if (Date.now() - lastPurge < PURGE_INTERVAL_MS) return;
  lastPurge = Date.now();
  ctx.db
    .query(`DELETE FROM keyed_writes WHERE created_at < now() - interval '${KEYED_WRITE_RETENTION_HOURS} hours'`)
    .catch((error: Error) => console.error(`[keyed writes] purge failed: ${error.message}`));
}

/**
 * Runs a mutation's write once per write key: a request without one just writes; one whose key already
 * committed a write answers `recall` of what that write recorded; else the write runs, and the service
 * records its result with recordKeyedWrite inside its transaction. The key is the gateway's and the
 * field's place in the operation (two aliased mutations of one request are two writes).
 */
export async function keyedWrite<T>(
  ctx: SubgraphContext,
  info: GraphQLResolveInfo,
  recall: (reference: KeyedWriteReference) => Promise<T>,
  write: () => Promise<T>,
): Promise<T> {
  if (!ctx.writeKey) return write();
  purgeExpired(ctx);
  const key = recordKeyOf(ctx.writeKey, info);
  const [earlier] = (await ctx.db.query('SELECT reference FROM keyed_writes WHERE key = $1', [key])) as Array<{ reference: KeyedWriteReference }>;
  return current.run(key, () => (earlier ? recall(earlier.reference) : write()));
}

/** The key of a field's record: the gateway's write key and the field's place in the operation. */
function recordKeyOf(writeKey: string, info: GraphQLResolveInfo): string {
  return `${writeKey}:${responsePathAsArray(info.path).join('.')}`;
}

/**
 * A keyed mutation whose one effect is another subgraph's, made through an internal call (new tokens of a managed user,
 * made by oauth): nothing is recorded here, and the write runs with its key, which writeKeyForCall passes on with the
 * call, for the subgraph that writes to record it in its own transaction.
 */
export function keyedElsewhere<T>(ctx: SubgraphContext, info: GraphQLResolveInfo, write: () => Promise<T>): Promise<T> {
  return ctx.writeKey ? current.run(recordKeyOf(ctx.writeKey, info), write) : write();
}

/**
 * Inside keyedWrite (its write or its recall) or keyedElsewhere: the write key for an internal call that writes on the
 * keyed write's behalf (GraphLink.call's `writeKey`), bound to `subject`, what the call writes for (`user 12`): the
 * called subgraph keys its own record with it, so the call made again by a retry or a recall answers what the first one
 * made. Because it names the subject, a record forgotten and written again for another (a new user) never meets the
 * first call's record. Outside a keyed write, undefined: the call is not keyed.
 */
export function writeKeyForCall(subject: string): string | undefined {
  const key = current.getStore();
  return key && `${key}>${subject}`;
}

/**
 * Inside keyedWrite: an Idempotency-Key for an outside provider the write calls (the phone call's), the same on every
 * retry of the write: a hash of the record's key, so the provider never sees the gateway's write key. Outside, undefined.
 */
export function providerIdempotencyKey(): string | undefined {
  const key = current.getStore();
  return key && sha256Hex(`provider\n${key}`);
}

/**
 * What a keyed internal call (writeKeyForCall) made may be gone when a retry makes the call again (an API key revoked
 * since, tokens refreshed since): the called subgraph answers CONFLICT rather than something that no longer works, and
 * the keyed write answers its client that CONFLICT, in its own words. Any other error is answered as it is.
 */
export function conflictOfCall(error: unknown, message: string): unknown {
  return ((error as { codes?: unknown[] }).codes ?? []).includes('CONFLICT') ? conflict(message) : error;
}

/**
 * Inside the write's transaction: records that the keyed write being served (if any) wrote `reference`. It
 * commits or rolls back with the write, so a write is never recorded without having happened nor the
 * reverse; a second transaction of the same key (a retry whose first run was still going) fails on the
 * primary key and rolls its write back.
 */
export async function recordKeyedWrite(tx: EntityManager, reference: KeyedWriteReference): Promise<void> {
  const key = current.getStore();
  if (key) await tx.query('INSERT INTO keyed_writes (key, reference) VALUES ($1, $2)', [key, JSON.stringify(reference)]);
}

/**
 * Undoes recordKeyedWrite when the write's own effect was undone after its commit (a code whose message could not
 * be sent is deleted, or a managed user whose tokens could not be issued): the same request sent again runs again.
 * An EntityManager forgets it in the transaction that undoes the effect.
 */
export async function forgetKeyedWrite(db: DataSource | EntityManager): Promise<void> {
  const key = current.getStore();
  if (key) await db.query('DELETE FROM keyed_writes WHERE key = $1', [key]);
}

/**
 * A secret the write answers and never stores in clear (an OAuth client secret, an API key), sealed for its record
 * (keyedWriteSealKey): the retry of a write whose answer was lost answers it again with unsealedOnRecall. Outside a
 * keyed write, null: nothing is recorded then.
 */
export function sealedForRecall(secret: string): string | null {
  const key = current.getStore();
  return key ? seal(keyedWriteSealKey(key), secret) : null;
}

/** In a keyed write's `recall`: the secret sealedForRecall sealed when the write ran. */
export function unsealedOnRecall(sealed: string): string {
  return unseal(keyedWriteSealKey(current.getStore() ?? ''), sealed, 'keyed write secret');
}
