/**
 * The console view of a run: a progress line while it runs (only on a TTY), then a
 * summary naming the vector set, the provider, the kit, every vector that fails the
 * gate with its clauses, and the gate itself. Colour only on a TTY (picocolors).
 * Everything provider-controlled was escaped before it got here or is escaped here.
 */
import type { Writable } from 'node:stream';
import pc from 'picocolors';
import { formatViolation, escapeText } from '../../oracle/index.js';
import { PASSING, VERDICTS, type Verdict, type VectorJudgement } from '../judge/verdict.js';
import { describeDifference, describeProvider } from './describe.js';
import type { GateReport } from './gate-report.js';
import type { EventSink } from './run-events.js';

type Colors = ReturnType<typeof pc.createColors>;

/** The most failing vectors detailed on the console (the reports have all). */
const MAX_DETAILED = 40;
/** The most diff lines shown per vector on the console. */
const MAX_DIFF_LINES = 24;

export interface ConsoleReporter {
  sink: EventSink;
  /** Prints the summary of a finished run. */
  summary(report: GateReport, extra?: string[]): void;
}

/** A console reporter writing to `out`; `tty` turns on the progress line and colour. */
export function consoleReporter(out: Writable, tty: boolean, options: { verbose?: boolean } = {}): ConsoleReporter {
  const c = pc.createColors(tty);
  const counts = new Map<string, number>();
  let progressShown = false;
  const sink: EventSink = (e) => {
    if (e.event === 'run-start') {
      const m = e.metamorphic;
      out.write(`kofun-ctk ${escapeText(e.kit_version)}: ${e.selection.total} vectors of set ${e.vector_set_sha256}\n`);
      out.write(`metamorphic: ${m.sample === 0 ? 'off' : `${m.sample} vectors, seed ${m.seed} (replay with --metamorphic ${m.sample} --seed ${m.seed})`}\n`);
    } else if (e.event === 'provider') {
      out.write(`provider: ${describeProvider(e.identity)}\n`);
    } else if (e.event === 'provider-restart' && !tty) {
      out.write(`provider instance ${e.lane} restarted: ${escapeText(e.reason)}\n`);
    } else if (e.event === 'progress' && tty) {
      counts.set(e.outcome, (counts.get(e.outcome) ?? 0) + 1);
      const tally = [...counts.entries()].map(([k, n]) => `${colorVerdict(c, k)} ${n}`).join('  ');
      out.write(`\r\x1b[2K${e.phase === 'base' ? 'vectors' : 'metamorphic'} ${e.done}/${e.total}  ${tally}`);
      progressShown = true;
      if (e.done === e.total) {
        out.write('\n');
        counts.clear();
        progressShown = false;
      }
    } else if (e.event === 'run-end' && progressShown) {
      out.write('\n');
      progressShown = false;
    }
  };
  const summary = (report: GateReport, extra: string[] = []): void => {
    const failing = report.vectors.filter((v) => !PASSING.has(v.verdict));
    for (const v of failing.slice(0, MAX_DETAILED)) out.write(detail(c, v, options.verbose ?? false));
    if (failing.length > MAX_DETAILED) out.write(`… and ${failing.length - MAX_DETAILED} more; see the JSON, JUnit or Markdown report\n`);
    const tally = VERDICTS.filter((v) => report.counts[v] > 0).map((v) => `${colorVerdict(c, v)} ${report.counts[v]}`);
    out.write(`\n${tally.join('  ') || 'no vectors'}\n`);
    for (const line of extra) out.write(`${line}\n`);
    const gate = report.gate.passed ? c.green(c.bold('gate PASSED')) : c.red(c.bold('gate FAILED'));
    out.write(`${gate} (exit ${report.gate.exit_code}) for vector set ${report.vector_set_sha256}, provider ${describeProvider(report.provider)}, kofun-ctk ${escapeText(report.kit_version)}\n`);
    for (const r of report.gate.reasons) out.write(`  - ${escapeText(r)}\n`);
  };
  return { sink, summary };
}

function colorVerdict(c: Colors, verdict: string): string {
  switch (verdict as Verdict | 'same' | 'differs') {
    case 'PASS':
    case 'same':
      return c.green(verdict);
    case 'ACCEPTABLE':
    case 'XFAIL':
      return c.cyan(verdict);
    case 'FAIL':
    case 'XPASS':
    case 'differs':
      return c.red(verdict);
    default:
      return c.yellow(verdict);
  }
}

function detail(c: Colors, v: VectorJudgement, verbose: boolean): string {
  const lines: string[] = [];
  const head = `${colorVerdict(c, v.verdict)} ${escapeText(v.id)}`;
  if (v.verdict === 'FAIL') {
    lines.push(`${head}  ${v.failClauses.join(' ')}${v.clauseSource === 'vector' ? ' (the vector\'s clauses; the verifier found no violation)' : ''}`);
    if (v.difference) lines.push(`    ${describeDifference(v.difference)}`);
    if (v.metamorphic && !v.metamorphic.ok) lines.push(`    metamorphic (seed ${v.metamorphic.seed}): ${v.metamorphic.detail ?? ''}`);
    for (const violation of v.violations.slice(0, verbose ? undefined : 5)) lines.push(`    ${formatViolation(violation)}`);
    if (v.violations.length > 5 && !verbose) lines.push(`    … ${v.violations.length - 5} more violations`);
    const diff = v.diff ?? v.metamorphic?.diff;
    if (diff) {
      const diffLines = diff.split('\n').filter((l) => l !== '');
      for (const l of diffLines.slice(0, verbose ? undefined : MAX_DIFF_LINES)) {
        lines.push(`    ${l.startsWith('+') && !l.startsWith('+++') ? c.green(l) : l.startsWith('-') && !l.startsWith('---') ? c.red(l) : l}`);
      }
      if (!verbose && diffLines.length > MAX_DIFF_LINES) lines.push(`    … ${diffLines.length - MAX_DIFF_LINES} more diff lines`);
    }
  } else if (v.verdict === 'XPASS') {
    lines.push(`${head}  expected ${v.expectation?.verdict ?? ''} but got ${v.rawVerdict ?? ''}: ${escapeText(v.expectation?.reason ?? '')}`);
  } else {
    const e = v.error;
    lines.push(`${head}  ${e ? `${e.kind}${e.code ? ` ${e.code}` : ''}: ${e.message}` : ''}`);
    if (e?.stderrTail) {
      const tail = e.stderrTail.split('\n').filter((l) => l !== '').slice(-8);
      for (const l of tail) lines.push(`    stderr: ${l}`);
    }
  }
  for (const n of v.notes) lines.push(`    note: ${n}`);
  if (v.reproduce !== undefined) lines.push(`    reproduce: ${escapeText(v.reproduce)}`);
  return `${lines.join('\n')}\n`;
}
