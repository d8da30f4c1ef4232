/**
 * The console view of a run. While it runs, one of the reporters of `--reporter`:
 * `progress` (a progress line redrawn in place, on a TTY), `line` (a progress line at
 * least every 5 seconds or every 10% of the vectors, for CI logs), `dot` (one character
 * per vector), `github` (the line reporter, then GitHub Actions annotations,
 * github-annotations.ts), `quiet` (nothing until the gate line). The progress and line
 * reporters name the query or build in flight longest and how long it has waited, so a
 * stalled run says what it waits on. Then a summary naming the vector set, the
 * provider, the kit, every vector that fails the gate with its clauses, the counts by
 * category and by violated clause, and the gate itself. Colour only on a TTY
 * (picocolors). Everything provider-controlled was escaped before it got here or is
 * escaped here.
 */
import type { Writable } from 'node:stream';
import pc from 'picocolors';
import { formatViolation, escapeText } from '../../oracle/index.js';
import { gateEffect, VERDICTS, verdictNotHandled, type VectorJudgement } from '../judge/verdict.js';
import { describeHermetic } from '../hermetic/hermetic-observation.js';
import { describeLimits, describeSandbox } from '../sandbox/describe-sandbox.js';
import { describeProvider, differenceLines } from './describe.js';
import { describeFreshPhase, failingFreshCases } from './fresh-phase-report.js';
import { describeFuzzPhase } from './fuzz-phase-report.js';
import { gateHeadline, type GateReport } from './gate-report.js';
import { githubAnnotations, type AnnotationSources } from './github-annotations.js';
import type { EventSink, ProgressOutcome } from './run-events.js';
import type { RunSummary } from './run-summary.js';
import { bySeverity } from './severity-order.js';

type Colors = ReturnType<typeof pc.createColors>;

export const REPORTERS = ['progress', 'line', 'dot', 'github', 'quiet'] as const;
export type ReporterKind = (typeof REPORTERS)[number];

/** The most failing vectors detailed on the console (the reports have all). */
const MAX_DETAILED = 40;
/** The most diff lines shown per vector on the console. */
const MAX_DIFF_LINES = 24;
/** The most clauses listed in the console summary. */
const MAX_CLAUSES = 20;
/** The line reporter prints at least this often while vectors are judged. */
export const LINE_INTERVAL_MS = 5000;
/** Dots per line of the dot reporter. */
const DOTS_PER_LINE = 80;

/**
 * The reporter `--reporter auto` (the default) picks: `github` under GitHub Actions
 * (`GITHUB_ACTIONS=true`), `progress` on a TTY, else `line`.
 */
export function chooseReporter(requested: string, tty: boolean, env: NodeJS.ProcessEnv): ReporterKind {
  if (requested !== 'auto') return requested as ReporterKind;
  if (env['GITHUB_ACTIONS'] === 'true') return 'github';
  return tty ? 'progress' : 'line';
}

export interface ConsoleReporter {
  sink: EventSink;
  /**
   * Prints the summary of a finished run (with its fuzz and hermetic sections), then the `extra` lines; the `github`
   * reporter then writes its annotations, naming `sources` as where the rest is.
   */
  summary(report: GateReport, extra?: string[], sources?: AnnotationSources): void;
}

export interface ConsoleReporterOptions {
  verbose?: boolean;
  /** Default `progress` on a TTY, else `line`. */
  kind?: ReporterKind;
  /** The clock of the line reporter (tests pass their own). */
  now?: () => number;
}

