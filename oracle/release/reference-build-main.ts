// The reference build as a plain program, for a provider configuration's declared build
// command: node <kit>/dist/oracle/release/reference-build-main.js --fixture F --profile P --out DIR
// [--defect embed-build-time] (the gate's self-test only, reference-build.ts).
// Exit 0 built, 2 usage or input error (one line on stderr, never a stack trace).
import { parseArgs } from 'node:util';
import { referenceBuild } from './reference-build.js';
import { escapeText as escapeForTerminal } from '../escape/escape-untrusted.js';

async function run(): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      args: process.argv.slice(2),
      options: {
        fixture: { type: 'string' },
        profile: { type: 'string' },
        out: { type: 'string' },
        defect: { type: 'string' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (err) {
    process.stderr.write(
      `reference-build: ${escapeForTerminal(err instanceof Error ? err.message : 'bad arguments')}\n`,
    );
    return 2;
  }
  const { fixture, profile, out, defect } = values;
  if (fixture === undefined || profile === undefined || out === undefined) {
    process.stderr.write('reference-build: usage: --fixture FILE --profile PROFILE --out DIR\n');
    return 2;
  }
  const result = await referenceBuild({
    fixturePath: fixture,
    profile,
    outDir: out,
    ...(defect === undefined ? {} : { defect }),
  });
  if (!result.ok) {
    process.stderr.write(`reference-build: ${escapeForTerminal(result.message)}\n`);
    return 2;
  }
  return 0;
}

run().then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    process.stderr.write(
      `reference-build: internal error: ${escapeForTerminal(err instanceof Error ? err.message : String(err))}\n`,
    );
    process.exitCode = 70;
  },
);
