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

/** How each judged vector shows while a run goes: redrawn in place, a line now and then, a dot, or nothing. */
type ProgressStyle = 'redraw' | 'line' | 'dot' | 'none';

/** What a reporter kind prints; one entry per kind of {@link REPORTERS}, so a new kind must say all of it. */
interface ReporterStyle {
  /** The run's opening lines, the provider line and the summary's detail before the gate line (all but quiet). */
  readonly talks: boolean;
  /** Provider restarts named as they happen (a redrawn progress line would hide them). */
  readonly restarts: boolean;
  readonly progress: ProgressStyle;
  /** GitHub Actions annotations after the gate line. */
  readonly annotations: boolean;
}

const REPORTER_STYLES: Record<ReporterKind, ReporterStyle> = {
  progress: { talks: true, restarts: false, progress: 'redraw', annotations: false },
  line: { talks: true, restarts: true, progress: 'line', annotations: false },
  dot: { talks: true, restarts: true, progress: 'dot', annotations: false },
  github: { talks: true, restarts: true, progress: 'line', annotations: true },
  quiet: { talks: false, restarts: false, progress: 'none', annotations: false },
};

type RunEvent = Parameters<EventSink>[0];
type ProgressEvent = Extract<RunEvent, { event: 'progress' }>;

/** What the console knows of a run in progress: the tallies of the phase, what is in flight, what was drawn. */
class ProgressView {
  private readonly counts = new Map<ProgressOutcome, number>();
  // What is in flight, by phase and id, with when it went out: the progress line names the longest waiting.
  private readonly inFlight = new Map<string, { id: string; work: 'query' | 'build'; since: number }>();
  private progressShown = false;
  private dots = 0;
  private lastLine: { at: number; done: number };
  latest: ProgressEvent | undefined;

  constructor(
    private readonly out: Writable,
    private readonly c: Colors,
    private readonly now: () => number,
  ) {
    this.lastLine = { at: now(), done: 0 };
  }

  /** How each progress style shows one judged vector. */
  private readonly shows: Record<ProgressStyle, (e: ProgressEvent) => void> = {
    redraw: (e) => {
      this.draw(e);
      if (e.done === e.total) {
        this.out.write('\n');
        this.counts.clear();
        this.progressShown = false;
      }
    },
    line: (e) => {
      // Every 10% of the vectors, every 5 seconds, and at the end of each phase.
      const step = Math.max(1, Math.ceil(e.total / 10));
      const last = this.lastLine;
      if (e.done === e.total || e.done - last.done >= step || this.now() - last.at >= LINE_INTERVAL_MS)
        this.printLine();
      if (e.done === e.total) {
        this.counts.clear();
        this.lastLine = { at: this.now(), done: 0 };
      }
    },
    dot: (e) => {
      this.out.write(dotOf(this.c, e.outcome));
      this.dots += 1;
      if (this.dots % DOTS_PER_LINE === 0 || e.done === e.total) this.out.write(` ${e.done}/${e.total}\n`);
      if (e.done === e.total) this.dots = 0;
    },
    none: () => undefined,
  };

  /** A vector was judged: counted, and shown in `style`. */
  progress(e: ProgressEvent, style: ProgressStyle): void {
    if (this.latest !== undefined && this.latest.phase !== e.phase) this.counts.clear();
    this.latest = e;
    this.inFlight.delete(`${e.phase} ${e.id}`);
    this.counts.set(e.outcome, (this.counts.get(e.outcome) ?? 0) + 1);
    this.shows[style](e);
  }

  /** A query or build went out; a redrawn line names it at once. */
  started(e: Extract<RunEvent, { event: 'vector-start' }>, redraw: boolean): void {
    this.inFlight.set(`${e.phase} ${e.id}`, { id: e.id, work: e.work, since: this.now() });
    if (redraw && this.latest !== undefined && this.latest.phase === e.phase) this.draw(this.latest);
  }

  /** The line reporter's line when the last is older than the interval and the phase is not done. */
  tick(): void {
    const e = this.latest;
    if (e !== undefined && e.done < e.total && this.now() - this.lastLine.at >= LINE_INTERVAL_MS) this.printLine();
  }

  /** Ends a redrawn line still on screen. */
  end(): void {
    if (!this.progressShown) return;
    this.out.write('\n');
    this.progressShown = false;
  }

  private tallyText(): string {
    return [...this.counts.entries()].map(([k, n]) => `${colorVerdict(this.c, k)} ${n}`).join('  ');
  }

  private flightText(): string {
    let oldest: { id: string; work: 'query' | 'build'; since: number } | undefined;
    for (const f of this.inFlight.values()) if (oldest === undefined || f.since < oldest.since) oldest = f;
    if (oldest === undefined) return '';
    const seconds = Math.floor((this.now() - oldest.since) / 1000);
    const more = this.inFlight.size > 1 ? ` and ${this.inFlight.size - 1} more` : '';
    const what = oldest.work === 'build' ? 'building' : 'waiting on';
    return `  ${what} ${escapeText(oldest.id)} (${seconds} s)${more}`;
  }

