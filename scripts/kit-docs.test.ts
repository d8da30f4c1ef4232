/**
 * README.md, PROTOCOL.md and ARCHITECTURE.md cannot drift from the kit (as fast-check tests its own documentation):
 *
 * - every command row of a command table (`| \`kofun-ctk NAME …\` |`) appears once in its document and names a
 *   command the root `--help` lists, and README.md has a row for every command the root help lists;
 * - every flag named in a `kofun-ctk COMMAND …` line (an inline code span, or a line of a code block with its
 *   continuation lines) is an option of that command's `--help` (or of its subcommand's); a flag named alone in the
 *   prose is an option of some command, unless it is another tool's (tar, gzip, compilers, strace, bubblewrap:
 *   FOREIGN_FLAGS);
 * - every repository path the prose cites in a code span exists where it stands: a heading that opens with a folder
 *   (`## runner/ — …`, or `### run/` inside it, relative to the enclosing one) makes its section's paths relative to
 *   that folder (`judge/verdict.ts` under `## runner/` is runner/judge/verdict.ts); a table column whose header names
 *   a folder (`checked by (oracle/verifier/)`) makes its cells' paths relative to that folder and to nothing else; a
 *   path in a section may also be written from the root (`oracle/index.ts` under `## runner/`). Never by its tail
 *   alone: a path that exists only somewhere else in the tree is an error. Placeholders (`<name>`, `*`, `NAME`) and
 *   the build's outputs (`dist/`, `.tmp/`) are not paths of the tree;
 * - no paragraph is repeated, in one document or across them: two paragraphs of 12 words or more are one repeated
 *   when half of the shorter one's 4-word runs are in the other, so an older copy that was edited since is found too.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'shell-quote';
import { kitRoot } from '../oracle/internal.js';
import { runCli } from '../runner/test-support/run-cli.js';
import { registerMutation } from '../suites/generate/mutation-command.js';
import { registerReport, registerVectors } from '../suites/generate/maintainer-commands.js';

const DOCS = ['README.md', 'PROTOCOL.md', 'ARCHITECTURE.md'] as const;
const extra = [registerVectors, registerReport, registerMutation];

/** Flags of other tools the documents name: the tar, gzip, zip and compiler remedies, strace's options. */
const FOREIGN_FLAGS = new Set([
  '--clamp-mtime',
  '--mtime',
  '--no-name',
  '--owner',
  '--group',
  '--numeric-owner',
  '--sort',
  '--remap-path-prefix',
  '-ffile-prefix-map',
  '-trimpath',
  '-ttt',
  // bubblewrap's own options, named where the docs say how the sandbox is built.
  '--setenv',
]);

/**
 * Paths the prose cites that are outputs (the build's, the report files a run writes, the caches under node_modules/),
 * not files of the tree.
 */
const GENERATED = /^(dist\/|\.tmp\/|node_modules\/|kofun-ctk-[\w.-]+$)/;

function doc(name: string): string {
  return readFileSync(join(kitRoot(), name), 'utf8');
}

/** The document without its fenced code blocks. */
function prose(text: string): string {
  return text.replace(/^(`{3,})[^\n]*\n[\s\S]*?\n\1[ \t]*$/gm, '');
}

/** The lines of the document's fenced code blocks, a line continued by `\` or by a `--flag` line joined to it. */
function codeLines(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/^(`{3,})[^\n]*\n([\s\S]*?)\n\1[ \t]*$/gm)) {
    for (const raw of (m[2] ?? '').split('\n')) {
      const line = raw.trim();
      const last = out.length - 1;
      if (last >= 0 && (out[last]?.endsWith('\\') || (line.startsWith('--') && /kofun-ctk /.test(out[last] ?? ''))))
        out[last] = `${(out[last] ?? '').replace(/\\$/, '')} ${line}`;
      else out.push(line);
    }
  }
  return out;
}

