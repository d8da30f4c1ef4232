/**
 * What changed between two vector sets, vector by vector (`kofun-ctk vectors diff`, and the summary `vectors generate`
 * ends with): added, removed, expected bytes changed (with a readable diff of the decoded results), inputs changed (the
 * request or the fixture, with the same expected bytes), acceptable alternatives changed, metadata only (intent,
 * clauses, interpretations, features, the generation stamp); each with its clauses and the register entries it rests
 * on (its interpretations and its alternatives' entries, before and after). Data only: the reporters turn it into text,
 * Markdown or JSON (report/render-vector-diff.ts).
 */
import { createTwoFilesPatch } from 'diff';
import { compareUtf8 } from '../../oracle/index.js';
import {
  isVectorPath,
  MANIFEST_FORMAT,
  prettyJson,
  readManifestFile,
  formatJsonInputProblem,
  vectorDigest,
  type QueryVectorFile,
  type VectorFile,
} from '../../oracle/internal.js';
import { parseVectorFile } from './load-vector.js';

/** The format of `vectors diff --json`. */
export const VECTOR_DIFF_FORMAT = 'kofun.ctk.vector-diff/v1';

/** The kinds of change, in the order every rendering lists them. */
export const CHANGE_KINDS = ['added', 'removed', 'expected', 'inputs', 'alternatives', 'metadata'] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];

/** What each kind is called in the renderings. */
export const CHANGE_TITLES: Readonly<Record<ChangeKind, string>> = {
  added: 'added',
  removed: 'removed',
  expected: 'expected bytes changed',
  inputs: 'request or fixture changed, same expected bytes',
  alternatives: 'acceptable alternatives changed',
  metadata: 'metadata only',
};

/** What each kind is called in a one-line count. */
export const CHANGE_COUNTS: Readonly<Record<ChangeKind, string>> = {
  added: 'added',
  removed: 'removed',
  expected: 'expected changed',
  inputs: 'inputs changed',
  alternatives: 'alternatives changed',
  metadata: 'metadata only',
};

/** One vector set to compare: where it comes from (a folder, or a git revision) and its files. */
export interface VectorSetSide {
  source: string;
  files: ReadonlyMap<string, Uint8Array>;
}

/** One changed vector. */
export interface VectorChange {
  id: string;
  kind: ChangeKind;
  category: string;
  /** Its clauses (the old vector's, for a removed one). */
  clauses: string[];
  /** The register entries it rests on: its interpretations and its alternatives' entries, old and new together. */
  entries: string[];
  /** Its own digest (request, fixture, expected, alternatives) in each set (oracle/vectors/vector-digest.ts). */
  old_sha256?: string;
  new_sha256?: string;
  /** The answer in a word (`stale (stale-source)`), before and after; a release-cost vector's is `release`. */
  before?: string;
  after?: string;
  /** For `expected`: a unified diff of the decoded result texts (or release expectations), old to new, unescaped. */
  diff?: string;
  /** The alternatives by name: added, removed, and those whose bytes changed. */
  alternatives?: { added: string[]; removed: string[]; changed: string[] };
  /** For every kind but added and removed: the fields that changed besides the answer. */
  fields?: string[];
}

/** One side as the diff reports it. */
export interface DiffSide {
  source: string;
  vector_set_sha256: string;
  vectors: number;
}

/** The diff of two vector sets. */
export interface VectorSetDiff {
  format: typeof VECTOR_DIFF_FORMAT;
  old: DiffSide;
  new: DiffSide;
  counts: Record<ChangeKind | 'unchanged', number>;
  /** In CHANGE_KINDS order, then by id. */
  changes: VectorChange[];
}

/** The most lines a result diff keeps (a 4 MiB result differs in thousands). */
const MAX_DIFF_LINES = 120;

interface ReadSide {
  side: DiffSide;
  vectors: Map<string, VectorFile>;
}

