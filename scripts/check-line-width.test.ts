import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkLineWidth, longLines, sourceFiles } from './check-line-width.js';
import { kitRoot } from '../oracle/kit-root.js';

test('a line of 120 columns passes, one of 121 is named with its number and width', () => {
  assert.equal(longLines('a'.repeat(120)), []);
  assert.equal(longLines(`short\n${'a'.repeat(121)}\n`), [{ line: 2, columns: 121 }]);
});

test('columns are code points: 120 em dashes (360 UTF-8 bytes) and 61 emoji (122 UTF-16 units) pass', () => {
  assert.equal(longLines('—'.repeat(120)), []);
  assert.equal(longLines('😀'.repeat(61)), []);
  assert.equal(longLines('😀'.repeat(121)), [{ line: 1, columns: 121 }]);
});

test('the CR of a CRLF line ending is not a column', () => {
  assert.equal(longLines(`${'a'.repeat(120)}\r\n${'b'.repeat(121)}\r\n`), [{ line: 2, columns: 121 }]);
});

test('sources: script and TypeScript files; not JSON, Markdown, the top-level vectors/, dependencies or links', () => {
  const root = mkdtempSync(join(tmpdir(), 'kofun-ctk-lines-'));
  try {
    const write = (path: string, text: string): void => {
      mkdirSync(join(root, path, '..'), { recursive: true });
      writeFileSync(join(root, path), text);
    };
    const long = `${'x'.repeat(121)}\n`;
    write('a.ts', `const a = 1;\n\n${long}`);
    write('b.json', long);
    write('c.md', long);
    write('d.mjs', 'ok\n');
    write('vectors/generated.ts', long);
    write('oracle/vectors/source.ts', long);
    write('node_modules/dep/index.js', long);
    symlinkSync(join(root, 'a.ts'), join(root, 'linked.ts'));
    assert.equal(sourceFiles(root), ['a.ts', 'd.mjs', 'oracle/vectors/source.ts']);
    assert.equal(checkLineWidth(root), [
      { path: 'a.ts', line: 3, columns: 121 },
      { path: 'oracle/vectors/source.ts', line: 1, columns: 121 },
    ]);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test("the kit's own sources: no line over 120 columns", () => {
  const findings = checkLineWidth(kitRoot());
  assert.equal(
    findings.map((f) => `${f.path}:${f.line}`),
    [],
  );
});

test.run();
