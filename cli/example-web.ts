import { copyFileSync, existsSync, mkdirSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_TRUSTED_DOCUMENTS_DIR } from '../gateway/trusted-documents/trusted-documents';
import { serveExampleWeb } from './example-web-server';
import { assertValidConfiguration, setting } from '../platform/configuration/settings';

/** The manifest `npm run codegen` writes for the web example's operations. */
const MANIFEST = join('examples', 'generated', 'web', 'persisted-documents.json');
/** Where `vite build --config examples/web/vite.config.mts` writes the app. */
const BUILD = join('dist', 'example-web');

/**
 * `npm run example:web` (after codegen and the Vite build): ships the app's manifest of trusted documents to the gateway's folder on
 * this machine (TRUSTED_DOCUMENTS_DIR, as a deploy would: written aside, then renamed in), then serves the app on
 * EXAMPLE_WEB_HOST:EXAMPLE_WEB_PORT with the API's address (EXAMPLE_WEB_API_URL) and its public OAuth client (EXAMPLE_WEB_CLIENT_ID).
 */
async function main(): Promise<void> {
  assertValidConfiguration('web example');
  const clientId = setting('EXAMPLE_WEB_CLIENT_ID');
  const port = setting('EXAMPLE_WEB_PORT');
  const host = setting('EXAMPLE_WEB_HOST');
  const apiUrl = setting('EXAMPLE_WEB_API_URL').replace(/\/+$/, '');
  if (!clientId) {
    throw new Error(
      `EXAMPLE_WEB_CLIENT_ID is not set: register a public OAuth client at ${apiUrl}/auth/settings/developer with the redirect URI ` +
        `http://${host}:${port}/callback and the scopes PROFILE_READ and BOOKING_READ, have it approved, and pass its id (README, "For front-end teams")`,
    );
  }
  if (!existsSync(join(BUILD, 'index.html'))) throw new Error(`${BUILD}/index.html is missing: run \`npm run example:web\`, which builds it first`);
  const folder = setting('TRUSTED_DOCUMENTS_DIR') ?? DEFAULT_TRUSTED_DOCUMENTS_DIR;
  mkdirSync(folder, { recursive: true });
  const shipping = join(folder, '.example-web.json.part');
  copyFileSync(MANIFEST, shipping);
  renameSync(shipping, join(folder, 'example-web.json'));
  const app = await serveExampleWeb({ root: BUILD, config: { apiUrl, clientId }, port, host });
  console.log(`web example on ${app.url} (API ${apiUrl}, OAuth client ${clientId}); its trusted documents shipped to ${folder}/example-web.json`);
  console.log(`the gateway must allow its origin: CORS_ORIGINS=${app.url}`);
}

main().catch((error) => {
  console.error('example:web failed:', error instanceof Error ? error.message : error);
  process.exit(1);
});