/** Reads one side; refused with where and why when it is not a vector set. */
function readSide(side: VectorSetSide): { ok: true; read: ReadSide } | { ok: false; problem: string } {
  const manifestBytes = side.files.get('manifest.json');
  if (manifestBytes === undefined)
    return { ok: false, problem: `${side.source}: not a vector set: manifest.json is missing` };
  const manifest = readManifestFile(manifestBytes);
  if (!manifest.ok)
    return {
      ok: false,
      problem: `${side.source}/manifest.json: not a vector set manifest: ${formatJsonInputProblem(manifest.problem)}`,
    };
  if (manifest.value.format !== MANIFEST_FORMAT || typeof manifest.value.vector_set_sha256 !== 'string')
    return { ok: false, problem: `${side.source}/manifest.json: /format: not ${MANIFEST_FORMAT}` };
  const vectors = new Map<string, VectorFile>();
  for (const [path, bytes] of side.files) {
    if (!isVectorPath(path)) continue;
    const parsed = parseVectorFile(bytes);
    if (!parsed.ok) return { ok: false, problem: `${side.source}/${path}: not a vector file: ${parsed.message}` };
    const v = parsed.vector;
    if (typeof v.id !== 'string' || `${v.id}.json` !== path)
      return { ok: false, problem: `${side.source}/${path}: /id: not the vector id its path names` };
    vectors.set(v.id, v);
  }
  return {
    ok: true,
    read: {
      side: { source: side.source, vector_set_sha256: manifest.value.vector_set_sha256, vectors: vectors.size },
      vectors,
    },
  };
}

/** The diff of `old` and `next`, or why one of them is not a vector set. */
export function diffVectorSets(
  old: VectorSetSide,
  next: VectorSetSide,
): { ok: true; diff: VectorSetDiff } | { ok: false; problem: string } {
  const a = readSide(old);
  if (!a.ok) return a;
  const b = readSide(next);
  if (!b.ok) return b;
  const changes: VectorChange[] = [];
  let unchanged = 0;
  const ids = [...new Set([...a.read.vectors.keys(), ...b.read.vectors.keys()])].sort(compareUtf8);
  for (const id of ids) {
    const change = compare(id, a.read.vectors.get(id), b.read.vectors.get(id));
    if (change === undefined) unchanged += 1;
    else changes.push(change);
  }
  const rank = (k: ChangeKind): number => CHANGE_KINDS.indexOf(k);
  changes.sort((x, y) => rank(x.kind) - rank(y.kind) || compareUtf8(x.id, y.id));
  const counts = Object.fromEntries([...CHANGE_KINDS, 'unchanged'].map((k) => [k, 0])) as VectorSetDiff['counts'];
  for (const c of changes) counts[c.kind] += 1;
  counts.unchanged = unchanged;
  return { ok: true, diff: { format: VECTOR_DIFF_FORMAT, old: a.read.side, new: b.read.side, counts, changes } };
}

const isQuery = (v: VectorFile): v is QueryVectorFile => 'request' in v;

/** The register entries a vector rests on. */
function entriesOf(v: VectorFile): string[] {
  return [...v.interpretations, ...(isQuery(v) ? v.acceptable.map((a) => a.interpretation) : [])];
}

/** A result in a word: its status and reason, or `release` for a release-cost vector. */
function answerWord(v: VectorFile): string {
  if (!isQuery(v)) return 'release';
  try {
    const r = JSON.parse(v.expected.result) as { status?: unknown; reason?: unknown };
    return r.reason === null || r.reason === undefined ? String(r.status) : `${String(r.status)} (${String(r.reason)})`;
  } catch {
    return 'not JSON';
  }
}

/** The answer's text as a diff reads it: the canonical result (already one member a line), or the release record. */
function answerText(v: VectorFile): string {
  return isQuery(v) ? v.expected.result : prettyJson(v.release);
}

