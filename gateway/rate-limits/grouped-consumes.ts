import { RateLimiterAbstract, RateLimiterRes } from 'rate-limiter-flexible';

interface Waiting {
  resolve(res: RateLimiterRes): void;
  reject(reason: unknown): void;
}

/**
 * `consume(key)` of one point, with the points of one key spent while a previous spend of that key is
 * still on its way to the store added up and spent in one statement (group commit): under load, many
 * requests of one credential or one address cost one upsert instead of one each, and no longer queue on
 * that row's lock in PostgreSQL. The counts are exactly what one-by-one spends would give: the store adds
 * the group's points atomically, and the group's requests take the consumed totals in arrival order, so
 * request i of a group is refused exactly when it is past the limit. An idle key is spent at once.
 */
export function groupedConsumes(limiter: RateLimiterAbstract): (key: string) => Promise<RateLimiterRes> {
  const inFlight = new Set<string>();
  const queued = new Map<string, Waiting[]>();

  async function spend(key: string, group: Waiting[]): Promise<void> {
    inFlight.add(key);
    let total: RateLimiterRes;
    try {
      total = await limiter.consume(key, group.length);
    } catch (reason) {
      if (!(reason instanceof RateLimiterRes)) {
        for (const waiting of group) waiting.reject(reason); // the store failed: each request decides what that means
        return next(key);
      }
      total = reason; // over the limit for some of the group: who, is decided below
    }
    const before = total.consumedPoints - group.length;
    group.forEach((waiting, i) => {
      const consumed = before + i + 1;
      const res = new RateLimiterRes(Math.max(limiter.points - consumed, 0), total.msBeforeNext, consumed, total.isFirstInDuration && i === 0);
      if (consumed > limiter.points) waiting.reject(res);
      else waiting.resolve(res);
    });
    next(key);
  }

  function next(key: string): void {
    inFlight.delete(key);
    const group = queued.get(key);
    if (!group) return;
    queued.delete(key);
    void spend(key, group);
  }

  return (key) =>
    new Promise<RateLimiterRes>((resolve, reject) => {
      if (!inFlight.has(key)) return void spend(key, [{ resolve, reject }]);
      const group = queued.get(key);
      if (group) group.push({ resolve, reject });
      else queued.set(key, [{ resolve, reject }]);
    });
}
