import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { splitCommandLine } from './split-command-line.js';

const ok = (s: string): string[] => {
  const r = splitCommandLine(s);
  if (!r.ok) throw new Error(r.message);
  return r.argv;
};

test('words split on blanks; quotes group; nothing is expanded', () => {
  assert.equal(ok('node build.js --out dist'), ['node', 'build.js', '--out', 'dist']);
  assert.equal(ok(`  sh   -c 'echo $HOME; ls *'  `), ['sh', '-c', 'echo $HOME; ls *']);
  assert.equal(ok(`python3 "my provider.py" --flag 'a b' c\\ d`), [
    'python3',
    'my provider.py',
    '--flag',
    'a b',
    'c d',
  ]);
  assert.equal(ok(`a "b \\"c\\" \\\\ d" e\\ f`), ['a', 'b "c" \\ d', 'e f']);
  assert.equal(ok(`x'y'"z"`), ['xyz']);
  assert.equal(ok('run $HOME/x'), ['run', '$HOME/x']);
});

test('shell syntax a shell would act on is refused, saying what it is', () => {
  const refused = (s: string): string => {
    const r = splitCommandLine(s);
    assert.not.ok(r.ok, s);
    return r.ok ? '' : r.message;
  };
  assert.match(refused('cmd > out'), /operator >/);
  assert.match(refused('a | b'), /operator \|/);
  assert.match(refused('a && b'), /operator &&/);
  assert.match(refused('ls *.js'), /glob \*\.js/);
  assert.match(refused('a # note'), /comment/);
  assert.match(refused(''), /empty/);
  assert.match(refused('   '), /empty/);
});

test.run();