/** A console reporter writing to `out`; `tty` turns on colour. */
export function consoleReporter(out: Writable, tty: boolean, options: ConsoleReporterOptions = {}): ConsoleReporter {
  const c = pc.createColors(tty);
  const kind = options.kind ?? (tty ? 'progress' : 'line');
  const now = options.now ?? Date.now;
  const counts = new Map<ProgressOutcome, number>();
  // What is in flight, by phase and id, with when it went out: the progress line names the longest waiting.
  const inFlight = new Map<string, { id: string; work: 'query' | 'build'; since: number }>();
  let progressShown = false;
  let dots = 0;
  let lastLine = { at: now(), done: 0 };
  let latest: Extract<Parameters<EventSink>[0], { event: 'progress' }> | undefined;
  let timer: NodeJS.Timeout | undefined;
  const tallyText = (): string => [...counts.entries()].map(([k, n]) => `${colorVerdict(c, k)} ${n}`).join('  ');
  const flightText = (): string => {
    let oldest: { id: string; work: 'query' | 'build'; since: number } | undefined;
    for (const f of inFlight.values()) if (oldest === undefined || f.since < oldest.since) oldest = f;
    if (oldest === undefined) return '';
    const seconds = Math.floor((now() - oldest.since) / 1000);
    const more = inFlight.size > 1 ? ` and ${inFlight.size - 1} more` : '';
    const what = oldest.work === 'build' ? 'building' : 'waiting on';
    return `  ${what} ${escapeText(oldest.id)} (${seconds} s)${more}`;
  };
  const printLine = (): void => {
    if (latest === undefined) return;
    const e = latest;
    const pct = e.total === 0 ? 100 : Math.floor((e.done * 100) / e.total);
    const head = `${phaseName(e.phase)} ${e.done}/${e.total} (${pct}%)`;
    out.write(`${head}  ${tallyText()}${e.done < e.total ? flightText() : ''}\n`);
    lastLine = { at: now(), done: e.done };
  };
  const drawProgress = (e: Extract<Parameters<EventSink>[0], { event: 'progress' }>): void => {
    const head = `${phaseName(e.phase)} ${e.done}/${e.total}`;
    out.write(`\r\x1b[2K${head}  ${tallyText()}${e.done < e.total ? flightText() : ''}`);
    progressShown = true;
  };
  const onProgress = (e: Extract<Parameters<EventSink>[0], { event: 'progress' }>): void => {
    if (latest !== undefined && latest.phase !== e.phase) counts.clear();
    latest = e;
    inFlight.delete(`${e.phase} ${e.id}`);
    counts.set(e.outcome, (counts.get(e.outcome) ?? 0) + 1);
    if (kind === 'progress') {
      drawProgress(e);
      if (e.done === e.total) {
        out.write('\n');
        counts.clear();
        progressShown = false;
      }
    } else if (kind === 'line' || kind === 'github') {
      // Every 10% of the vectors, every 5 seconds, and at the end of each phase.
      const step = Math.max(1, Math.ceil(e.total / 10));
      if (e.done === e.total || e.done - lastLine.done >= step || now() - lastLine.at >= LINE_INTERVAL_MS) printLine();
      if (e.done === e.total) {
        counts.clear();
        lastLine = { at: now(), done: 0 };
      }
    } else if (kind === 'dot') {
      out.write(dotOf(c, e.outcome));
      dots += 1;
      if (dots % DOTS_PER_LINE === 0 || e.done === e.total) out.write(` ${e.done}/${e.total}\n`);
      if (e.done === e.total) dots = 0;
    }
  };
  const sink: EventSink = (e) => {
    if (e.event === 'run-start') {
      if (kind === 'quiet') return;
      const m = e.metamorphic;
      const replay = `${m.sample} vectors, seed ${m.seed} (replay with --metamorphic ${m.sample} --seed ${m.seed})`;
      out.write(`kofun-ctk ${escapeText(e.kit_version)}: ${e.selection.total} vectors of set ${e.vector_set_sha256}\n`);
      out.write(`metamorphic: ${m.sample === 0 ? 'off' : replay}\n`);
      const f = e.fresh;
      if (f !== undefined && f.sample !== 0)
        out.write(
          `fresh: ${f.sample === 'all' ? 'every selected vector' : `up to ${f.sample} cases`} in renamed worlds, ` +
            `seed ${f.seed} (replay with --seed ${f.seed})\n`,
        );
      if (kind === 'line' || kind === 'github') {
        // A provider that hangs still gets a line every 5 seconds; unref'd, so it never holds the process open.
        timer = setInterval(() => {
          if (latest !== undefined && latest.done < latest.total && now() - lastLine.at >= LINE_INTERVAL_MS)
            printLine();
        }, LINE_INTERVAL_MS);
        timer.unref();
      }
    } else if (e.event === 'provider') {
      if (kind !== 'quiet') out.write(`provider: ${describeProvider(e.identity)}\n`);
    } else if (e.event === 'provider-restart' && kind !== 'progress' && kind !== 'quiet') {
      out.write(`provider instance ${e.lane} restarted: ${escapeText(e.reason)}\n`);
    } else if (e.event === 'vector-start') {
      inFlight.set(`${e.phase} ${e.id}`, { id: e.id, work: e.work, since: now() });
      // The progress line names it at once; the line reporter names it in its next line.
      if (kind === 'progress' && latest !== undefined && latest.phase === e.phase) drawProgress(latest);
    } else if (e.event === 'progress') {
      onProgress(e);
    } else if (e.event === 'run-end') {
      if (timer !== undefined) clearInterval(timer);
      if (progressShown) {
        out.write('\n');
        progressShown = false;
      }
    }
  };
  const summary = (report: GateReport, extra: string[] = [], sources?: AnnotationSources): void => {
    if (kind !== 'quiet') {
      // What matters most first: a wrong value before an order, a layout, an ERROR, a NOT-RUN. A NOT-APPLICABLE
      // vector is counted by feature in the summary, not listed.
      const failing = bySeverity([
        ...report.vectors.filter((v) => gateEffect(v.verdict) !== 'passes' && gateEffect(v.verdict) !== 'excepted'),
        ...failingFreshCases(report.fresh),
      ]);
      for (const v of failing.slice(0, MAX_DETAILED)) out.write(detail(c, v, options.verbose ?? false));
      if (failing.length > MAX_DETAILED) {
        out.write(`… and ${failing.length - MAX_DETAILED} more; see the JSON, JUnit, Markdown or HTML report\n`);
      }
      out.write(summaryText(report.summary));
      const tally = VERDICTS.filter((v) => report.counts[v] > 0).map(
        (v) => `${colorVerdict(c, v)} ${report.counts[v]}`,
      );
      out.write(`\n${tally.join('  ') || 'no vectors'} in ${(report.duration_ms / 1000).toFixed(1)} s\n`);
      if (report.fresh !== undefined) out.write(`${escapeText(describeFreshPhase(report.fresh))}\n`);
      if (report.fuzz !== undefined) out.write(`${escapeText(describeFuzzPhase(report.fuzz))}\n`);
      if (report.sandbox !== undefined) out.write(`${escapeText(describeSandbox(report.sandbox))}\n`);
      if (report.sandbox?.limits !== undefined) out.write(`${escapeText(describeLimits(report.sandbox.limits))}\n`);
      if (report.hermetic !== undefined) out.write(`${escapeText(describeHermetic(report.hermetic))}\n`);
      for (const line of extra) out.write(`${line}\n`);
    }
    const headline = `gate ${gateHeadline(report.gate)}`;
    const gate = report.gate.passed ? c.green(c.bold(headline)) : c.red(c.bold(headline));
    const who = `provider ${describeProvider(report.provider)}, kofun-ctk ${escapeText(report.kit_version)}`;
    out.write(`${gate} (exit ${report.gate.exit_code}) for vector set ${report.vector_set_sha256}, ${who}\n`);
    for (const r of report.gate.reasons) out.write(`  - ${escapeText(r)}\n`);
    if (kind === 'github') for (const line of githubAnnotations(report, sources)) out.write(`${line}\n`);
  };
  return { sink, summary };
}

