import { UsageError } from './args';
import { setting } from '../platform/configuration/settings';

/** What a tool answers: text (usage) printed as is, or a value printed as one JSON document. */
export type ToolOutput = { text: string } | { json: unknown };

export const EXIT_FAILED = 1;
export const EXIT_USAGE = 2;

/** What one run of a tool ends with: its exit code, what it prints on stdout and on stderr. */
export interface ToolOutcome {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs a tool's `main` on `argv` to its outcome: the answer on stdout (exit 0), or bad usage (exit 2 and a hint), a
 * refused step (GraphQLError: BAD_USER_INPUT, NOT_FOUND, CONFLICT) or any other failure (exit 1), each as one line on
 * stderr and nothing on stdout.
 */
export async function toolOutcome(name: string, usageHint: string, main: (argv: string[]) => Promise<ToolOutput>, argv: string[]): Promise<ToolOutcome> {
  const failed = (code: number, stderr: string): ToolOutcome => ({ code, stdout: '', stderr });
  try {
    const output = await main(argv);
    return { code: 0, stdout: 'text' in output ? output.text : `${JSON.stringify(output.json, null, 2)}\n`, stderr: '' };
  } catch (error) {
    if (error instanceof UsageError) return failed(EXIT_USAGE, `${name}: ${error.message} (${usageHint})\n`);
    // The services' refusals: a GraphQLError whose extensions.code says why.
    if (typeof (error as { extensions?: { code?: unknown } })?.extensions?.code === 'string') {
      return failed(EXIT_FAILED, `${name}: ${(error as Error).message}\n`);
    }
    const message = error instanceof Error ? error.message || error.name : String(error);
    const stack = setting('DEBUG') && error instanceof Error && error.stack ? `${error.stack}\n` : '';
    return failed(EXIT_FAILED, `${name}: failed: ${message.split('\n')[0]}\n${stack}`);
  }
}

/**
 * Runs an operator tool whose stdout is for its answer only: everything logged with console.log
 * (LOG_SQL statements, say) goes to stderr instead. Prints the tool's outcome (toolOutcome) and exits with its code.
 */
export function runTool(name: string, usageHint: string, main: (argv: string[]) => Promise<ToolOutput>): void {
  const toStderr = (...args: unknown[]) => console.error(...args);
  console.log = toStderr;
  console.info = toStderr;
  console.debug = toStderr;

  void toolOutcome(name, usageHint, main, process.argv.slice(2)).then(({ code, stdout, stderr }) => {
    const stream = code === 0 ? process.stdout : process.stderr;
    stream.write(code === 0 ? stdout : stderr, () => process.exit(code));
  });
}