function compare(id: string, old: VectorFile | undefined, next: VectorFile | undefined): VectorChange | undefined {
  const base = (v: VectorFile, kind: ChangeKind): VectorChange => ({
    id,
    kind,
    category: v.category,
    clauses: [...v.clauses],
    entries: [...new Set([...entriesOf(old ?? v), ...entriesOf(next ?? v)])].sort(compareUtf8),
    ...(old === undefined ? {} : { old_sha256: vectorDigest(old) }),
    ...(next === undefined ? {} : { new_sha256: vectorDigest(next) }),
  });
  if (old === undefined && next !== undefined) return { ...base(next, 'added'), after: answerWord(next) };
  if (next === undefined && old !== undefined) return { ...base(old, 'removed'), before: answerWord(old) };
  if (old === undefined || next === undefined) return undefined;
  const fields = changedFields(old, next);
  const alternatives = alternativeChanges(old, next);
  const expected = answerText(old) !== answerText(next);
  const inputs = fields.includes('request') || fields.includes('fixture');
  const kind: ChangeKind | undefined = expected
    ? 'expected'
    : inputs
      ? 'inputs'
      : alternatives !== undefined
        ? 'alternatives'
        : fields.length > 0
          ? 'metadata'
          : undefined;
  if (kind === undefined) return undefined;
  const change: VectorChange = { ...base(next, kind), before: answerWord(old), after: answerWord(next) };
  if (expected) change.diff = resultDiff(answerText(old), answerText(next));
  if (alternatives !== undefined) change.alternatives = alternatives;
  if (fields.length > 0) change.fields = fields;
  return change;
}

/** The fields besides the answer and the alternatives that differ. */
function changedFields(old: VectorFile, next: VectorFile): string[] {
  const same = (x: unknown, y: unknown): boolean => prettyJson(x) === prettyJson(y);
  const out: string[] = [];
  if (old.category !== next.category) out.push('category');
  if (old.intent !== next.intent) out.push('intent');
  if (!same(old.clauses, next.clauses)) out.push('clauses');
  if (!same(old.interpretations, next.interpretations)) out.push('interpretations');
  if (!same(old.features ?? [], next.features ?? [])) out.push('features');
  if (old.fixture_sha256 !== next.fixture_sha256) out.push('fixture');
  if (isQuery(old) !== isQuery(next) || (isQuery(old) && isQuery(next) && !same(old.request, next.request)))
    out.push('request');
  if (!same(old.generated, next.generated)) out.push('generated');
  return out;
}

function alternativeChanges(
  old: VectorFile,
  next: VectorFile,
): { added: string[]; removed: string[]; changed: string[] } | undefined {
  const of = (v: VectorFile): Map<string, string> =>
    new Map(isQuery(v) ? v.acceptable.map((a) => [a.name, a.sha256]) : []);
  const a = of(old);
  const b = of(next);
  const added = [...b.keys()].filter((n) => !a.has(n)).sort(compareUtf8);
  const removed = [...a.keys()].filter((n) => !b.has(n)).sort(compareUtf8);
  const changed = [...b.keys()].filter((n) => a.has(n) && a.get(n) !== b.get(n)).sort(compareUtf8);
  return added.length + removed.length + changed.length === 0 ? undefined : { added, removed, changed };
}

/** A unified diff of two answer texts, cut at MAX_DIFF_LINES lines. */
function resultDiff(before: string, after: string): string {
  const patch = createTwoFilesPatch('old', 'new', before, after, undefined, undefined, {
    context: 2,
    maxEditLength: 2000,
  });
  if (patch === undefined) return '(no diff: too many lines differ)\n';
  const lines = patch.split('\n');
  const body = lines[0]?.startsWith('=') ? lines.slice(1) : lines;
  while (body.length > 0 && body[body.length - 1] === '') body.pop();
  if (body.length <= MAX_DIFF_LINES) return `${body.join('\n')}\n`;
  return `${body.slice(0, MAX_DIFF_LINES).join('\n')}\n… (${body.length - MAX_DIFF_LINES} more diff lines)\n`;
}
