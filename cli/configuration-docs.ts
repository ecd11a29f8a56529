import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { withConfigurationTables } from '../platform/configuration/readme-tables';

/**
 * `npm run -s docs:config`: rewrites the README's variable tables from platform/configuration/variables.ts.
 * `-- --check` changes nothing and exits 1 when the README's tables differ from the table.
 */
const README = join(__dirname, '..', '..', 'README.md');
const current = readFileSync(README, 'utf8');
const written = withConfigurationTables(current);
if (process.argv.includes('--check')) {
  if (written !== current) {
    console.error('README.md: the variable tables differ from platform/configuration/variables.ts; run `npm run -s docs:config`');
    process.exit(1);
  }
} else if (written !== current) {
  writeFileSync(README, written);
  console.log('README.md: variable tables rewritten');
}
