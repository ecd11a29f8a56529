import { parentPort, Worker } from 'node:worker_threads';

export interface ThreadLimits {
  /** How long one run may take, the thread's start included; a run over it ends with its thread. */
  timeoutMs: number;
  /** The thread's heap (old generation) in MB; a run that needs more ends with its thread. */
  maxHeapMb: number;
}

interface Run<I, O> {
  input: I;
  resolve(output: O): void;
  reject(error: Error): void;
  timer?: NodeJS.Timeout;
}

type Answer<O> = { output: O } | { error: string };

/**
 * Work the caller's event loop must not do itself (it may be slow or large: a user's template), run by a
 * script in one worker thread, one input at a time. A run that takes longer than the time limit or more
 * memory than the heap limit is rejected and its thread terminated; the next run starts a new thread, so
 * the caller's process never blocks on, nor dies of, what the thread does. The thread does not keep the
 * process alive.
 */
export class BoundedThread<I, O> {
  private thread: Worker | undefined;
  private running: Run<I, O> | undefined;
  private readonly waiting: Array<Run<I, O>> = [];

  constructor(
    /** A compiled script that calls `serveInThread`. */
    private readonly script: string,
    private readonly limits: ThreadLimits,
  ) {}

  run(input: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.waiting.push({ input, resolve, reject });
      this.next();
    });
  }

  private next(): void {
    if (this.running) return;
    const run = this.waiting.shift();
    if (!run) return;
    this.running = run;
    run.timer = setTimeout(() => this.abandon(new Error(`took longer than ${this.limits.timeoutMs} ms`)), this.limits.timeoutMs);
    this.started().postMessage(run.input);
  }

  private started(): Worker {
    if (this.thread) return this.thread;
    const { maxHeapMb } = this.limits;
    const thread = new Worker(this.script, { resourceLimits: { maxOldGenerationSizeMb: maxHeapMb, maxYoungGenerationSizeMb: Math.max(4, maxHeapMb / 4) } });
    thread.unref();
    thread.on('message', (answer: Answer<O>) => {
      const run = this.running;
      if (!run || this.thread !== thread) return;
      clearTimeout(run.timer);
      this.running = undefined;
      if ('error' in answer) run.reject(new Error(answer.error));
      else run.resolve(answer.output);
      this.next();
    });
    // ERR_WORKER_OUT_OF_MEMORY, or the script failed to load.
    thread.on('error', (error) => this.thread === thread && this.abandon(new Error(`stopped: ${error.message}`)));
    thread.on('exit', (code) => this.thread === thread && this.abandon(new Error(`the thread exited (code ${code})`)));
    this.thread = thread;
    return thread;
  }

  /** Terminates the thread (a process stopping); runs in hand or waiting are rejected. A later run starts a new thread. */
  async close(): Promise<void> {
    const closed = new Error('the thread was closed');
    for (const run of this.waiting.splice(0)) run.reject(closed);
    const thread = this.thread;
    this.abandon(closed);
    await thread?.terminate();
  }

  /** Ends the run in hand with `error` and terminates its thread; the runs waiting go on in a new one. */
  private abandon(error: Error): void {
    const run = this.running;
    this.running = undefined;
    const thread = this.thread;
    this.thread = undefined;
    void thread?.terminate();
    if (run) {
      clearTimeout(run.timer);
      run.reject(error);
    }
    this.next();
  }
}

/** The thread's side: answers each input with `handle`'s result, or with the message of what it threw. */
export function serveInThread<I, O>(handle: (input: I) => O): void {
  if (!parentPort) throw new Error('serveInThread runs in a worker thread (BoundedThread)');
  const port = parentPort;
  port.on('message', (input: I) => {
    let answer: Answer<O>;
    try {
      answer = { output: handle(input) };
    } catch (error) {
      answer = { error: error instanceof Error ? error.message : String(error) };
    }
    port.postMessage(answer);
  });
}
