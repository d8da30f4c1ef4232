#!/usr/bin/env node
// Entry point for the kofun-ctk command. The TypeScript sources are compiled to
// dist/ by `npm run build` (run by `npm ci` through the prepare script).
import { main } from '../dist/runner/cli.js';

main(process.argv.slice(2)).then(
  (code) => { process.exitCode = code; },
  (err) => {
    process.stderr.write(`kofun-ctk: internal error: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exitCode = 70;
  },
);
