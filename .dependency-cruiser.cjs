/**
 * The kit's layering, checked in CI (`npm run lint:layers`): suites -> oracle -> vectors -> runner.
 * - The runner reaches the oracle only through its public entry (oracle/index.ts), as a provider team would.
 * - Nothing the package ships (oracle, runner) reaches the case definitions or the generation tooling in suites/.
 * - The verifier never imports the pipeline, so it stays an independent judge of the pipeline's answers.
 */
module.exports = {
  forbidden: [
    {
      name: 'runner-uses-oracle-entry',
      comment:
        'runner/ imports the oracle only through oracle/index.ts (test support of the oracle is allowed in tests)',
      severity: 'error',
      from: { path: '^runner/' },
      to: { path: '^oracle/', pathNot: ['^oracle/index\\.ts$', '^oracle/test-support/'] },
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
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|dist)/' },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
  },
};
