// Runs the kofun-ctk command line from the TypeScript sources (no build step),
// for npm scripts that must always see the current sources.
import { main } from '../runner/cli.js';

main(process.argv.slice(2)).then(
  (code) => { process.exitCode = code; },
  (err: unknown) => {
    process.stderr.write(`kofun-ctk: internal error: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exitCode = 70;
  },
);
