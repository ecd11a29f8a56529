import { memoryIdempotencyStore } from './memory-idempotency-store';

/** A gateway without a database keeps keys in its memory, by the rules of the shared PostgreSQL store. */
describe('idempotency keys in memory (a gateway without a database)', () => {
  const answer = { status: 201, headers: { 'content-type': 'application/json; charset=utf-8' }, body: Buffer.from('{"status":"success"}') };

  it('the first request runs; while it is served a repeat is in flight; another request with the key is refused', async () => {
    const store = memoryIdempotencyStore();
    expect(await store.claim('caller', 'key', 'request')).toMatchObject({ kind: 'run' });
    expect(await store.claim('caller', 'key', 'request')).toEqual({ kind: 'inFlight' });
    expect(await store.claim('caller', 'key', 'another request')).toEqual({ kind: 'otherRequest' });
    expect(await store.claim('another caller', 'key', 'another request')).toMatchObject({ kind: 'run' });
  });

  it('a completed request is replayed; a released one runs again with the same write key', async () => {
    const store = memoryIdempotencyStore();
    const first = await store.claim('caller', 'done', 'request');
    const released = await store.claim('caller', 'released', 'request');
    if (first.kind !== 'run' || released.kind !== 'run') throw new Error('both keys are new');
    await store.complete('caller', 'done', first.owner, answer);
    await store.release('caller', 'released', released.owner);
    expect(await store.claim('caller', 'done', 'request')).toEqual({ kind: 'replay', answer });
    expect(await store.claim('caller', 'released', 'request')).toMatchObject({ kind: 'run', writeKey: released.writeKey });
  });

  it('a claim that lost its lease cannot store its answer over the new owner', async () => {
    const store = memoryIdempotencyStore();
    const first = await store.claim('caller', 'key', 'request');
    if (first.kind !== 'run') throw new Error('the key is new');
    await store.release('caller', 'key', first.owner);
    const second = await store.claim('caller', 'key', 'request');
    await store.complete('caller', 'key', first.owner, answer);
    expect(await store.claim('caller', 'key', 'request')).toEqual({ kind: 'inFlight' });
    expect(second.kind).toBe('run');
  });
});
