import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

const DIST = join(__dirname, '..', '..');

/** What some requests need and no service needs to start (docs/performance.md, "Starting"). */
const NEVER_AT_START = ['nodemailer', 'ics', 'ical.js', 'ical-generator', 'fast-xml-parser', 'playwright', '@graphql-codegen/cli'];

/** The packages a fresh Node process holds after requiring these compiled modules (what a service's main.js imports). */
function packagesLoadedBy(modules: string[]): string[] {
  const script = `${modules.map((m) => `require(${JSON.stringify(join(DIST, m))});`).join('')}
    const names = new Set(Object.keys(require.cache).map((file) => /node_modules\\/((@[^/]+\\/)?[^/]+)/.exec(file)?.[1]).filter(Boolean));
    process.stdout.write(JSON.stringify([...names]));`;
  return JSON.parse(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' })) as string[];
}

describe('starting a service loads none of the packages only some requests need (e-mail, calendar files, templates, browsers, codegen)', () => {
  it.each([
    ['scheduling', ['subgraphs/scheduling/index.js', 'platform/standalone.js']],
    ['organizations', ['subgraphs/organizations/index.js', 'platform/standalone.js']],
    ['integrations', ['subgraphs/integrations/index.js', 'platform/standalone.js']],
    ['oauth', ['subgraphs/oauth/index.js', 'platform/standalone.js']],
    ['the gateway', ['gateway/gateway.js']],
    ['the webhook worker', ['subgraphs/integrations/webhook-delivery/webhook-worker.js']],
  ])('%s', (_service, modules) => {
    const loaded = packagesLoadedBy(['../node_modules/reflect-metadata/Reflect.js', ...modules]);
    expect(loaded).toContain('graphql');
    expect(loaded.filter((name) => NEVER_AT_START.includes(name))).toEqual([]);
  });
});
