import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { schemaViolations } from '../../oracle/index.js';
import { UsageError } from '../io/cli-io.js';
import { parseBuildConfig } from '../release-cost/build-config.js';
import { loadProviderConfig, PROVIDER_CONFIG_SCHEMA, relocatedSpec, resolveProvider } from './provider-spec.js';

const usage = (e: unknown): boolean => e instanceof UsageError;

test('operators in --process are a usage error naming the operator', () => {
  assert.throws(
    () => resolveProvider({ process: 'a | b' }, '/'),
    (e: unknown) => usage(e) && /operator \|/.test(String(e)),
  );
});

test('exactly one provider source; --one-shot and --adapter only where they apply', () => {
  assert.throws(() => resolveProvider({}, '/'), usage);
  assert.throws(() => resolveProvider({ process: 'a', module: 'b' }, '/'), usage);
  assert.throws(() => resolveProvider({ module: 'b', oneShot: true }, '/'), usage);
  assert.throws(() => resolveProvider({ process: 'a', adapter: 'module' }, '/'), usage);
  assert.throws(() => resolveProvider({ provider: 'other' }, '/'), usage);
  const p = resolveProvider({ process: 'prov --x', oneShot: true }, '/work');
  assert.equal(p.spec, {
    kind: 'process',
    mode: 'one-shot',
    command: { argv: ['prov', '--x'], cwd: '/work' },
    name: 'prov',
    version: 'unknown',
  });
  const r = resolveProvider({ provider: 'reference', adapter: 'module' }, '/');
  assert.is(r.spec.kind, 'module');
});

test('a configuration resolves relative paths against its folder and is schema-checked', () => {
  const dir = mkdtempSync(join(tmpdir(), 'kofun-ctk-config-'));
  const path = join(dir, 'p.json');
  writeFileSync(
    path,
    JSON.stringify({ name: 'p', process: { argv: ['./prov'], cwd: 'sub', env: { A: '1' } }, expectations: 'x.json' }),
  );
  const c = loadProviderConfig(path);
  assert.equal(c.spec, {
    kind: 'process',
    mode: 'persistent',
    command: { argv: ['./prov'], cwd: join(dir, 'sub'), env: { A: '1' } },
    name: 'p',
    version: 'unknown',
  });
  assert.is(c.expectations, join(dir, 'x.json'));
  writeFileSync(path, JSON.stringify({ name: 'p', module: './m.js' }));
  const m = loadProviderConfig(path);
  assert.equal(m.spec, { kind: 'module', modulePath: './m.js', baseDir: dir, name: 'p' });
  assert.is(m.build, undefined);
  for (const bad of [
    { process: { argv: ['a'] } },
    { name: 'p' },
    { name: 'p', process: { argv: [] } },
    { name: 'p', module: 'm', process: { argv: ['a'] } },
    { name: 'p', module: 'm', extra: 1 },
    { name: 'p', module: 'm', build: 3 },
    { name: 'p\u001b', module: 'm' },
  ]) {
    writeFileSync(path, JSON.stringify(bad));
    assert.throws(() => loadProviderConfig(path), usage, JSON.stringify(bad));
  }
  writeFileSync(path, '{not json');
  assert.throws(() => loadProviderConfig(path), usage);
  // A key is a JSON Pointer segment in the error, never a URI fragment: `a%` and `%41` are named as written.
  for (const key of ['a%', '%41']) {
    writeFileSync(path, JSON.stringify({ name: 'p', process: { argv: ['a'], env: { [key]: 5 } } }));
    assert.throws(
      () => loadProviderConfig(path),
      (e: unknown) => usage(e) && (e as Error).message.includes(`/process/env/${key}`),
      key,
    );
  }
});

const releaseBuild = {
  schema: 'kofun.ctk.release-build/v1',
  source: 'src',
  timeout_ms: 5000,
  commands: { without_support: ['make', 'A'], support_disabled: ['make', 'B'], discovery_enabled: ['make', 'C'] },
};

