/**
 * The kofun-ctk command line. Each command lives in runner/commands/<name>.ts and
 * registers itself here; this shell only parses, dispatches and maps errors to the
 * documented exit codes (0 ok, 1 failed, 2 usage, 3 incomplete).
 */
import { Command, CommanderError, Help } from 'commander';
import { EXIT, UsageError, type CliIo } from './io/cli-io.js';

export type { Register } from './io/cli-io.js';
import type { Register } from './io/cli-io.js';

/**
 * A command of the CLI: what the root help lists for it, and the module that registers it. A process loads only the
 * module of the command it runs (each pulls in the oracle and the runner's parts it needs); the root help is printed
 * from these lines alone, so `kofun-ctk --help` costs little more than node's own start. A test pins each line to what
 * the module registers.
 */
export interface CommandEntry {
  readonly name: string;
  /** The name, `[options]` when it has any, and its arguments, as the root help shows them. */
  readonly term: string;
  readonly description: string;
  readonly load: () => Promise<Register>;
}

export const COMMANDS: readonly CommandEntry[] = [
  {
    name: 'query',
    term: 'query [options]',
    description: 'answer one request read from stdin with the reference oracle, against a fixture or vector file',
    load: async () => (await import('./commands/query.js')).registerQuery,
  },
  {
    name: 'verify',
    term: 'verify [options]',
    description:
      'check result bytes read from stdin against every rule the verifier knows; optionally against the request ' +
      'and fixture',
    load: async () => (await import('./commands/verify.js')).registerVerify,
  },
  {
    name: 'digest',
    term: 'digest',
    description:
      'print the interface-set digest of a JSON array of ' +
      '{"package_id","module_id","view":"public"|"internal","semantic_digest"} read from stdin',
    load: async () => (await import('./commands/digest.js')).registerDigest,
  },
  {
    name: 'release-cost',
    term: 'release-cost [options]',
    description: 'release byte-identity gate: compare two artifacts, or build them (KD-RELEASE-02, KD-RELEASE-03)',
    load: async () => (await import('./commands/release-cost.js')).registerReleaseCost,
  },
  {
    name: 'run',
    term: 'run [options]',
    description: 'run the conformance gate against a discovery provider',
    load: async () => (await import('./commands/run.js')).registerRun,
  },
  {
    name: 'serve',
    term: 'serve [options]',
    description: 'run the reference oracle as a provider: the persistent protocol on stdin/stdout (PROTOCOL.md)',
    load: async () => (await import('./commands/serve.js')).registerServe,
  },
  {
    name: 'merge-reports',
    term: 'merge-reports [options] <reports...>',
    description: 'merge JSON gate reports of shard runs (refuses different vector sets)',
    load: async () => (await import('./commands/merge-reports.js')).registerMergeReports,
  },
  {
    name: 'repro',
    term: 'repro [options] <vector-id>',
    description: 'write a folder reproducing one vector: fixture, request, expected and actual bytes, and the command',
    load: async () => (await import('./commands/repro.js')).registerRepro,
  },
  {
    name: 'replay',
    term: 'replay [options] <folder>',
    description:
      'send the frames a repro folder recorded to a persistent provider, and compare its answers with the ' +
      'recorded and the expected ones',
    load: async () => (await import('./commands/replay.js')).registerReplay,
  },
  {
    name: 'fuzz',
    term: 'fuzz [options]',
    description: 'compare a provider with the reference oracle on generated cases; shrink and write out a disagreement',
    load: async () => (await import('./commands/fuzz.js')).registerFuzz,
  },
  {
    name: 'vectors diff',
    term: 'vectors diff [options] [old] [new]',
    description:
      'what changed between two vector sets (folders or git revisions): added, removed, expected bytes, ' +
      'inputs, alternatives, metadata',
    load: async () => (await import('./commands/vectors-diff.js')).registerVectorsDiff,
  },
  {
    name: 'report diff',
    term: 'report diff [options] <old> <new>',
    description: 'what changed between two JSON gate reports: newly failing, fixed, still failing, changed vectors',
    load: async () => (await import('./commands/report-diff.js')).registerReportDiff,
  },
  {
    name: 'smoke',
    term: 'smoke [options]',
    description: 'check that a provider speaks the protocol: handshake, one fixture load, one query',
    load: async () => (await import('./commands/smoke.js')).registerSmoke,
  },
];

/**
 * The maintainers' commands: a checkout of the kit registers them (suites/generate/dev-cli.ts, which bin/kofun-ctk.js
 * runs for `vectors` and `report`), an installed package refuses them (it ships no case definitions). The root help
 * lists them too, so every command the README names is in it; a test pins each line to what its module registers.
 */
