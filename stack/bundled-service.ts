import { resolve } from 'node:path';
import { SERVICE_READY_EVENT } from '../platform/lifecycle';
import { runWithCodeCache } from './code-cache';

/**
 * `node dist/stack/bundled-service.js <bundle>`: how the supervisor runs a service from its bundle
 * (stack/service-bundles.ts). The code cache is written once the service is ready, when it was missing.
 */
const bundle = resolve(process.argv[2]);
process.argv.splice(1, 1);
const script = runWithCodeCache(bundle);
if (!script.cacheUsed) process.once(SERVICE_READY_EVENT, () => setImmediate(() => script.saveCache()));