test('build: a kofun.ctk.release-build/v1 file or the same object inline, parsed as release-cost reads it', () => {
  const dir = mkdtempSync(join(tmpdir(), 'kofun-ctk-config-build-'));
  mkdirSync(join(dir, 'builds'));
  writeFileSync(join(dir, 'builds', 'release-build.json'), JSON.stringify(releaseBuild));
  const path = join(dir, 'p.json');
  // From a file: `source` is relative to the build file.
  writeFileSync(path, JSON.stringify({ name: 'p', module: './m.js', build: 'builds/release-build.json' }));
  const fromFile = loadProviderConfig(path).build;
  assert.is(fromFile?.reference, false);
  assert.is(fromFile?.config.source, join(dir, 'builds', 'src'));
  assert.equal(fromFile?.config.commands.support_disabled, ['make', 'B']);
  assert.is(fromFile?.config.timeoutMs, 5000);
  assert.is(fromFile?.config.runtimeMetadata, null);
  // Inline: `source` is relative to the provider configuration.
  writeFileSync(path, JSON.stringify({ name: 'p', module: './m.js', build: releaseBuild }));
  assert.is(loadProviderConfig(path).build?.config.source, join(dir, 'src'));
  // Anything else is a usage error before the run: a missing file, an unknown field, a missing command.
  for (const bad of [
    'builds/missing.json',
    { ...releaseBuild, extra: 1 },
    { ...releaseBuild, commands: { without_support: ['a'] } },
    { ...releaseBuild, schema: 'other' },
  ]) {
    writeFileSync(path, JSON.stringify({ name: 'p', module: './m.js', build: bad }));
    assert.throws(() => loadProviderConfig(path), usage, JSON.stringify(bad));
  }
  writeFileSync(
    join(dir, 'builds', 'bad.json'),
    JSON.stringify({ ...releaseBuild, commands: { ...releaseBuild.commands, extra: ['x'] } }),
  );
  writeFileSync(path, JSON.stringify({ name: 'p', module: './m.js', build: 'builds/bad.json' }));
  assert.throws(
    () => loadProviderConfig(path),
    (e: unknown) => usage(e) && /unknown build command/.test((e as Error).message),
  );
});

test('--provider reference declares the reference builder, through every adapter', () => {
  for (const adapter of ['process', 'one-shot', 'module']) {
    const r = resolveProvider({ provider: 'reference', adapter }, '/');
    assert.is(r.build?.reference, true);
    for (const [profile, argv] of [
      ['without-support', r.build?.config.commands.without_support],
      ['runtime-metadata', r.build?.config.runtimeMetadata],
    ] as const) {
      assert.ok(
        argv?.some((w) => /reference-build-main\.(ts|js)$/.test(w)),
        adapter,
      );
      assert.equal(argv?.slice(-6), ['--fixture', '{fixture}', '--profile', profile, '--out', '{out}']);
    }
  }
  assert.is(resolveProvider({ process: 'prov' }, '/').build, undefined);
});

test('the configuration schema describes exactly the release-build format the parser accepts', () => {
  const cases: unknown[] = [
    releaseBuild,
    { ...releaseBuild, source: null, artifact: null, env: { A: '1' } },
    { ...releaseBuild, artifact: 'dist/out' },
    { ...releaseBuild, artifact: 'a..b' },
    { ...releaseBuild, commands: { ...releaseBuild.commands, runtime_metadata: ['make', 'R'] } },
    { ...releaseBuild, commands: { ...releaseBuild.commands, without_support: [''] } },
    { ...releaseBuild, artifact: '../out' },
    { ...releaseBuild, artifact: 'a/../../out' },
    { ...releaseBuild, artifact: '/abs' },
    { ...releaseBuild, artifact: '' },
    { ...releaseBuild, source: '' },
    { ...releaseBuild, timeout_ms: 0 },
    { ...releaseBuild, timeout_ms: 1.5 },
    { ...releaseBuild, env: { 'A=B': '1' } },
    { ...releaseBuild, env: { '': '1' } },
    { ...releaseBuild, env: { A: 'x\u0000' } },
    { ...releaseBuild, env: { A: 1 } },
    { ...releaseBuild, commands: { ...releaseBuild.commands, without_support: [] } },
    { ...releaseBuild, commands: { ...releaseBuild.commands, without_support: ['a\u0000'] } },
    { ...releaseBuild, commands: { ...releaseBuild.commands, other: ['x'] } },
    { ...releaseBuild, commands: { without_support: ['a'], support_disabled: ['b'] } },
    { ...releaseBuild, schema: 'kofun.ctk.release-build/v2' },
    { ...releaseBuild, extra: true },
    { commands: releaseBuild.commands },
    [],
  ];
  const expectedValid = [true, true, true, true, true, true];
  cases.forEach((build, i) => {
    const bySchema = schemaViolations(PROVIDER_CONFIG_SCHEMA, { name: 'p', module: 'm', build }).length === 0;
    const byParser = parseBuildConfig(build, '/base').ok;
    assert.is(bySchema, byParser, `case ${i}: ${JSON.stringify(build)}`);
    assert.is(bySchema, expectedValid[i] ?? false, `case ${i}`);
  });
});

test('relocation makes path arguments absolute and leaves the rest', () => {
  const dir = mkdtempSync(join(tmpdir(), 'kofun-ctk-reloc-'));
  writeFileSync(join(dir, 'provider.py'), '');
  const spec = relocatedSpec({
    kind: 'process',
    mode: 'persistent',
    command: { argv: ['python3', 'provider.py', '--fast', 'missing.txt'], cwd: dir },
    name: 'p',
    version: '1',
  });
  assert.equal(spec.kind === 'process' ? spec.command.argv : [], [
    'python3',
    join(dir, 'provider.py'),
    '--fast',
    'missing.txt',
  ]);
});

test.run();
