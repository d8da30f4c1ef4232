/**
 * `kofun-ctk vectors diff [OLD NEW]`: what changed between two vector sets, each a folder or a git revision of the
 * kit's vector folder (`HEAD`, a tag, or `REV:PATH`); without arguments, the last commit's vector folder against the
 * working one. Text for a terminal, `--markdown` for release notes, `--json` for tools
 * (oracle/schemas/kofun.ctk.vector-diff.v1.schema.json). Exit 0 with the diff (whether or not anything changed), 2
 * when a side is not a vector set or not a revision, naming the file or revision and why.
 */
import { resolve } from 'node:path';
import type { Command } from 'commander';
import { escapeText } from '../../oracle/index.js';
import { kitRoot } from '../../oracle/internal.js';
import { commandNamed, EXIT, UsageError, writeAll, type Register } from '../io/cli-io.js';
import { linkedOutputProblem, writeOutputFile } from '../io/write-output-file.js';
import { outputPathProblem } from '../io/check-output-path.js';
import { renderVectorDiff, type VectorDiffFormat } from '../report/render-vector-diff.js';
import { diffVectorSets } from '../vectors/diff-vector-sets.js';
import { readVectorSetSide } from '../vectors/vector-set-source.js';

/** What `vectors` is, in the help of an install that has only `diff`. */
export const VECTORS_DESCRIPTION = 'the golden vectors: diff two sets (and, in a checkout, generate or check them)';

export const registerVectorsDiff: Register = (program: Command, io, done) => {
  const parent = commandNamed(program, 'vectors', VECTORS_DESCRIPTION);
  // Registered once, whichever module asks first (the maintainers' `vectors` registers it too).
  if (parent.commands.some((c) => c.name() === 'diff')) return;
  parent
    .command('diff')
    .description(
      'what changed between two vector sets (folders or git revisions): added, removed, expected bytes, ' +
        'inputs, alternatives, metadata',
    )
    .argument('[old]', 'the earlier set: a folder, a git revision (HEAD, v0.1.0) or REV:PATH; default HEAD')
    .argument('[new]', 'the later set, likewise; default the working vector folder')
    .option('--markdown', 'release-note Markdown')
    .option('--json', 'JSON for tools (kofun.ctk.vector-diff/v1)')
    .option('--out <file>', 'write the diff here instead of stdout')
    .action(async (old: string | undefined, next: string | undefined, opts: DiffOptions) => {
      done(await vectorsDiff(old, next, opts, io));
    });
};

interface DiffOptions {
  markdown?: boolean;
  json?: boolean;
  out?: string;
}

async function vectorsDiff(
  old: string | undefined,
  next: string | undefined,
  opts: DiffOptions,
  io: Parameters<Register>[1],
): Promise<number> {
  if ((old === undefined) !== (next === undefined))
    throw new UsageError('vectors diff: name both sets (OLD NEW), or neither for HEAD against the working folder');
  if (opts.markdown === true && opts.json === true)
    throw new UsageError('vectors diff: --markdown or --json, not both');
  const format: VectorDiffFormat = opts.json === true ? 'json' : opts.markdown === true ? 'markdown' : 'text';
  const out = opts.out === undefined ? undefined : resolve(io.cwd, opts.out);
  const outProblem =
    out === undefined ? undefined : (linkedOutputProblem('--out', out) ?? outputPathProblem('--out', out, 'file'));
  if (outProblem !== undefined) throw new UsageError(outProblem);
  const names = old === undefined || next === undefined ? ['HEAD', resolve(kitRoot(), 'vectors')] : [old, next];
  const sides = names.map((n) => readVectorSetSide(n, io.cwd));
  for (const s of sides) if (!s.ok) return refuse(io, s.problem);
  const [a, b] = sides as [
    Extract<(typeof sides)[number], { ok: true }>,
    Extract<(typeof sides)[number], { ok: true }>,
  ];
  const diffed = diffVectorSets(a.side, b.side);
  if (!diffed.ok) return refuse(io, diffed.problem);
  const text = renderVectorDiff(diffed.diff, format);
  if (out === undefined) await writeAll(io.stdout, text);
  else writeOutputFile(out, text);
  return EXIT.ok;
}

async function refuse(io: Parameters<Register>[1], problem: string): Promise<number> {
  await writeAll(io.stderr, `kofun-ctk vectors diff: ${escapeText(problem)}\n`);
  return EXIT.usage;
}
