/**
 * The kit's layering, checked in CI (`npm run lint:layers`): suites -> oracle -> vectors -> runner.
 * - The runner reaches the oracle only through its entries: the public one (oracle/index.ts), as a provider team
 *   would, and the internal one (oracle/internal.ts, not in package.json's exports) for the kit's own machinery.
 * - The generation tooling (suites/generate) reaches the runner only through runner/index.ts and runner/internal.ts.
 * - Nothing the package ships (oracle, runner) reaches the case definitions or the generation tooling in suites/.
 * - The verifier never imports the pipeline, so it stays an independent judge of the pipeline's answers.
 * - The runner's folders form one order (RUNNER_LAYERS, below): a source imports only folders of later ranks.
 */

/**
 * The runner's folders, from the command line down to the bytes; a source (not a test) may import its own folder and
 * the folders of later ranks only, never an earlier rank or another folder of its own rank, so the folders form no
 * cycle and a reader finds each concept below everything that uses it.
 * - test-support/ first: the broken, fake and misbehaving providers and the helpers that only tests use; it drives
 *   the whole command line, and no source imports it.
 * - The entry files (runner/*.ts: cli, cli-entry, index), which only the package's users and test-support import.
 * - commands/: one file per command, options to exit code.
 * - run/ (the plan of a gate run and its phases) beside smoke/ (the engine of `kofun-ctk smoke`): both drive a
 *   provider over vectors and hand the outcomes to the judge.
 * - fuzz/ (generated cases against the oracle, for `kofun-ctk fuzz` and the fuzz phase of a run) beside report/
 *   (the gate report, its renderers and merge): fuzz judges its outcomes with judge/, report renders judgements.
 * - judge/: verdicts and judgements as data, from outcomes, the vectors and the hermetic trace.
 * - adapters/: starting a provider and speaking to it.
 * - release-cost/: the provider's declared builds and the byte-identity comparison of their artifacts, below
 *   adapters/ because a provider configuration (adapters/provider-spec.ts) reads its build entry with this folder's
 *   parser; judge/judge-release-vector.ts turns a build's outcome into a judgement.
 * - hermetic/ (the strace session the adapters launch a provider under, and what it observed) beside sandbox/ (the
 *   bubblewrap sandbox every provider process and declared build runs in) and vectors/ (the vector set: manifest,
 *   files, selection), all read by the layers above and reading only the oracle, limits/ and io/.
 * - limits/: the caps every provider instance and build runs within (rlimits, cgroup, the watchdog), which the
 *   sandbox wraps around each process.
 * - protocol/ (the framed wire format) beside io/ (options, files, output paths, process groups, deadlines, the
 *   helper programs the runner starts): the ground every other folder stands on.
 */
const RUNNER_LAYERS = [
  ['test-support'],
  ['(entry)'],
  ['commands'],
  ['run', 'smoke'],
  ['fuzz', 'report'],
  ['judge'],
  ['adapters'],
  ['release-cost'],
  ['hermetic', 'sandbox', 'vectors'],
  ['limits'],
  ['protocol', 'io'],
];

/** The path pattern of a runner folder (`(entry)` names the files directly in runner/). */
function folderPath(folder) {
  return folder === '(entry)' ? '^runner/[^/]+$' : `^runner/${folder}/`;
}

/** One rule per runner folder: it imports nothing of an earlier rank, nor another folder of its own rank. */
const runnerLayerRules = RUNNER_LAYERS.flatMap((rank, i) =>
  rank.map((folder) => {
    const above = [...RUNNER_LAYERS.slice(0, i).flat(), ...rank.filter((f) => f !== folder)];
    return {
      name: `runner-layers-${folder === '(entry)' ? 'entry' : folder}`,
      comment:
        `runner/${folder === '(entry)' ? '*.ts' : `${folder}/`} imports only later ranks of RUNNER_LAYERS ` +
        `(not ${above.join(', ') || 'anything above'})`,
      severity: 'error',
      from: { path: folderPath(folder), pathNot: '\\.test\\.ts$' },
      to: { path: above.length === 0 ? '^$' : `(${above.map(folderPath).join('|')})` },
    };
  }),
);

module.exports = {
  forbidden: [
    {
      name: 'runner-uses-oracle-entry',
      comment:
        'runner/ imports the oracle only through its entries, oracle/index.ts (public) and oracle/internal.ts ' +
        '(the kit-only rest; test support of the oracle is allowed in tests)',
      severity: 'error',
      from: { path: '^runner/' },
      to: { path: '^oracle/', pathNot: ['^oracle/(index|internal)\\.ts$', '^oracle/test-support/'] },
    },
    {
      name: 'generation-uses-runner-entry',
      comment:
        'suites/generate/ imports the runner only through its entries, runner/index.ts (public) and ' +
        "runner/internal.ts (the kit-only rest); a test may also use the runner's test support",
      severity: 'error',
      from: { path: '^suites/generate/' },
      to: { path: '^runner/(?!(index|internal)\\.ts$)', pathNot: ['^runner/test-support/'] },
    },
    {
      name: 'generation-test-support-in-tests-only',
      comment: "only the tests of suites/generate/ import the runner's test support",
      severity: 'error',
      from: { path: '^suites/generate/', pathNot: '\\.test\\.ts$' },
      to: { path: '^runner/test-support/' },
    },
    {
      name: 'shipped-code-has-no-case-definitions',
      comment: 'oracle/ and runner/ sources never import suites/ (the package ships no case definitions)',
      severity: 'error',
      from: { path: '^(oracle|runner)/', pathNot: ['\\.test\\.ts$', '/test-support/'] },
      to: { path: '^suites/' },
    },
    {
      name: 'oracle-stands-alone',
      comment: 'oracle/ sources never import runner/ (a test may read the committed vectors through the runner loader)',
      severity: 'error',
      from: { path: '^oracle/', pathNot: '\\.test\\.ts$' },
      to: { path: '^runner/' },
    },
    {
      name: 'cases-use-oracle-only',
      comment: 'case definitions (suites/ outside suites/generate/) import the oracle, never the runner',
      severity: 'error',
      from: { path: '^suites/', pathNot: '^suites/generate/' },
      to: { path: '^runner/' },
    },
    {
      name: 'verifier-independent-of-pipeline',
      comment: 'the verifier never imports the pipeline (it is the independent check of every pipeline answer)',
      severity: 'error',
      from: { path: '^oracle/verifier/' },
      to: { path: '^oracle/pipeline/' },
    },
    {
      name: 'pipeline-does-not-consult-verifier',
      comment: 'the pipeline never imports the verifier (an answer is not shaped by its own judge)',
      severity: 'error',
      from: { path: '^oracle/pipeline/' },
      to: { path: '^oracle/verifier/' },
    },
    {
      name: 'no-circular',
      comment: 'no import cycle of values (a cycle of type-only imports costs nothing at run time)',
      severity: 'error',
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    ...runnerLayerRules,
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|dist)/' },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
  },
};