export const MAINTAINER_COMMANDS: readonly Omit<CommandEntry, 'load'>[] = [
  {
    name: 'vectors',
    term: 'vectors',
    description: 'the golden vectors: diff two sets (and, in a checkout, generate or check them)',
  },
  {
    name: 'report',
    term: 'report [options]',
    description:
      "write REPORT.md, the reference oracle's conformance report over the committed vectors; report diff runs in " +
      'every install',
  },
  {
    name: 'mutation',
    term: 'mutation',
    description: 'mutation testing of the oracle (StrykerJS)',
  },
];

/** The root help's note on the maintainers' commands. */
const MAINTAINER_NOTE =
  "\n`vectors`, `report` and `mutation` are maintainers' commands of a kofun-ctk checkout (npx kofun-ctk vectors\n" +
  'check); an installed package does not offer them, but for `vectors diff OLD NEW` and\n' +
  '`report diff OLD.json NEW.json`.\n';

/**
 * The command `argv` runs (also for `help <command>`), or undefined when it runs none of them: a root option first
 * (-h, -V), the root help, an unknown command.
 */
function commandToRun(argv: readonly string[]): CommandEntry | undefined {
  const words = argv[0] === 'help' ? argv.slice(1) : argv;
  // `vectors diff` and `report diff` run in every install; the rest of `vectors` and `report` only in a checkout.
  return COMMANDS.find((c) => c.name === words[0] || c.name === `${words[0] ?? ''} ${words[1] ?? ''}`);
}

/**
 * Runs the CLI with `argv` (without node and script) and returns the exit code. `extra` adds commands that only a
 * checkout of the kit has (the maintainers' `vectors` and `report`, registered by suites/generate/dev-cli.ts).
 */
export async function main(argv: string[], io: CliIo = processIo(), extra: Register[] = []): Promise<number> {
  let exitCode: number = EXIT.ok;
  const done = (code: number): void => {
    exitCode = code;
  };
  const program = new Command('kofun-ctk');
  // The version is read through the oracle's entry, which only -V needs loaded before a command runs.
  const wantsVersion = argv.includes('-V') || argv.includes('--version');
  const version = wantsVersion ? (await import('../oracle/index.js')).kitVersion() : '';
  program
    .description('Conformance test kit and reference oracle for the kofun discovery contract')
    .version(version, '-V, --version')
    .exitOverride()
    .showHelpAfterError('(run kofun-ctk --help for usage)')
    .configureOutput({
      writeOut: (s) => io.stdout.write(s),
      writeErr: (s) => io.stderr.write(s),
    });
  const command = commandToRun(argv);
  if (command !== undefined) (await command.load())(program, io, done);
  // Where the maintainers' commands are registered for real (`extra`), their own lines stand in the root help.
  else listCommands(program, extra.length === 0);
  for (const register of extra) register(program, io, done);
  if (argv.length === 0) {
    // A bare `kofun-ctk` is a usage error, not a successful run: CI that forgot the command must not go green.
    io.stderr.write(program.helpInformation());
    return EXIT.usage;
  }
  try {
    await program.parseAsync(argv, { from: 'user' });
  } catch (err) {
    if (err instanceof CommanderError) {
      if (err.code === 'commander.helpDisplayed' || err.code === 'commander.version' || err.code === 'commander.help')
        return EXIT.ok;
      return EXIT.usage;
    }
    if (err instanceof UsageError) {
      io.stderr.write(`kofun-ctk: ${err.message}\n`);
      return EXIT.usage;
    }
    throw err;
  }
  return exitCode;
}

/**
 * Adds every command as its root-help line only (no options, no action), for the root help and an unknown command;
 * with `maintainers`, the maintainers' commands too, and a note on where they run.
 */
function listCommands(program: Command, maintainers: boolean): void {
  const terms = new Map<Command, string>();
  // A two-word command (`vectors diff`) is listed under its first word's line.
  for (const c of COMMANDS)
    if (!c.name.includes(' ')) terms.set(program.command(c.name).description(c.description), c.term);
  if (!maintainers) return;
  for (const c of MAINTAINER_COMMANDS) {
    const placeholder = program
      .command(c.name)
      .description(c.description)
      .allowUnknownOption()
      .allowExcessArguments()
      .action(() => {
        // Only a checkout registers them for real; here (an installed package, or main without them) they refuse.
        throw new UsageError(
          `'${c.name}' is a maintainers' command of a kofun-ctk checkout (it works from suites/, which the ` +
            'package does not ship)',
        );
      });
    terms.set(placeholder, c.term);
  }
  program.addHelpText('after', MAINTAINER_NOTE);
  program.configureHelp({
    subcommandTerm(this: Help, cmd: Command): string {
      return terms.get(cmd) ?? Help.prototype.subcommandTerm.call(this, cmd);
    },
  });
}

/** The CliIo of this process. */
export function processIo(): CliIo {
  return { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr, cwd: process.cwd(), env: process.env };
}