/** The inline code spans of the prose (a span may wrap onto the next line). */
function spans(text: string): string[] {
  return [...prose(text).matchAll(/`([^`\n]+(?:\n[^`\n]+)?)`/g)].map((m) => (m[1] ?? '').replace(/\s+/g, ' ').trim());
}

interface Help {
  options: Set<string>;
  commands: string[];
}

const helps = new Map<string, Help | undefined>();

/** The options and subcommands `kofun-ctk …words --help` lists, or undefined when there is no such command. */
async function helpOf(words: readonly string[]): Promise<Help | undefined> {
  const key = words.join(' ');
  if (helps.has(key)) return helps.get(key);
  const r = await runCli([...words, '--help'], { extra });
  const usage = `Usage: kofun-ctk${words.length > 0 ? ` ${key}` : ''} `;
  let help: Help | undefined;
  if (r.code === 0 && r.stdout.startsWith(usage)) {
    help = { options: new Set(), commands: [] };
    let section = '';
    for (const line of r.stdout.split('\n')) {
      if (/^\S.*:$/.test(line)) section = line;
      const option = /^ {2}(?:(-[A-Za-z]), )?(--?[a-z][a-z0-9-]*)/.exec(line);
      if (section === 'Options:' && option !== null) {
        if (option[1] !== undefined) help.options.add(option[1]);
        help.options.add(option[2] ?? '');
      }
      const command = /^ {2}([a-z][a-z-]*)/.exec(line);
      if (section === 'Commands:' && command?.[1] !== undefined && command[1] !== 'help')
        help.commands.push(command[1]);
    }
  }
  helps.set(key, help);
  return help;
}

/** A flag as written (`--shard`, `--mtime=@…`, `-j`), without its value. */
function flagName(word: string): string {
  return word.replace(/=.*$/, '');
}

/**
 * Every `kofun-ctk COMMAND …` of a line or span, split as a shell would (quotes kept together, `$X` left as it is):
 * the words that are not flags (the command, a subcommand, values) and the flags, up to a shell operator or comment.
 */
function commandUses(line: string): { words: string[]; flags: string[] }[] {
  const tokens = parse(line.replace(/\$\{\{[^}]*\}\}/g, 'X'), (name) => `$${name}`);
  const uses: { words: string[]; flags: string[] }[] = [];
  tokens.forEach((token, i) => {
    if (token !== 'kofun-ctk') return;
    const words: string[] = [];
    const flags: string[] = [];
    for (const t of tokens.slice(i + 1)) {
      if (typeof t !== 'string') break;
      if (/^--?[a-z]/.test(t)) flags.push(t);
      else words.push(t);
    }
    if (/^[a-z][a-z-]*$/.test(words[0] ?? '')) uses.push({ words, flags });
  });
  return uses;
}

