import { Supergraph } from '@apollo/federation-internals';
import { readFile } from 'node:fs/promises';
import { setting } from '../platform/configuration/settings';

/** Where the gateway reads its supergraph: a file (SUPERGRAPH_PATH) or a URL (SUPERGRAPH_URL), polled every pollMs. */
export interface SupergraphSource {
  path?: string;
  url?: string;
  /** Poll interval (SUPERGRAPH_POLL_MS, default 10 s); 0 reads it once, at start. */
  pollMs?: number;
}

export function supergraphSourceFromEnvironment(env: NodeJS.ProcessEnv, defaultPath: string): SupergraphSource {
  const url = setting('SUPERGRAPH_URL', env);
  return { path: url ? undefined : (setting('SUPERGRAPH_PATH', env) ?? defaultPath), url, pollMs: setting('SUPERGRAPH_POLL_MS', env) };
}

export function describeSource(source: SupergraphSource): string {
  return source.url ?? source.path ?? '?';
}

export async function loadSupergraph(source: SupergraphSource): Promise<string> {
  if (source.url) {
    const response = await fetch(source.url, { signal: AbortSignal.timeout(10_000) });
    if (!response.ok) throw new Error(`HTTP ${response.status} from ${source.url}`);
    return response.text();
  }
  if (!source.path) throw new Error('no SUPERGRAPH_PATH or SUPERGRAPH_URL');
  return readFile(source.path, 'utf8');
}

type Listener = (sdl: string) => void;

/**
 * Reads the supergraph, then polls it: a changed one that parses as a supergraph is handed to every
 * listener (the public and the internal gateway, via their `update` callbacks); one that cannot be
 * read or is not a valid supergraph is logged, and the last good one keeps being served.
 */
export class SupergraphPoller {
  private current: string;
  private listeners: Listener[] = [];
  private timer?: NodeJS.Timeout;

  private constructor(
    private readonly source: SupergraphSource,
    initial: string,
  ) {
    this.current = initial;
  }

  static async start(source: SupergraphSource): Promise<SupergraphPoller> {
    const initial = await loadSupergraph(source);
    // A broken supergraph at start is fatal (there is no last good one): the gateway's own load of it fails the start.
    const poller = new SupergraphPoller(source, initial);
    if (source.pollMs && source.pollMs > 0) {
      poller.timer = setInterval(() => void poller.poll(), source.pollMs);
      poller.timer.unref();
    }
    return poller;
  }

  get sdl(): string {
    return this.current;
  }

  onUpdate(listener: Listener): () => void {
    this.listeners.push(listener);
    return () => (this.listeners = this.listeners.filter((l) => l !== listener));
  }

  /** One poll (the timer's; tests may call it). Resolves to whether a new supergraph was swapped in. */
  async poll(): Promise<boolean> {
    let sdl: string;
    try {
      sdl = await loadSupergraph(this.source);
      if (sdl === this.current) return false;
      Supergraph.build(sdl);
    } catch (error) {
      console.error(`[gateway] supergraph from ${describeSource(this.source)} not loaded, still serving the last good one: ${(error as Error).message}`);
      return false;
    }
    try {
      for (const listener of this.listeners) listener(sdl);
    } catch (error) {
      console.error(
        `[gateway] supergraph from ${describeSource(this.source)} refused by the gateway, still serving the last good one: ${(error as Error).message}`,
      );
      return false;
    }
    this.current = sdl;
    console.log(`[gateway] new supergraph from ${describeSource(this.source)} in service`);
    return true;
  }

  stop() {
    if (this.timer) clearInterval(this.timer);
    this.listeners = [];
  }
}
