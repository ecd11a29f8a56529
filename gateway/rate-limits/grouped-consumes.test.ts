import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { groupedConsumes } from './grouped-consumes';

/** A limiter of `points` per minute that counts how often the store is asked. */
function countedLimiter(points: number) {
  const limiter = new RateLimiterMemory({ points, duration: 60 });
  const calls: number[] = [];
  const consume = limiter.consume.bind(limiter);
  limiter.consume = (key: string | number, spent = 1, options?: { [key: string]: unknown }) => {
    calls.push(spent);
    return consume(key, spent, options);
  };
  return { limiter, calls };
}

const settle = (spends: Promise<RateLimiterRes>[]) =>
  Promise.allSettled(spends).then((outcomes) =>
    outcomes.map((o) => {
      const res = (o.status === 'fulfilled' ? o.value : o.reason) as RateLimiterRes;
      return { allowed: o.status === 'fulfilled', consumed: res.consumedPoints, remaining: res.remainingPoints };
    }),
  );

describe('groupedConsumes: one point per request, spent together while the store is busy', () => {
  it('a burst past the limit: exactly the first `points` requests pass, each with its own count, in arrival order', async () => {
    const { limiter, calls } = countedLimiter(3);
    const consume = groupedConsumes(limiter);
    const outcomes = await settle([1, 2, 3, 4, 5].map(() => consume('k')));
    expect(outcomes).toEqual([
      { allowed: true, consumed: 1, remaining: 2 },
      { allowed: true, consumed: 2, remaining: 1 },
      { allowed: true, consumed: 3, remaining: 0 },
      { allowed: false, consumed: 4, remaining: 0 },
      { allowed: false, consumed: 5, remaining: 0 },
    ]);
    // The first went alone; the four that arrived while it was on its way went as one spend of 4.
    expect(calls).toEqual([1, 4]);
    expect((await limiter.get('k'))?.consumedPoints).toBe(5);
  });

  it('keys are counted apart; a key spent again later starts a new group', async () => {
    const { limiter, calls } = countedLimiter(10);
    const consume = groupedConsumes(limiter);
    const first = await settle([consume('a'), consume('b'), consume('a')]);
    expect(first.map((o) => o.consumed)).toEqual([1, 1, 2]);
    expect((await settle([consume('a')]))[0]).toEqual({ allowed: true, consumed: 3, remaining: 7 });
    expect(calls).toEqual([1, 1, 1, 1]);
  });

  it('a store that fails rejects every request of the group with its error, and the next spend goes on', async () => {
    const { limiter } = countedLimiter(10);
    const consume = groupedConsumes(limiter);
    const real = limiter.consume;
    limiter.consume = () => Promise.reject(new Error('store down'));
    const failed = await Promise.allSettled([consume('k'), consume('k')]);
    expect(failed.map((o) => o.status === 'rejected' && (o.reason as Error).message)).toEqual(['store down', 'store down']);
    limiter.consume = real;
    expect((await settle([consume('k')]))[0]).toEqual({ allowed: true, consumed: 1, remaining: 9 });
  });
});