test('every command row appears once and names a command of the root help; README has a row for each', async () => {
  const root = await helpOf([]);
  assert.ok(root !== undefined);
  for (const name of DOCS) {
    const rows = doc(name)
      .split('\n')
      .map((l) => /^\| `kofun-ctk ([a-z][a-z-]*)/.exec(l)?.[1])
      .filter((n): n is string => n !== undefined);
    const seen = new Set<string>();
    for (const command of rows) {
      assert.not.ok(seen.has(command), `${name}: two command rows for ${command}`);
      seen.add(command);
      assert.ok(root?.commands.includes(command), `${name}: ${command} is not in kofun-ctk --help`);
      assert.ok((await helpOf([command])) !== undefined, `${name}: kofun-ctk ${command} --help fails`);
    }
    if (name === 'README.md') assert.equal([...seen].sort(), [...(root?.commands ?? [])].sort(), 'README.md rows');
  }
});

test('every flag of a kofun-ctk command line is in that command’s --help; a flag alone is some command’s', async () => {
  const root = await helpOf([]);
  const everyOption = new Set<string>();
  for (const command of root?.commands ?? []) {
    const help = await helpOf([command]);
    for (const o of help?.options ?? []) everyOption.add(o);
    for (const sub of help?.commands ?? [])
      for (const o of (await helpOf([command, sub]))?.options ?? []) everyOption.add(o);
  }
  let checked = 0;
  for (const name of DOCS) {
    const text = doc(name);
    for (const line of [...codeLines(text), ...spans(text)]) {
      for (const use of commandUses(line)) {
        const [command = '', sub] = use.words;
        const base = await helpOf([command]);
        assert.ok(base !== undefined, `${name}: no command ${command} (in "${line}")`);
        const help = sub !== undefined && base?.commands.includes(sub) ? await helpOf([command, sub]) : base;
        for (const flag of use.flags.map(flagName)) {
          assert.ok(help?.options.has(flag), `${name}: kofun-ctk ${command} has no option ${flag} (in "${line}")`);
          checked += 1;
        }
      }
    }
    for (const span of spans(text).filter((s) => /^--?[a-z]/.test(s))) {
      for (const flag of span
        .split(/[ /]/)
        .filter((w) => /^--?[a-z]/.test(w))
        .map(flagName)) {
        assert.ok(everyOption.has(flag) || FOREIGN_FLAGS.has(flag), `${name}: no command has the option ${flag}`);
        checked += 1;
      }
    }
  }
  // The documents name well over a hundred flags; far fewer means the parsing above lost them.
  assert.ok(checked > 100, String(checked));
});

/** Every file and folder of the tree, as paths from the root (without dependencies, VCS data and build outputs). */
function treePaths(): string[] {
  const out: string[] = [];
  const walk = (dir: string, rel: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (['node_modules', '.git', 'dist', '.tmp'].includes(entry.name)) continue;
      const path = rel === '' ? entry.name : `${rel}/${entry.name}`;
      if (entry.isDirectory()) {
        out.push(`${path}/`);
        walk(join(dir, entry.name), path);
      } else out.push(path);
    }
  };
  walk(kitRoot(), '');
  return out;
}

/** A path a document cites, with the folder it stands relative to and whether it may also be read from the root. */
interface Citation {
  readonly span: string;
  /** The folder of its section or column, `/`-terminated, or '' for the root. */
  readonly base: string;
  /** A table column's folder: the path is relative to it and to nothing else. */
  readonly strict: boolean;
  /** Where the citation stands, for the failure message. */
  readonly where: string;
}

const FOLDER = /^([\w.-]+(?:\/[\w.-]+)*\/)/;

/** The cells of a table row, split on the `|` that stand outside code spans. */
function cells(row: string): string[] {
  const out: string[] = [''];
  let inCode = false;
  for (const ch of row.trim().replace(/^\||\|$/g, '')) {
    if (ch === '`') inCode = !inCode;
    if (ch === '|' && !inCode) out.push('');
    else out[out.length - 1] += ch;
  }
  return out;
}

/** The code spans of a piece of prose (a span may wrap onto the next line). */
function spansOf(text: string): string[] {
  return [...text.matchAll(/`([^`\n]+(?:\n[^`\n]+)?)`/g)].map((m) => (m[1] ?? '').replace(/\s+/g, ' ').trim());
}

/**
 * Every code span of a document's prose with the folder it stands in: the section's (a heading opening with a folder,
 * relative to the enclosing section's folder when it is there) or, in a table, the column's (a header naming a folder
 * in parentheses).
 */
function citations(text: string, exists: (path: string) => boolean): Citation[] {
  const out: Citation[] = [];
  const folders: { level: number; folder: string }[] = [];
  let heading = '(top)';
  let paragraph: string[] = [];
  let columns: (string | undefined)[] | undefined;
  const flush = (): void => {
    const base = folders.at(-1)?.folder ?? '';
    for (const span of spansOf(paragraph.join('\n'))) out.push({ span, base, strict: false, where: heading });
    paragraph = [];
  };
  for (const line of prose(text).split('\n')) {
    const h = /^(#+) (.*)$/.exec(line);
    if (h !== null) {
      flush();
      const level = (h[1] ?? '').length;
      while ((folders.at(-1)?.level ?? 0) >= level) folders.pop();
      const named = FOLDER.exec(h[2] ?? '')?.[1];
      const parent = folders.at(-1)?.folder ?? '';
      if (named !== undefined) folders.push({ level, folder: exists(parent + named) ? parent + named : named });
      heading = line;
      continue;
    }
    if (!line.startsWith('|')) {
      columns = undefined;
      paragraph.push(line);
      continue;
    }
    flush();
    if (columns === undefined) {
      columns = cells(line).map((c) => /\(([\w.-]+(?:\/[\w.-]+)*\/)\)/.exec(c)?.[1]);
      continue;
    }
    const base = folders.at(-1)?.folder ?? '';
    cells(line).forEach((cell, i) => {
      const column = columns?.[i];
      for (const span of spansOf(cell))
        out.push({
          span,
          base: column ?? base,
          strict: column !== undefined,
          where: `${heading}, ${line.slice(0, 60)}`,
        });
    });
  }
  flush();
  return out;
}

test('every repository path cited exists where it stands (its section’s or column’s folder, or the root)', () => {
  const tree = treePaths();
  const top = new Set(tree.filter((p) => !p.slice(0, -1).includes('/')).map((p) => p.replace(/\/$/, '')));
  const exists = (path: string): boolean => existsSync(join(kitRoot(), path));
  let checked = 0;
  const missing: string[] = [];
  for (const name of DOCS) {
    for (const c of citations(doc(name), exists)) {
      const { span } = c;
      if (!/^[\w.-]+(\/[\w.-]+)*\/?$/.test(span) || /NAME/.test(span) || GENERATED.test(span)) continue;
      const first = span.split('/')[0] ?? '';
      // A file name (not a bare extension such as `.js`), a folder, or anything under a top-level entry of the tree.
      const isPath = /[\w-]\.(md|ts|mjs|js|cjs|json|sh|xsd)$/.test(span) || span.endsWith('/') || top.has(first);
      if (!isPath) continue;
      const found = exists(c.base + span) || (!c.strict && c.base !== '' && top.has(first) && exists(span));
      if (!found) missing.push(`${name}: ${span} (as ${c.base}${span}) in ${c.where}`);
      checked += 1;
    }
  }
  assert.equal(missing, []);
  assert.ok(checked > 100, String(checked));
});

test('a path is read relative to its section and column, never found by its tail', () => {
  const text = [
    '## runner/ — a section',
    '`judge/verdict.ts` and `oracle/index.ts`, then `verify-result.ts`',
    '',
    '| area | checked by (oracle/verifier/) |',
    '|---|---|',
    '| one | `check-schema.ts`, `runner/release-cost/compare-artifacts.ts` |',
    '',
    '## Elsewhere',
    '`package.json`',
  ].join('\n');
  const exists = (path: string): boolean => existsSync(join(kitRoot(), path));
  const cited = citations(text, exists).map((c) => [c.span, c.base, c.strict]);
  assert.equal(cited, [
    ['judge/verdict.ts', 'runner/', false],
    ['oracle/index.ts', 'runner/', false],
    ['verify-result.ts', 'runner/', false],
    ['check-schema.ts', 'oracle/verifier/', true],
    ['runner/release-cost/compare-artifacts.ts', 'oracle/verifier/', true],
    ['package.json', '', false],
  ]);
});

/** The prose paragraphs of a document: blank-line separated, without code blocks, table rows and headings. */
function paragraphs(text: string): string[] {
  return prose(text)
    .split(/\n\s*\n/)
    .map((block) =>
      block
        .split('\n')
        .filter((l) => !l.startsWith('|') && !l.startsWith('#'))
        .join(' ')
        .trim(),
    )
    .filter((p) => p !== '');
}

function runs(words: readonly string[]): Set<string> {
  const out = new Set<string>();
  for (let i = 0; i + 4 <= words.length; i++) out.add(words.slice(i, i + 4).join(' '));
  return out;
}

test('no paragraph is repeated, in one document or across them, even edited', () => {
  const all = DOCS.flatMap((name) =>
    paragraphs(doc(name)).map((text) => ({
      name,
      text,
      words: text
        .toLowerCase()
        .replace(/[`*_|]/g, ' ')
        .split(/\s+/),
    })),
  );
  for (let i = 0; i < all.length; i++) {
    for (let j = i + 1; j < all.length; j++) {
      const a = all[i] as (typeof all)[number];
      const b = all[j] as (typeof all)[number];
      const [short, long] = a.words.length <= b.words.length ? [a, b] : [b, a];
      if (short.words.length < 12) continue;
      const mine = runs(short.words);
      const theirs = runs(long.words);
      const shared = [...mine].filter((r) => theirs.has(r)).length;
      assert.ok(
        shared < mine.size / 2,
        `${short.name} repeats a paragraph of ${long.name}: "${short.text.slice(0, 80)}…"`,
      );
    }
  }
});

test.run();
