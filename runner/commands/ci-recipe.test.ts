/**
 * The CI recipe of README.md and PROTOCOL.md is one text, and every `kofun-ctk` command in it names a command and
 * options the CLI has, so the recipe cannot drift from the kit.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'shell-quote';
import { kitRoot } from '../../oracle/index.js';
import { runCli } from '../test-support/run-cli.js';

const MARKER = '# kofun-ctk CI recipe';

function recipeOf(file: string): string {
  const text = readFileSync(join(kitRoot(), file), 'utf8');
  const start = text.indexOf(`\`\`\`yaml\n${MARKER}`);
  assert.ok(start >= 0, `${file} has no CI recipe`);
  const end = text.indexOf('\n```', start + 1);
  return text.slice(start + '```yaml\n'.length, end);
}

/** The shell commands of the recipe's `run:` steps: one line, a `|` block (a command per line), or a `>-` fold. */
function runCommands(yaml: string): string[] {
  const lines = yaml.split('\n');
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const m = /^(\s*)(?:- )?run: (.*)$/.exec(lines[i] ?? '');
    if (m === null) continue;
    const indent = (m[1] ?? '').length;
    const head = m[2] ?? '';
    if (head !== '|' && head !== '>-') {
      out.push(head);
      continue;
    }
    const body: string[] = [];
    while (i + 1 < lines.length && ((lines[i + 1] ?? '').search(/\S/) > indent || (lines[i + 1] ?? '').trim() === ''))
      body.push((lines[++i] ?? '').trim());
    if (head === '|') out.push(...body.filter((l) => l !== ''));
    else out.push(body.join(' '));
  }
  return out;
}

/** The long options of a command, from its --help (the option lines, not the prose). */
async function longOptions(name: string): Promise<Set<string> | undefined> {
  const help = await runCli([name, '--help']);
  if (help.code !== 0 || !help.stdout.startsWith(`Usage: kofun-ctk ${name} `)) return undefined;
  const out = new Set<string>();
  for (const line of help.stdout.split('\n')) {
    const m = /^\s+(?:-[A-Za-z], )?(--[a-z][a-z0-9-]*)/.exec(line);
    if (m?.[1] !== undefined) out.add(m[1]);
  }
  return out;
}

test('README.md and PROTOCOL.md show the same CI recipe', () => {
  assert.is(recipeOf('PROTOCOL.md'), recipeOf('README.md'));
});

test(
  'the recipe installs, smokes, gates with expectations on shards, ' + 'keeps the reports and merges the shards',
  async () => {
    const commands = runCommands(recipeOf('README.md')).filter((c) => c.startsWith('npx kofun-ctk '));
    const used = new Set<string>();
    for (const command of commands) {
      const words = parse(command.replace(/\$\{\{ matrix\.shard \}\}/g, '1'))
        .filter((w): w is string => typeof w === 'string' || (typeof w === 'object' && 'pattern' in w))
        .map((w) => (typeof w === 'string' ? w : (w as { pattern: string }).pattern));
      const [, , name = '', ...rest] = words;
      const known = await longOptions(name);
      assert.ok(known !== undefined, `kofun-ctk has no command ${name}`);
      for (const word of rest)
        if (word.startsWith('--')) assert.ok(known.has(word), `kofun-ctk ${name} has no option ${word}`);
      used.add(name);
      if (name === 'run')
        for (const needed of ['--expectations', '--shard', '--report', '--report-dir'])
          assert.ok(rest.includes(needed), needed);
    }
    assert.equal([...used].sort(), ['merge-reports', 'run', 'smoke']);
    const yaml = recipeOf('README.md');
    assert.match(yaml, 'npm ci');
    assert.match(yaml, 'actions/upload-artifact@v4');
    assert.match(yaml, 'actions/download-artifact@v4');
  },
);

test.run();
