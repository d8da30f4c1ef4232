import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  checkComplexity,
  isMeasured,
  KNOWN_OVER_CEILING,
  lineLimit,
  measureSource,
  staleKnown,
} from './check-complexity.js';

test('each kind of branch the header names counts once; else, default, optional chaining and nesting do not', () => {
  // Counted by hand: if (1), else if (2), ?: (3), case 'a' (4), case 'b' (5), && (6), || (7), ?? (8), ??= (9),
  // for (10), for of (11), while (12), do (13), catch (14). Not counted: else, default, a?.b, the inner function's if.
  const text = [
    'function f(a: any, b: any): number {',
    '  let n = 0;',
    '  if (a) n = 1;',
    '  else if (b) n = 2;',
    '  else n = 3;',
    '  n = a ? 1 : 2;',
    "  switch (a) { case 'a': break; case 'b': break; default: break; }",
    '  n = (a && b) || (a ?? b);',
    '  b ??= a?.c;',
    '  for (let i = 0; i < 1; i++) n++;',
    '  for (const x of []) n += x;',
    '  while (n < 0) n++;',
    '  do n++; while (n < 0);',
    '  try { n++; } catch { n--; }',
    '  const g = (): number => { if (a) return 1; return 2; };',
    '  return n + g();',
    '}',
  ].join('\n');
  const [f, g] = measureSource('x.ts', text);
  assert.equal(f, { path: 'x.ts', line: 1, name: 'f', lines: 17, branches: 14 });
  assert.equal(g, { path: 'x.ts', line: 15, name: 'g', lines: 1, branches: 1 });
});

test('functions are named by declaration, method, variable or property, and measured in JavaScript too', () => {
  const text = [
    'class K { m() { return 1; } constructor() {} }',
    'const v = function () {};',
    'const o = { p: () => 1 };',
    'call(() => 2);',
  ].join('\n');
  assert.equal(
    measureSource('y.mjs', text).map((m) => m.name),
    ['K.m', 'K.constructor', 'v', 'p', '(anonymous)'],
  );
});

test('shipped and tooling sources are measured, not tests or test support; run/ and commands/ have 80 lines', () => {
  assert.ok(isMeasured('oracle/pipeline/x.ts'));
  assert.ok(isMeasured('scripts/build.mjs'));
  assert.ok(isMeasured('suites/generate/x.ts'));
  assert.not.ok(isMeasured('oracle/pipeline/x.test.ts'));
  assert.not.ok(isMeasured('runner/test-support/broken-providers/x.ts'));
  assert.not.ok(isMeasured('examples/rust-provider/x.js'));
  assert.is(lineLimit('runner/run/gate-run.ts'), 80);
  assert.is(lineLimit('runner/commands/run.ts'), 80);
  assert.is(lineLimit('runner/report/x.ts'), 100);
});

test('a function over a ceiling is found, a known one is marked known, a known entry no longer over is stale', () => {
  const root = mkdtempSync(join(tmpdir(), 'kofun-ctk-complexity-'));
  try {
    const write = (path: string, text: string): void => {
      mkdirSync(join(root, path, '..'), { recursive: true });
      writeFileSync(join(root, path), text);
    };
    const body = (lines: number): string => Array.from({ length: lines - 2 }, (_, i) => `  x(${i});`).join('\n');
    // 101 lines: one over the ceiling; 81 lines: over only in runner/run/.
    write('runner/report/long.ts', `function long() {\n${body(101)}\n}\n`);
    write('runner/report/fits.ts', `function fits() {\n${body(100)}\n}\n`);
    write('runner/run/phase.ts', `function phase() {\n${body(81)}\n}\n`);
    const branchy = Array.from({ length: 31 }, (_, i) => `  if (a === ${i}) x();`).join('\n');
    write('oracle/branchy.ts', `function branchy(a: number) {\n${branchy}\n}\n`);
    write('oracle/branchy.test.ts', `function inTest(a: number) {\n${branchy}\n}\n`);
    const known = ['runner/run/phase.ts#phase', 'runner/run/gone.ts#gone'];
    const found = checkComplexity(root, known);
    assert.equal(
      found.map((o) => [o.path, o.name, o.lines, o.branches, o.maxLines, o.known]),
      [
        ['oracle/branchy.ts', 'branchy', 33, 31, 100, false],
        ['runner/report/long.ts', 'long', 101, 0, 100, false],
        ['runner/run/phase.ts', 'phase', 81, 0, 80, true],
      ],
    );
    assert.equal(staleKnown(found, known), ['runner/run/gone.ts#gone']);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('the known list is empty: every function split by the gate run reshaping is within the ceiling', () => {
  assert.equal([...KNOWN_OVER_CEILING], []);
});

test.run();
