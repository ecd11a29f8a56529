import { VARIABLE_NAMES } from './settings';
import { ReadmeSection, Variable, VARIABLES } from './variables';

/**
 * The README's variable tables, written from the table of variables.ts: each section's table sits
 * between `<!-- configuration: <section> -->` and `<!-- /configuration -->` (`npm run -s docs:config`
 * rewrites them; a test fails when the README differs).
 */

const START = (section: string) => `<!-- configuration: ${section} -->`;
const END = '<!-- /configuration -->';

const cell = (text: string) => text.replaceAll('|', '\\|');

function defaultCell(variable: Variable<unknown>): string {
  if (variable.defaultValue === undefined) return variable.defaultText ?? 'none';
  if (Array.isArray(variable.defaultValue) && variable.defaultValue.length === 0) return 'none';
  return `\`${variable.kind.show(variable.defaultValue as never)}\``;
}

/** The markdown table of one section's variables, in the order they are declared. */
export function sectionTable(section: ReadmeSection): string {
  const rows = VARIABLE_NAMES.filter((name) => VARIABLES[name].section === section).map((name) => {
    const variable = VARIABLES[name] as Variable<unknown>;
    const type = variable.secret ? `${variable.kind.expected}, secret` : variable.kind.expected;
    return `| \`${name}\` | ${cell(type)} | ${cell(defaultCell(variable))} | ${variable.readBy.join(', ')} | ${cell(variable.meaning)} |`;
  });
  return ['| variable | type | default | read by | meaning |', '|---|---|---|---|---|', ...rows].join('\n');
}

/** The README with every marked table rewritten; throws when a section has no markers or a marker no section. */
export function withConfigurationTables(readme: string): string {
  const sections = [...new Set(VARIABLE_NAMES.map((name) => VARIABLES[name].section))];
  let result = readme;
  for (const section of sections) {
    const start = result.indexOf(START(section));
    const end = start === -1 ? -1 : result.indexOf(END, start);
    if (start === -1 || end === -1) throw new Error(`README.md has no "${START(section)}" … "${END}" for the ${section} variables`);
    result = `${result.slice(0, start)}${START(section)}\n${sectionTable(section)}\n${result.slice(end)}`;
  }
  const stray = [...result.matchAll(/<!-- configuration: ([\w-]+) -->/g)].map((m) => m[1]).filter((name) => !sections.includes(name as ReadmeSection));
  if (stray.length) throw new Error(`README.md marks tables of sections no variable has: ${stray.join(', ')}`);
  return result;
}
