import { flushSpans } from './tracing';

/** The IPC message a service process sends its supervisor once it answers on its port. */
export interface ReadyMessage {
  type: 'ready';
  url: string;
}

/**
 * Emitted on `process` once the service is ready, in every run (with or without a supervisor): the
 * bundle runner (stack/bundled-service.ts) writes its code cache then, with what start-up compiled.
 */
export const SERVICE_READY_EVENT = 'service-ready';

/** How long a service may take to close its connections (and send its last spans, at most SPAN_FLUSH_MS of it) before it exits anyway. */
const STOP_GRACE_MS = 5_000;

/**
 * Keeps a service process (a subgraph, the gateway) running until SIGINT/SIGTERM, or until the
 * supervisor that started it goes away: under `npm start` the IPC channel closes when the supervisor
 * dies, even by `kill -9`, so no service outlives it. Tells the supervisor when it is ready.
 */
export function serveUntilStopped(name: string, url: string, stop: () => Promise<void>): void {
  let stopping = false;
  const shutdown = (reason: string) => {
    if (stopping) return;
    stopping = true;
    if (reason === 'disconnect') console.error(`${name}: the supervisor is gone, stopping`);
    setTimeout(() => process.exit(1), STOP_GRACE_MS).unref();
    // Its spans last (traces on): those of the requests the stop let finish are sent before the process exits.
    void stop()
      .then(
        () => 0,
        (error) => {
          console.error(`${name}: error while stopping:`, error);
          return 1;
        },
      )
      .then(async (code) => {
        await flushSpans();
        process.exit(code);
      });
  };
  process.once('SIGINT', () => shutdown('SIGINT'));
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  if (process.send) {
    process.once('disconnect', () => shutdown('disconnect'));
    process.send({ type: 'ready', url } satisfies ReadyMessage);
  }
  process.emit(SERVICE_READY_EVENT as never);
}
