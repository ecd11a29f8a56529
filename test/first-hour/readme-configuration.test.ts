import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { withConfigurationTables } from '../../platform/configuration/readme-tables';
import { VARIABLES } from '../../platform/configuration/variables';
import { ROOT } from '../support/cli';

/** The README's variable tables are written from the configuration table (issue 23): they may not drift from it. */
describe("README's variable tables", () => {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');

  it('are what `npm run -s docs:config` writes from platform/configuration/variables.ts', () => {
    // On failure: run `npm run -s docs:config` and commit the README.
    expect(readme).toBe(withConfigurationTables(readme));
  });

  it('list every declared variable exactly once, as a row of a table', () => {
    for (const name of Object.keys(VARIABLES)) expect(readme.match(new RegExp(`^\\| \`${name}\` \\|`, 'gm'))).toHaveLength(1);
  });

  it('a variable added to the table without its README row is caught', () => {
    const stale = readme.replace(/^\| `DB_POOL_SIZE` \|.*\n/m, '');
    expect(stale).not.toBe(readme);
    expect(withConfigurationTables(stale)).not.toBe(stale);
  });
});
