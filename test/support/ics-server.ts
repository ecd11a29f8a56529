import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';

/** A loopback HTTP server answering iCalendar feeds the test sets per path (404 for unknown paths). */
export interface IcsServer {
  url(path: string): string;
  set(path: string, body: string, status?: number): void;
  /** The next fetches of `path` wait (counted in `hits` as they arrive) until the returned function is called. */
  hold(path: string): () => void;
  /** How many times each path was fetched. */
  hits: Map<string, number>;
  stop(): Promise<void>;
}

export async function startIcsServer(): Promise<IcsServer> {
  const feeds = new Map<string, { body: string; status: number }>();
  const hits = new Map<string, number>();
  const held = new Map<string, Promise<void>>();
  const server: Server = createServer(async (req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    hits.set(path, (hits.get(path) ?? 0) + 1);
    await held.get(path);
    const feed = feeds.get(path);
    if (!feed) return void res.writeHead(404).end('not found');
    res.writeHead(feed.status, { 'content-type': 'text/calendar; charset=utf-8' }).end(feed.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path) => `http://127.0.0.1:${port}${path}`,
    set: (path, body, status = 200) => void feeds.set(path, { body, status }),
    hold(path) {
      let release!: () => void;
      held.set(path, new Promise<void>((resolve) => (release = resolve)));
      return () => {
        held.delete(path);
        release();
      };
    },
    hits,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** iCalendar text with one VEVENT per interval (UTC times), and optional extra lines per event. */
export function icsCalendar(name: string, events: Array<{ uid: string; start: string; end: string; extra?: string[] }>): string {
  const stamp = (iso: string) => iso.replace(/[-:]/g, '').replace(/\.\d{3}/, '');
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//svc tests//EN',
    `X-WR-CALNAME:${name}`,
    ...events.flatMap((e) => [
      'BEGIN:VEVENT',
      `UID:${e.uid}`,
      `DTSTAMP:${stamp(e.start)}`,
      `DTSTART:${stamp(e.start)}`,
      `DTEND:${stamp(e.end)}`,
      'SUMMARY:Busy',
      ...(e.extra ?? []),
      'END:VEVENT',
    ]),
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}
