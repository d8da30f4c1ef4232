import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import * as api from './index.js';
import { kitRoot } from '../oracle/internal.js';

// The `kofun-ctk/runner` export offers what a provider author or a CI integrator calls, named here one by one: a
// name added to runner/index.ts or dropped from it changes the package's API and fails this test until it is listed.
const VALUES = [
  'EXIT',
  'FRAME_MAGIC',
  'FrameDecoder',
  'MAX_HEADER_BYTES',
  'MAX_RESULT_BYTES',
  'PASSING',
  'PROTOCOL_NAME',
  'PROVIDER_CONFIG_SCHEMA',
  'PROVIDER_ERROR_CODES',
  'PROVIDER_MESSAGES',
  'REFERENCE_PROVIDER_NAME',
  'REPORT_FORMATS',
  'RUNNER_MESSAGES',
  'VERDICTS',
  'createReferenceProvider',
  'encodeFrame',
  'judgeVector',
  'launcherFor',
  'loadProviderConfig',
  'loadVectorSet',
  'mergeReports',
  'moduleLauncher',
  'moduleProcessLauncher',
  'moduleThreadLauncher',
  'oneShotProcessLauncher',
  'persistentProcessLauncher',
  'referenceSpec',
  'renderReport',
  'resolveProvider',
  'splitCommandLine',
];
const TYPES = [
  'AcceptableAlternative',
  'AcceptableEntry',
  'AdapterKind',
  'CallOutcome',
  'DiscoveryModuleExport',
  'DiscoveryModuleProvider',
  'Frame',
  'FrameFault',
  'GateReport',
  'JudgeContext',
  'LaunchOptions',
  'MergeOutcome',
  'MetamorphicOutcome',
  'ModuleProviderErrorCode',
  'ProcessCommand',
  'ProviderConfig',
  'ProviderConnection',
  'ProviderFault',
  'ProviderHello',
  'ProviderIdentity',
  'ProviderLauncher',
  'ProviderOptions',
  'ProviderSpec',
  'QueryVector',
  'QueryVectorEntry',
  'ReleaseVector',
  'ReportFormat',
  'RunnerHello',
  'SetRead',
  'SplitCommandLine',
  'VectorError',
  'VectorJudgement',
  'VectorSet',
  'Verdict',
];

/** Every name runner/index.ts exports, read from its export declarations (types included, which leave no value). */
function declaredNames(): string[] {
  const path = join(kitRoot(), 'runner', 'index.ts');
  const source = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true);
  const names: string[] = [];
  for (const statement of source.statements) {
    assert.ok(ts.isExportDeclaration(statement), 'runner/index.ts holds export declarations only');
    const clause = statement.exportClause;
    assert.ok(clause !== undefined && ts.isNamedExports(clause), 'runner/index.ts names what it exports (no export *)');
    for (const element of clause.elements) names.push(element.name.text);
  }
  return names.sort();
}

test('the runner export offers exactly the values a provider author or CI integrator calls', () => {
  assert.equal(Object.keys(api).sort(), [...VALUES].sort());
});

test('the runner export declares exactly those values and the types of their signatures', () => {
  assert.equal(declaredNames(), [...VALUES, ...TYPES].sort());
});

test("the kit's machinery stays out of the runner export", () => {
  for (const name of ['runGate', 'Sandbox', 'openSandbox', 'main', 'fixtureVariant', 'serveProvider', 'judgeFromSet'])
    assert.not.ok(name in api, `${name} is exported by runner/index.ts`);
});

test('the exports map gives the runner export its types beside its code, and names no internal entry', () => {
  const pkg = JSON.parse(readFileSync(join(kitRoot(), 'package.json'), 'utf8')) as {
    exports: Record<string, { types?: string; default?: string }>;
  };
  assert.equal(pkg.exports['./runner'], { types: './dist/runner/index.d.ts', default: './dist/runner/index.js' });
  // TypeScript takes the first condition that matches: `types` must stand before `default`.
  assert.equal(Object.keys(pkg.exports['./runner'] ?? {}), ['types', 'default']);
  assert.equal(pkg.exports['.'], { types: './dist/oracle/index.d.ts', default: './dist/oracle/index.js' });
  assert.not.match(JSON.stringify(pkg.exports), 'internal');
});

test.run();
