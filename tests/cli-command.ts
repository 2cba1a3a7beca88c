// How tests run the app's TypeScript command-line scripts (scripts/*.ts), as `npm run <script>` would.

/**
 * The command and arguments that run a TypeScript script in one Node process with tsx's loader. The `tsx` command
 * starts a second Node process for the script, and `npx tsx` a third before it: 0.4 CPU-s a run against 0.7 and 1.6
 * on these machines, for the same script.
 */
export function tsxCommand(script: string, args: string[] = []): [string, string[]] {
  return [process.execPath, ["--import", "tsx", script, ...args]];
}
