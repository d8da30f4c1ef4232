import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { splitArgv } from './split-argv.js';

const ok = (s: string): string[] => {
  const r = splitArgv(s);
  if (!r.ok) throw new Error(r.message);
  return r.argv;
};

test('words split on blanks; quotes group; nothing is expanded', () => {
  assert.equal(ok('node build.js --out dist'), ['node', 'build.js', '--out', 'dist']);
  assert.equal(ok(`  sh   -c 'echo $HOME; ls *'  `), ['sh', '-c', 'echo $HOME; ls *']);
  assert.equal(ok(`a "b \\"c\\" \\\\ d" e\\ f`), ['a', 'b "c" \\ d', 'e f']);
  assert.equal(ok(`x'y'"z"`), ['xyz']);
  assert.equal(ok(`'' a`), ['', 'a']);
  assert.equal(ok('cmd > out | tee && rm'), ['cmd', '>', 'out', '|', 'tee', '&&', 'rm']);
});

test('unterminated quotes, a trailing backslash and an empty command are errors', () => {
  for (const s of [`'open`, `"open`, 'trail\\', '', '   ']) assert.not.ok(splitArgv(s).ok, s);
});

test.run();
