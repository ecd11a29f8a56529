import { readFile } from 'node:fs/promises';
import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { extname, join, normalize, sep } from 'node:path';

/** What the web example reads at /config.json (examples/web/src/config.ts). */
export interface ExampleWebConfig {
  apiUrl: string;
  clientId: string;
}

export interface RunningExampleWeb {
  /** The app's origin, such as http://127.0.0.1:5173: CORS_ORIGINS must list it, and its /callback is the OAuth redirect URI. */
  url: string;
  stop(): Promise<void>;
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
};

/**
 * Serves the web example's Vite build (a folder with index.html and assets/) and its /config.json: a file when the path names one
 * inside the folder, index.html for any other path without an extension (the app's own routes, /callback), 404 otherwise.
 */
export async function serveExampleWeb(options: { root: string; config: ExampleWebConfig; port: number; host: string }): Promise<RunningExampleWeb> {
  const root = normalize(options.root + sep);
  const config = JSON.stringify(options.config);
  const server: Server = createServer(async (req, res) => {
    let path: string;
    try {
      path = decodeURIComponent(new URL(req.url ?? '/', 'http://app').pathname);
    } catch {
      return void res.writeHead(400).end();
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') return void res.writeHead(405, { allow: 'GET, HEAD' }).end();
    if (path === '/config.json') return void res.writeHead(200, { 'content-type': CONTENT_TYPES['.json'], 'cache-control': 'no-store' }).end(config);
    const file = extname(path) ? normalize(join(root, path)) : join(root, 'index.html');
    if (!file.startsWith(root)) return void res.writeHead(404).end();
    try {
      const body = await readFile(file);
      res.writeHead(200, { 'content-type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream' }).end(req.method === 'HEAD' ? undefined : body);
    } catch {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${options.host.includes(':') ? `[${options.host}]` : options.host}:${port}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
