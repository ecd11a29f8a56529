import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { BoundedThread } from '../../../platform/bounded-thread';
import { RenderedPayload } from '../webhook/payload-template';

/** A render takes about a millisecond; this much (the thread's start included) means something is wrong. */
const RENDER_TIMEOUT_MS = 2_000;
/** A template (20,000 characters), its payload and a 1 MiB body need a few MB. */
const RENDER_HEAP_MB = 64;

/**
 * The thread's compiled script: beside this file, or — this code bundled into dist/bundles/ (`npm start`)
 * — at its place under dist/, which the bundles are built from.
 */
function threadScript(): string {
  const beside = join(__dirname, 'payload-template-thread.js');
  return existsSync(beside) ? beside : join(__dirname, '..', 'subgraphs', 'integrations', 'webhook-delivery', 'payload-template-thread.js');
}

let thread: BoundedThread<{ template: string; fields: Record<string, unknown> }, RenderedPayload> | undefined;

/**
 * Renders a payload template in a worker thread with a time and a heap limit, never on the caller's event
 * loop: whatever a template does, the worker process keeps serving. Rejects with the reason (for the delivery log).
 */
export function renderOffThread(template: string, fields: Record<string, unknown>): Promise<RenderedPayload> {
  thread ??= new BoundedThread(threadScript(), { timeoutMs: RENDER_TIMEOUT_MS, maxHeapMb: RENDER_HEAP_MB });
  return thread.run({ template, fields }).catch((error: Error) => {
    throw error.message.startsWith('payloadTemplate') ? error : new Error(`payloadTemplate: rendering ${error.message}`);
  });
}

/** Ends the render thread when the worker stops (a later render starts a new one). */
export async function closeRenderThread(): Promise<void> {
  await thread?.close();
}
