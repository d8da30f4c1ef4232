import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { UsageError } from '../io/cli-io.js';
import { loadProviderConfig, relocatedSpec, resolveProvider, splitCommandLine } from './provider-spec.js';

const usage = (e: unknown): boolean => e instanceof UsageError;

test('a command line splits into argv with POSIX quoting and no shell', () => {
  assert.equal(splitCommandLine(`python3 "my provider.py" --flag 'a b' c\\ d`), ['python3', 'my provider.py', '--flag', 'a b', 'c d']);
  assert.equal(splitCommandLine('run $HOME/x'), ['run', '$HOME/x']);
});

test('operators, globs and empty lines are refused', () => {
  for (const bad of ['a | b', 'a; rm -rf x', 'a > out', 'a && b', 'ls *.py', '   ', 'a # comment']) {
    assert.throws(() => splitCommandLine(bad), usage, bad);
  }
});

test('exactly one provider source; --one-shot and --adapter only where they apply', () => {
  assert.throws(() => resolveProvider({}, '/'), usage);
  assert.throws(() => resolveProvider({ process: 'a', module: 'b' }, '/'), usage);
  assert.throws(() => resolveProvider({ module: 'b', oneShot: true }, '/'), usage);
  assert.throws(() => resolveProvider({ process: 'a', adapter: 'module' }, '/'), usage);
  assert.throws(() => resolveProvider({ provider: 'other' }, '/'), usage);
  const p = resolveProvider({ process: 'prov --x', oneShot: true }, '/work');
  assert.equal(p.spec, { kind: 'process', mode: 'one-shot', command: { argv: ['prov', '--x'], cwd: '/work' }, name: 'prov', version: 'unknown' });
  const r = resolveProvider({ provider: 'reference', adapter: 'module' }, '/');
  assert.is(r.spec.kind, 'module');
});

test('a configuration resolves relative paths against its folder and is schema-checked', () => {
  const dir = mkdtempSync(join(tmpdir(), 'kofun-ctk-config-'));
  const path = join(dir, 'p.json');
  writeFileSync(path, JSON.stringify({ name: 'p', process: { argv: ['./prov'], cwd: 'sub', env: { A: '1' } }, expectations: 'x.json' }));
  const c = loadProviderConfig(path);
  assert.equal(c.spec, { kind: 'process', mode: 'persistent', command: { argv: ['./prov'], cwd: join(dir, 'sub'), env: { A: '1' } }, name: 'p', version: 'unknown' });
  assert.is(c.expectations, join(dir, 'x.json'));
  writeFileSync(path, JSON.stringify({ name: 'p', module: './m.js', build: 'release-build.json' }));
  const m = loadProviderConfig(path);
  assert.equal(m.spec, { kind: 'module', modulePath: './m.js', baseDir: dir, name: 'p' });
  assert.equal(m.build, { path: join(dir, 'release-build.json') });
  for (const bad of [{ process: { argv: ['a'] } }, { name: 'p' }, { name: 'p', process: { argv: [] } }, { name: 'p', module: 'm', process: { argv: ['a'] } }, { name: 'p', module: 'm', extra: 1 }, { name: 'p', module: 'm', build: 3 }, { name: 'p\u001b', module: 'm' }]) {
    writeFileSync(path, JSON.stringify(bad));
    assert.throws(() => loadProviderConfig(path), usage, JSON.stringify(bad));
  }
  writeFileSync(path, '{not json');
  assert.throws(() => loadProviderConfig(path), usage);
});

test('relocation makes path arguments absolute and leaves the rest', () => {
  const dir = mkdtempSync(join(tmpdir(), 'kofun-ctk-reloc-'));
  writeFileSync(join(dir, 'provider.py'), '');
  const spec = relocatedSpec({ kind: 'process', mode: 'persistent', command: { argv: ['python3', 'provider.py', '--fast', 'missing.txt'], cwd: dir }, name: 'p', version: '1' });
  assert.equal(spec.kind === 'process' ? spec.command.argv : [], ['python3', join(dir, 'provider.py'), '--fast', 'missing.txt']);
});

test.run();
