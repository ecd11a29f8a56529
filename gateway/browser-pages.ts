import express from 'express';
import { dirname, join } from 'node:path';

/**
 * The pages a person opens in a browser, served from npm packages so they work offline (no CDN):
 * `/` an index, `GET /graphql` (asking for HTML) GraphiQL, `/docs` the REST reference (Redoc) over
 * `/v2/openapi.json`. Their scripts and styles are under `/assets/`.
 */
const packageDir = (name: string) => dirname(require.resolve(`${name}/package.json`));

const ASSETS: Record<string, string> = {
  'react.js': join(packageDir('react'), 'umd', 'react.production.min.js'),
  'react-dom.js': join(packageDir('react-dom'), 'umd', 'react-dom.production.min.js'),
  'graphiql.js': join(packageDir('graphiql'), 'graphiql.min.js'),
  'graphiql.css': join(packageDir('graphiql'), 'graphiql.min.css'),
  'redoc.js': join(packageDir('redoc'), 'bundles', 'redoc.standalone.js'),
};

const page = (title: string, head: string, body: string) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
${head}
</head>
<body>
${body}
</body>
</html>
`;

const INDEX = page(
  'Scheduling platform API',
  '<style>body{font:16px/1.5 system-ui,sans-serif;max-width:42rem;margin:3rem auto;padding:0 1rem;color:#1f2933}code{background:#f0f2f4;padding:0 .25rem}li{margin:.4rem 0}</style>',
  `<h1>Scheduling platform API</h1>
<ul>
  <li><a href="/graphql">GraphQL explorer</a> (GraphiQL): the supergraph at <code>/graphql</code>; add <code>{"Authorization": "Bearer svc_…"}</code> under Headers</li>
  <li><a href="/docs">REST reference</a> of the <code>/v2</code> façade (<a href="/v2/openapi.json">OpenAPI document</a>)</li>
  <li><a href="/health">Health</a>: every subgraph, the database and the webhook workers with their state (probes: <code>/health/live</code>, <code>/health/ready</code>)</li>
  <li><a href="/auth">Sign in</a>: OAuth clients (<code>/auth/settings/developer</code>) and their review</li>
</ul>`,
);

const EXPLORER = page(
  'GraphQL explorer',
  '<link rel="stylesheet" href="/assets/graphiql.css"><style>body{margin:0;height:100vh}#graphiql{height:100vh}</style>',
  `<div id="graphiql">Loading the explorer…</div>
<script src="/assets/react.js"></script>
<script src="/assets/react-dom.js"></script>
<script src="/assets/graphiql.js"></script>
<script>
  const fetcher = GraphiQL.createFetcher({ url: '/graphql' });
  const defaultQuery = '# Add {"Authorization": "Bearer svc_…"} under Headers (npm run seed prints keys)\\n{\\n  me {\\n    name\\n    email\\n  }\\n}\\n';
  ReactDOM.createRoot(document.getElementById('graphiql')).render(
    React.createElement(GraphiQL, { fetcher, defaultQuery, shouldPersistHeaders: true, defaultEditorToolsVisibility: 'headers' }),
  );
</script>`,
);

const REST_REFERENCE = page(
  'REST API reference',
  '<style>body{margin:0}</style>',
  `<div id="redoc">Loading the reference…</div>
<script src="/assets/redoc.js"></script>
<script>
  Redoc.init('/v2/openapi.json', { hideDownloadButton: false }, document.getElementById('redoc'));
</script>`,
);

/**
 * The pages may load only what the gateway serves: the browser refuses anything else before a
 * request leaves (Redoc's footer links a logo on a CDN). Inline scripts start the apps; Redoc runs
 * its search in a worker made from a blob.
 */
const SAME_ORIGIN_ONLY = [
  "default-src 'self'",
  "script-src 'self' 'unsafe-inline' blob:",
  "worker-src 'self' blob:",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "frame-ancestors 'none'",
].join('; ');

const html = (body: string) => (_req: express.Request, res: express.Response) => res.type('html').set('content-security-policy', SAME_ORIGIN_ONLY).send(body);

/** Whether a GET of /graphql comes from a browser (HTML preferred) rather than a GET query. */
export function wantsExplorer(req: express.Request): boolean {
  return req.method === 'GET' && req.query.query === undefined && req.accepts(['application/json', 'text/html']) === 'text/html';
}

export function browserPages(): express.Router {
  const router = express.Router();
  router.get('/', html(INDEX));
  router.get('/docs', html(REST_REFERENCE));
  router.get('/graphql', (req, res, next) => (wantsExplorer(req) ? html(EXPLORER)(req, res) : next()));
  router.get('/assets/:name', (req, res, next) => {
    const file = Object.hasOwn(ASSETS, req.params.name) ? ASSETS[req.params.name] : undefined;
    if (!file) return next();
    res.sendFile(file, { maxAge: '1d' });
  });
  return router;
}