/** What the progress lines call a phase. */
function phaseName(phase: 'base' | 'state' | 'metamorphic' | 'fresh'): string {
  return phase === 'base' ? 'vectors' : phase;
}

/** The counts by category and the clauses most violated, as console lines. */
export function summaryText(summary: RunSummary): string {
  const lines: string[] = [];
  if (summary.by_category.length > 1 || summary.by_category.some((c) => c.counts.PASS !== c.total)) {
    lines.push('by category:');
    for (const cat of summary.by_category) {
      const tally = VERDICTS.filter((v) => cat.counts[v] > 0).map((v) => `${v} ${cat.counts[v]}`);
      lines.push(`  ${escapeText(cat.category)}: ${cat.total} vectors: ${tally.join(', ')}`);
    }
  }
  if (summary.by_clause.length > 0) {
    lines.push('by violated clause:');
    for (const cl of summary.by_clause.slice(0, MAX_CLAUSES)) {
      const expected = cl.expected > 0 ? `, ${cl.expected} expected (XFAIL)` : '';
      lines.push(
        `  ${cl.clause}: ${cl.failing} failing${expected} (${cl.categories.map((x) => escapeText(x)).join(', ')})`,
      );
    }
    if (summary.by_clause.length > MAX_CLAUSES)
      lines.push(`  … and ${summary.by_clause.length - MAX_CLAUSES} more clauses`);
  }
  if (summary.by_error.length > 0) {
    lines.push('without result bytes:');
    for (const e of summary.by_error)
      lines.push(`  ${e.kind}: ${e.failing}${e.expected > 0 ? `, ${e.expected} expected (XFAIL)` : ''}`);
  }
  const features = summary.by_feature ?? [];
  if (features.length > 0) {
    lines.push('not applicable (NOT-APPLICABLE: features the provider declares missing):');
    for (const f of features) lines.push(`  ${escapeText(f.feature)}: ${f.vectors}`);
  }
  const alternatives = summary.by_alternative ?? [];
  if (alternatives.length > 0) {
    lines.push('passed by a named alternative (ACCEPTABLE), by register entry:');
    for (const a of alternatives)
      lines.push(`  ${escapeText(a.interpretation)} (${escapeText(a.name)}): ${a.vectors}, ${a.declared} declared`);
  }
  return lines.length === 0 ? '' : `\n${lines.join('\n')}\n`;
}

