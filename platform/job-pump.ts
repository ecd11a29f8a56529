import PgBoss from 'pg-boss';
import { runJobTraced } from './tracing';

export interface JobPumpOptions {
  /** Jobs handled at once by this process; a finished one frees its slot for the next at once. */
  concurrency: number;
  /** Jobs taken out of the queue by one fetch at most. */
  maxBatch: number;
  /** How often an idle pump looks at the queue (jobs due later, other processes' jobs); `wake()` looks at once. */
  pollingIntervalMs: number;
  /**
   * How long a finished job's completion may wait to be written together with others' (one UPDATE for
   * up to COMPLETIONS_PER_STATEMENT jobs). Default 0: at the next turn of the event loop.
   */
  completionDelayMs?: number;
  /** Where the pump records the jobs it starts, so one that crashed its worker twice is set aside rather than run again. */
  guard: CrashGuard;
}

/**
 * The pump's record of the jobs it starts, kept where a crash cannot take it (PostgreSQL). A job handed out
 * again whose earlier starts never finished — its worker died with it in hand — is set aside (dead-lettered)
 * once that happened twice, instead of being run into the same crash again and again (pg-boss would retry it
 * up to its retry limit, and a supervised worker would restart into it each time).
 */
export interface CrashGuard {
  /** Records that these jobs start; answers the ids of those set aside instead: they are completed unrun. */
  starting(queue: string, jobs: Array<PgBoss.Job<object>>): Promise<Set<string>>;
  /** These jobs ended in this process (done, failed, or handed back at a stop): no crash to count. */
  ended(ids: string[]): Promise<void>;
}

const COMPLETIONS_PER_STATEMENT = 100;

export interface JobPump {
  /** Jobs may be waiting (a NOTIFY, a fan-out of this process): fetch now instead of at the next poll. */
  wake(): void;
  /** Stops fetching, waits up to `timeoutMs` for the jobs in hand, and fails the rest back to the queue (retried later). */
  stop(timeoutMs: number): Promise<void>;
}

/**
 * Keeps up to `concurrency` jobs of one queue in hand, each completed (or failed) on its own as soon as
 * it is done. pg-boss's own `work()` loop is not used for the busy queues because it handles one batch
 * at a time (a slow receiver holds every other job of its batch) and, when a job is done, waits out the
 * rest of the polling interval before it fetches again, even with more jobs waiting — that wait is what
 * held deliveries to a few per second. Completions are written in batches (one UPDATE for all the jobs
 * finished meanwhile, or within `completionDelayMs`); a crash before a completion is written hands the job out again after it expires,
 * which the handlers tolerate (they are idempotent).
 */
export function pumpJobs<T extends object>(boss: PgBoss, queue: string, options: JobPumpOptions, handle: (job: PgBoss.Job<T>) => Promise<void>): JobPump {
  const inHand = new Set<string>();
  let stopping = false;
  let woken = false;
  let wakeUp: (() => void) | undefined;
  let pendingCompletions: string[] = [];
  let cancelScheduledWrite: (() => void) | undefined;
  const refillAt = Math.max(1, Math.floor(Math.min(options.maxBatch, options.concurrency) / 4));

  const wake = () => {
    woken = true;
    wakeUp?.();
  };
  const idle = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      wakeUp = done;
      function done() {
        clearTimeout(timer);
        wakeUp = undefined;
        resolve();
      }
    });
  const writeCompletions = async () => {
    cancelScheduledWrite?.();
    cancelScheduledWrite = undefined;
    const ids = pendingCompletions;
    pendingCompletions = [];
    if (!ids.length) return;
    // Ended before completed: a crash between the two hands out a job that does nothing, never one counted as a crash.
    await ended(ids);
    await boss.complete(queue, ids).catch((error) => console.error(`job queue ${queue}: completing ${ids.length} jobs failed:`, (error as Error).message));
  };
  const ended = (ids: string[]) =>
    options.guard.ended(ids).catch((error) => console.error(`job queue ${queue}: recording ${ids.length} jobs ended failed:`, (error as Error).message));
  const completed = (id: string) => {
    pendingCompletions.push(id);
    if (pendingCompletions.length >= COMPLETIONS_PER_STATEMENT) void writeCompletions();
    else if (!cancelScheduledWrite) {
      const write = () => void writeCompletions();
      if (options.completionDelayMs) {
        const timer = setTimeout(write, options.completionDelayMs);
        cancelScheduledWrite = () => clearTimeout(timer);
      } else {
        const immediate = setImmediate(write);
        cancelScheduledWrite = () => clearImmediate(immediate);
      }
    }
  };
  const run = async (job: PgBoss.Job<T>) => {
    inHand.add(job.id);
    try {
      await runJobTraced(queue, job.id, job.data, () => handle(job));
      completed(job.id);
    } catch (error) {
      await ended([job.id]);
      await boss.fail(queue, job.id, { message: (error as Error).message }).catch(() => undefined);
    } finally {
      inHand.delete(job.id);
      // A full pump sleeps until a quarter of a batch is free (not one fetch per finished job).
      if (inHand.size === options.concurrency - refillAt) wake();
    }
  };

  /** Runs the jobs fetched, but those the guard set aside; jobs it could not record go back to the queue (retried later). */
  const start = async (jobs: Array<PgBoss.Job<T>>) => {
    let setAside: Set<string>;
    try {
      setAside = await options.guard.starting(queue, jobs);
    } catch (error) {
      await boss
        .fail(
          queue,
          jobs.map((job) => job.id),
        )
        .catch(() => undefined);
      throw error;
    }
    for (const job of jobs) {
      if (setAside.has(job.id)) completed(job.id);
      else void run(job);
    }
  };

  const loop = (async () => {
    while (!stopping) {
      woken = false;
      const room = Math.min(options.concurrency - inHand.size, options.maxBatch);
      let fetched = 0;
      if (room > 0) {
        try {
          const jobs = (await boss.fetch<T>(queue, { batchSize: room })) ?? [];
          fetched = jobs.length;
          if (jobs.length) await start(jobs);
        } catch (error) {
          if (!stopping) console.error(`job queue ${queue}: fetch failed:`, (error as Error).message);
        }
      }
      if (stopping) break;
      // A full batch: more may be waiting, fetch again at once (a full pump waits for a free slot first).
      if ((room > 0 && fetched === room && inHand.size < options.concurrency) || woken) continue;
      await idle(options.pollingIntervalMs);
    }
  })();

  return {
    wake,
    async stop(timeoutMs) {
      stopping = true;
      wakeUp?.();
      await loop;
      const deadline = Date.now() + timeoutMs;
      while (inHand.size && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      if (inHand.size) {
        // Handed back by a stop, not lost in a crash.
        await ended([...inHand]);
        await boss.fail(queue, [...inHand]).catch(() => undefined);
      }
      await writeCompletions();
    },
  };
}