  private printLine(): void {
    const e = this.latest;
    if (e === undefined) return;
    const pct = e.total === 0 ? 100 : Math.floor((e.done * 100) / e.total);
    const head = `${phaseName(e.phase)} ${e.done}/${e.total} (${pct}%)`;
    this.out.write(`${head}  ${this.tallyText()}${e.done < e.total ? this.flightText() : ''}\n`);
    this.lastLine = { at: this.now(), done: e.done };
  }

  private draw(e: ProgressEvent): void {
    const head = `${phaseName(e.phase)} ${e.done}/${e.total}`;
    this.out.write(`\r\x1b[2K${head}  ${this.tallyText()}${e.done < e.total ? this.flightText() : ''}`);
    this.progressShown = true;
  }
}

/** A console reporter writing to `out`; `tty` turns on colour. */
export function consoleReporter(out: Writable, tty: boolean, options: ConsoleReporterOptions = {}): ConsoleReporter {
  const c = pc.createColors(tty);
  const style = REPORTER_STYLES[options.kind ?? (tty ? 'progress' : 'line')];
  const view = new ProgressView(out, c, options.now ?? Date.now);
  let timer: NodeJS.Timeout | undefined;
  const sink: EventSink = (e) => {
    if (e.event === 'run-start') {
      if (!style.talks) return;
      writeRunStart(out, e);
      if (style.progress === 'line') {
        // A provider that hangs still gets a line every 5 seconds; unref'd, so it never holds the process open.
        timer = setInterval(() => view.tick(), LINE_INTERVAL_MS);
        timer.unref();
      }
    } else if (e.event === 'provider') {
      if (style.talks) out.write(`provider: ${describeProvider(e.identity)}\n`);
    } else if (e.event === 'provider-restart' && style.restarts) {
      out.write(`provider instance ${e.lane} restarted: ${escapeText(e.reason)}\n`);
    } else if (e.event === 'vector-start') {
      // The progress line names it at once; the line reporter names it in its next line.
      view.started(e, style.progress === 'redraw');
    } else if (e.event === 'progress') {
      view.progress(e, style.progress);
    } else if (e.event === 'run-end') {
      if (timer !== undefined) clearInterval(timer);
      view.end();
    }
  };
  const summary = (report: GateReport, extra: string[] = [], sources?: AnnotationSources): void => {
    if (style.talks) writeSummaryDetail(out, c, report, extra, options.verbose ?? false);
    writeGateLines(out, c, report);
    if (style.annotations) for (const line of githubAnnotations(report, sources)) out.write(`${line}\n`);
  };
  return { sink, summary };
}

/** The opening lines of a run: the vector set, the metamorphic and fresh phases and how to replay them. */
function writeRunStart(out: Writable, e: Extract<RunEvent, { event: 'run-start' }>): void {
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
}

/** The failing vectors in detail, the counts, the phases, the sandbox and `extra`: what comes before the gate line. */
function writeSummaryDetail(out: Writable, c: Colors, report: GateReport, extra: string[], verbose: boolean): void {
  // What matters most first: a wrong value before an order, a layout, an ERROR, a NOT-RUN. A NOT-APPLICABLE
  // vector is counted by feature in the summary, not listed.
  const failing = bySeverity([
    ...report.vectors.filter((v) => gateEffect(v.verdict) !== 'passes' && gateEffect(v.verdict) !== 'excepted'),
    ...failingFreshCases(report.fresh),
  ]);
  for (const v of failing.slice(0, MAX_DETAILED)) out.write(detail(c, v, verbose));
  if (failing.length > MAX_DETAILED) {
    out.write(`… and ${failing.length - MAX_DETAILED} more; see the JSON, JUnit, Markdown or HTML report\n`);
  }
  out.write(summaryText(report.summary));
  const tally = VERDICTS.filter((v) => report.counts[v] > 0).map((v) => `${colorVerdict(c, v)} ${report.counts[v]}`);
  out.write(`\n${tally.join('  ') || 'no vectors'} in ${(report.duration_ms / 1000).toFixed(1)} s\n`);
  if (report.fresh !== undefined) out.write(`${escapeText(describeFreshPhase(report.fresh))}\n`);
  if (report.fuzz !== undefined) out.write(`${escapeText(describeFuzzPhase(report.fuzz))}\n`);
  if (report.sandbox !== undefined) out.write(`${escapeText(describeSandbox(report.sandbox))}\n`);
  if (report.sandbox?.limits !== undefined) out.write(`${escapeText(describeLimits(report.sandbox.limits))}\n`);
  if (report.hermetic !== undefined) out.write(`${escapeText(describeHermetic(report.hermetic))}\n`);
  for (const line of extra) out.write(`${line}\n`);
}

/** The gate line and its reasons, which every reporter prints. */
function writeGateLines(out: Writable, c: Colors, report: GateReport): void {
  const headline = `gate ${gateHeadline(report.gate)}`;
  const gate = report.gate.passed ? c.green(c.bold(headline)) : c.red(c.bold(headline));
  const who = `provider ${describeProvider(report.provider)}, kofun-ctk ${escapeText(report.kit_version)}`;
  out.write(`${gate} (exit ${report.gate.exit_code}) for vector set ${report.vector_set_sha256}, ${who}\n`);
  for (const r of report.gate.reasons) out.write(`  - ${escapeText(r)}\n`);
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
