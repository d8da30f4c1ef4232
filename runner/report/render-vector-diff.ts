/**
 * The diff of two vector sets (vectors/diff-vector-sets.ts) as text for a terminal, as Markdown for release notes
 * (what provider teams read before they upgrade), or as JSON for tools (format kofun.ctk.vector-diff/v1, schema
 * oracle/schemas/kofun.ctk.vector-diff.v1.schema.json). Every string from the sets is escaped for its sink.
 */
import { escapeFor, markdownCell } from '../../oracle/index.js';
import { markdownCode, markdownFence } from '../../oracle/internal.js';
import {
  CHANGE_COUNTS,
  CHANGE_KINDS,
  CHANGE_TITLES,
  type ChangeKind,
  type VectorChange,
  type VectorSetDiff,
} from '../vectors/diff-vector-sets.js';

/** The formats of `vectors diff`. */
export type VectorDiffFormat = 'text' | 'markdown' | 'json';

/** The counts in one line: `2 added, 0 removed, …, 320 unchanged`. */
export function diffCountsLine(diff: VectorSetDiff): string {
  return [
    ...CHANGE_KINDS.map((k) => `${diff.counts[k]} ${CHANGE_COUNTS[k]}`),
    `${diff.counts.unchanged} unchanged`,
  ].join(', ');
}

const t = (s: string): string => escapeFor('terminal', s);

/** One change's head for the terminal: id, the answer before and after, clauses, entries, what else changed. */
function textHead(c: VectorChange): string {
  const answer =
    c.kind === 'added'
      ? ` ${t(c.after ?? '')}`
      : c.kind === 'removed'
        ? ` ${t(c.before ?? '')}`
        : c.before !== c.after
          ? ` ${t(c.before ?? '')} -> ${t(c.after ?? '')}`
          : '';
  const parts = [`  ${t(c.id)}${answer}`];
  if (c.alternatives !== undefined) parts.push(`alternatives ${alternativesText(c)}`);
  if (c.fields !== undefined) parts.push(`changed: ${c.fields.map(t).join(', ')}`);
  parts.push(`clauses ${c.clauses.map(t).join(' ') || 'none'}`);
  parts.push(`entries ${c.entries.map(t).join(' ') || 'none'}`);
  return parts.join('; ');
}

function alternativesText(c: VectorChange): string {
  const a = c.alternatives;
  if (a === undefined) return '';
  return [
    ...a.added.map((n) => `+${t(n)}`),
    ...a.removed.map((n) => `-${t(n)}`),
    ...a.changed.map((n) => `~${t(n)}`),
  ].join(' ');
}

/**
 * The terminal text; with `diffs` false only the heads (what `vectors generate` ends with), and at most `limit`
 * vectors of each kind.
 */
export function renderVectorDiffText(
  diff: VectorSetDiff,
  options: { diffs?: boolean; limit?: number; title?: string } = {},
): string {
  const lines = [
    `${options.title ?? 'vectors diff'}: ${t(diff.old.source)} (set ${diff.old.vector_set_sha256}, ` +
      `${diff.old.vectors} vectors) -> ${t(diff.new.source)} (set ${diff.new.vector_set_sha256}, ` +
      `${diff.new.vectors} vectors)`,
    `  ${diffCountsLine(diff)}`,
  ];
  for (const kind of CHANGE_KINDS) {
    const changes = diff.changes.filter((c) => c.kind === kind);
    if (changes.length === 0) continue;
    lines.push(`${CHANGE_TITLES[kind]} (${changes.length}):`);
    const shown = options.limit === undefined ? changes : changes.slice(0, options.limit);
    for (const c of shown) {
      lines.push(textHead(c));
      if (options.diffs !== false && c.diff !== undefined)
        for (const l of escapeFor('xml', c.diff).trimEnd().split('\n')) lines.push(`      ${l}`);
    }
    if (shown.length < changes.length) lines.push(`  … and ${changes.length - shown.length} more`);
  }
  return `${lines.join('\n')}\n`;
}

const KIND_NOTES: Readonly<Record<ChangeKind, string>> = {
  added: 'New vectors: a provider is now judged on them.',
  removed: 'Vectors no longer in the set.',
  expected:
    'The expected answer changed: a provider that passed these before fails them now unless it changes too. ' +
    'The diff is of the decoded results, old to new.',
  inputs: 'The request or the fixture changed; the expected answer is the same bytes.',
  alternatives: 'The acceptable alternatives changed (+ added, - removed, ~ other bytes); the expected answer did not.',
  metadata: 'Only the description changed (intent, clauses, interpretations or the generation stamp); verdicts do not.',
};

/** Release-note Markdown: the counts, then each kind with a table and, for changed answers, their diffs. */
export function renderVectorDiffMarkdown(diff: VectorSetDiff): string {
  const out = [
    '## Vector set changes',
    '',
    `From ${markdownCode(diff.old.vector_set_sha256)} ` +
      `(${markdownCell(diff.old.source)}, ${diff.old.vectors} vectors) ` +
      `to ${markdownCode(diff.new.vector_set_sha256)} (${markdownCell(diff.new.source)}, ${diff.new.vectors} ` +
      `vectors): ${markdownCell(diffCountsLine(diff))}.`,
    '',
  ];
  for (const kind of CHANGE_KINDS) {
    const changes = diff.changes.filter((c) => c.kind === kind);
    if (changes.length === 0) continue;
    out.push(`### ${CHANGE_TITLES[kind]} (${changes.length})`, '', KIND_NOTES[kind], '');
    out.push('| vector | answer | what changed | clauses | register entries |', '|---|---|---|---|---|');
    for (const c of changes) {
      const answer =
        c.kind === 'added'
          ? (c.after ?? '')
          : c.kind === 'removed' || c.before === c.after
            ? (c.before ?? '')
            : `${c.before ?? ''} → ${c.after ?? ''}`;
      const what = [
        ...(c.alternatives === undefined ? [] : [`alternatives ${alternativesText(c)}`]),
        ...(c.fields ?? []),
      ].join(', ');
      out.push(
        `| ${markdownCode(c.id)} | ${markdownCell(answer)} | ${markdownCell(what) || '—'} ` +
          `| ${c.clauses.map(markdownCode).join(' ')} | ${c.entries.map(markdownCode).join(' ') || '—'} |`,
      );
    }
    out.push('');
    for (const c of changes) {
      if (c.diff === undefined) continue;
      const text = escapeFor('xml', c.diff);
      const fence = markdownFence(text);
      out.push(`${markdownCode(c.id)}:`, '', `${fence}diff`, text.trimEnd(), fence, '');
    }
  }
  return `${out.join('\n')}\n`;
}

/** The JSON (kofun.ctk.vector-diff/v1), two-space indented, with a final LF. */
export function renderVectorDiffJson(diff: VectorSetDiff): string {
  return `${JSON.stringify(diff, null, 2)}\n`;
}

/** The diff in `format`. */
export function renderVectorDiff(diff: VectorSetDiff, format: VectorDiffFormat): string {
  return format === 'json'
    ? renderVectorDiffJson(diff)
    : format === 'markdown'
      ? renderVectorDiffMarkdown(diff)
      : renderVectorDiffText(diff);
}
