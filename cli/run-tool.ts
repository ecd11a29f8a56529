import { UsageError } from './args';
import { setting } from '../platform/configuration/settings';

/** What a tool answers: text (usage) printed as is, or a value printed as one JSON document. */
export type ToolOutput = { text: string } | { json: unknown };

export const EXIT_FAILED = 1;
export const EXIT_USAGE = 2;

/**
 * Runs an operator tool whose stdout is for its answer only: everything logged with console.log
 * (LOG_SQL statements, say) goes to stderr instead. Bad usage exits with 2 and a hint, a refused
 * step (GraphQLError: BAD_USER_INPUT, NOT_FOUND, CONFLICT) or any other failure with 1, each as one
 * line on stderr and nothing on stdout.
 */
export function runTool(name: string, usageHint: string, main: (argv: string[]) => Promise<ToolOutput>): void {
  const toStderr = (...args: unknown[]) => console.error(...args);
  console.log = toStderr;
  console.info = toStderr;
  console.debug = toStderr;

  const exit = (code: number, stdout?: string, stderr?: string) => {
    const stream = stdout !== undefined ? process.stdout : process.stderr;
    stream.write(stdout ?? stderr ?? '', () => process.exit(code));
  };

  main(process.argv.slice(2)).then(
    (output) => exit(0, 'text' in output ? output.text : `${JSON.stringify(output.json, null, 2)}\n`),
    (error: unknown) => {
      if (error instanceof UsageError) return exit(EXIT_USAGE, undefined, `${name}: ${error.message} (${usageHint})\n`);
      // The services' refusals: a GraphQLError whose extensions.code says why.
      if (typeof (error as { extensions?: { code?: unknown } })?.extensions?.code === 'string') {
        return exit(EXIT_FAILED, undefined, `${name}: ${(error as Error).message}\n`);
      }
      const message = error instanceof Error ? error.message || error.name : String(error);
      const stack = setting('DEBUG') && error instanceof Error && error.stack ? `${error.stack}\n` : '';
      return exit(EXIT_FAILED, undefined, `${name}: failed: ${message.split('\n')[0]}\n${stack}`);
    },
  );
}