/** The dot reporter's character for a progress outcome (the expectations apply later: no XFAIL or XPASS here). */
function dotOf(c: Colors, outcome: ProgressOutcome): string {
  switch (outcome) {
    case 'PASS':
    case 'same':
      return c.green('.');
    case 'ACCEPTABLE':
      return c.cyan('a');
    case 'FAIL':
    case 'differs':
      return c.red('F');
    case 'ERROR':
      return c.yellow('E');
    case 'NOT-RUN':
      return c.yellow('N');
    case 'NOT-APPLICABLE':
      return c.dim('-');
    case 'XFAIL':
    case 'XPASS':
    case 'not-run':
      return '?';
    default:
      return verdictNotHandled(outcome);
  }
}

function colorVerdict(c: Colors, verdict: ProgressOutcome): string {
  switch (verdict) {
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
    case 'ERROR':
    case 'NOT-RUN':
    case 'not-run':
      return c.yellow(verdict);
    case 'NOT-APPLICABLE':
      return c.dim(verdict);
    default:
      return verdictNotHandled(verdict);
  }
}

function detail(c: Colors, v: VectorJudgement, verbose: boolean): string {
  const head = `${colorVerdict(c, v.verdict)} ${escapeText(v.id)}`;
  const lines = [...detailLines(c, v, head, verbose)];
  for (const n of v.notes) lines.push(`    note: ${n}`);
  if (v.reproduce !== undefined) lines.push(`    reproduce: ${escapeText(v.reproduce)}`);
  return `${lines.join('\n')}\n`;
}

/** What the console says of a vector that fails the gate, by verdict (a passing one is not detailed). */
function detailLines(c: Colors, v: VectorJudgement, head: string, verbose: boolean): string[] {
  switch (v.verdict) {
    case 'FAIL':
      return failLines(c, v, head, verbose);
    case 'XPASS':
      return [
        `${head}  expected ${v.expectation?.verdict ?? ''} but ` +
          `got ${v.raw_verdict ?? ''}: ${escapeText(v.expectation?.reason ?? '')}`,
      ];
    case 'ERROR':
    case 'NOT-RUN': {
      const e = v.error;
      const lines = [`${head}  ${e ? `${e.kind}${e.code ? ` ${e.code}` : ''}: ${e.message}` : ''}`];
      if (e?.stderr_tail) {
        const tail = e.stderr_tail
          .split('\n')
          .filter((l) => l !== '')
          .slice(-8);
        for (const l of tail) lines.push(`    stderr: ${l}`);
      }
      return lines;
    }
    case 'NOT-APPLICABLE':
      return [`${head}  needs features ${v.missing_features.join(', ')}, which the provider declares missing`];
    case 'PASS':
    case 'ACCEPTABLE':
    case 'XFAIL':
      return [head];
    default:
      return verdictNotHandled(v);
  }
}

function failLines(c: Colors, v: Extract<VectorJudgement, { verdict: 'FAIL' }>, head: string, verbose: boolean) {
  const lines: string[] = [];
  const source =
    v.clause_source === 'difference'
      ? " (the vector's clauses for the differing parts; the verifier found no violation)"
      : '';
  lines.push(`${head}  ${v.fail_clauses.join(' ')}${source}`);
  if (v.difference)
    for (const l of differenceLines(v.difference, 'terminal')) lines.push(`    ${'  '.repeat(l.depth)}${l.text}`);
  if (v.metamorphic && !v.metamorphic.ok) {
    lines.push(`    metamorphic (seed ${v.metamorphic.seed}): ${v.metamorphic.detail ?? ''}`);
    if (v.metamorphic.difference)
      for (const l of differenceLines(v.metamorphic.difference, 'terminal'))
        lines.push(`      ${'  '.repeat(l.depth)}${l.text}`);
  }
  if (v.state && !v.state.ok) {
    lines.push(`    state: ${v.state.detail}`);
    if (v.state.difference)
      for (const l of differenceLines(v.state.difference, 'terminal'))
        lines.push(`      ${'  '.repeat(l.depth)}${l.text}`);
  }
  for (const violation of v.violations.slice(0, verbose ? undefined : 5))
    lines.push(`    ${formatViolation(violation)}`);
  if (v.violations.length > 5 && !verbose) lines.push(`    … ${v.violations.length - 5} more violations`);
  const diff = v.diff ?? v.metamorphic?.diff ?? v.state?.diff;
  if (diff) {
    const diffLines = diff.split('\n').filter((l) => l !== '');
    for (const l of diffLines.slice(0, verbose ? undefined : MAX_DIFF_LINES)) {
      const added = l.startsWith('+') && !l.startsWith('+++');
      const removed = l.startsWith('-') && !l.startsWith('---');
      lines.push(`    ${added ? c.green(l) : removed ? c.red(l) : l}`);
    }
    if (!verbose && diffLines.length > MAX_DIFF_LINES)
      lines.push(`    … ${diffLines.length - MAX_DIFF_LINES} more diff lines`);
  }
  return lines;
}
