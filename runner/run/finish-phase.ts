/**
 * The finish of a gate run: what left it incomplete said once (files of the set that changed under it, an
 * interruption, whose unsent vectors become NOT-RUN), the hermetic trace's effects added to the judgements of the
 * queries they happened in, the expectations file applied, each failure given the command that reproduces it, the
 * gate computed (with the fresh phase's cases), and the report built from the events (with the fuzz phase's section,
 * which no event carries).
 */
import { compareUtf8 } from '../../oracle/index.js';
import { applyExpectations } from '../judge/expectations.js';
import { withHermeticViolations } from '../judge/hermetic-violations.js';
import { releaseNotRunJudgement } from '../judge/judge-release-vector.js';
import { notRunJudgement } from '../judge/judge-vector.js';
import { gateEffect } from '../judge/verdict.js';
import { hermeticSection } from '../hermetic/start-hermetic.js';
import { withFreshGate } from '../report/fresh-phase-report.js';
import { withFuzzPhase } from '../report/fuzz-phase-report.js';
import { computeGate, reportFromEvents, withMissingFeatures, type GateReport } from '../report/gate-report.js';
import type { InterruptReason } from '../report/run-events.js';
import { interruptedReason, type GateFindings, type GateRun } from './gate-run.js';

/** The most changed files named in the reason. */
const CHANGED_FILES_SHOWN = 5;

/** Finishes the run: the judgements out as events, the gate, the run-end event, and the report. */
export function finishPhase(run: GateRun, findings: GateFindings): GateReport {
  const { resources, sinks } = run;
  const abort = sinks.abort;
  const judgements = new Map(findings.judgements);
  const incomplete = [...findings.incomplete];
  if (findings.changedFiles.size > 0) {
    const files = [...findings.changedFiles].sort(compareUtf8);
    const shown = files.slice(0, CHANGED_FILES_SHOWN).join(', ');
    incomplete.push(
      `${files.length} files of the vector set changed after it was checked, so their vectors were not run ` +
        `(${shown}${files.length > CHANGED_FILES_SHOWN ? ', …' : ''}); run again on a set that does not change ` +
        `during the run`,
    );
  }
  if (abort?.aborted) {
    const finished = [...judgements.values()].filter((j) => j.verdict !== 'NOT-RUN').length;
    incomplete.push(`the run was interrupted (${String(abort.reason)}) after ${finished} of ${run.baseTotal} vectors`);
    for (const v of run.order)
      if (!judgements.has(v.id)) judgements.set(v.id, notRunJudgement(v, interruptedReason(run)));
    for (const v of run.releaseOrder)
      if (!judgements.has(v.id)) judgements.set(v.id, releaseNotRunJudgement(v, interruptedReason(run)));
  }
  const hermetic = resources.hermetic;
  if (hermetic !== undefined && 'session' in hermetic) {
    for (const [id, events] of hermetic.session.collect().byVector) {
      const judgement = judgements.get(id);
      if (judgement !== undefined) judgements.set(id, withHermeticViolations(judgement, events));
    }
  }
  const ordered = [...judgements.values()].sort((a, b) => compareUtf8(a.id, b.id));
  const applied = applyExpectations(ordered, resources.expectations, resources.vectors.knownIds);
  for (const judgement of applied.judgements) {
    const effect = gateEffect(judgement.verdict);
    const reproduce = effect === 'passes' || effect === 'excepted' ? undefined : sinks.reproduce?.(judgement);
    run.emit({ event: 'vector', judgement: reproduce === undefined ? judgement : { ...judgement, reproduce } });
  }
  const vectorGate = computeGate(applied.judgements, applied.unknown, incomplete);
  const withFresh = findings.fresh === undefined ? vectorGate : withFreshGate(vectorGate, findings.fresh);
  const notApplicable =
    applied.judgements.filter((j) => j.verdict === 'NOT-APPLICABLE').length +
    (findings.fresh?.counts['NOT-APPLICABLE'] ?? 0);
  const features = { missing: run.features.list(), allow: run.features.allow };
  const gate = withMissingFeatures(withFresh, features, notApplicable);
  run.emit({
    event: 'run-end',
    gate,
    unknown_expectations: applied.unknown,
    duration_ms: Date.now() - run.startedMs,
    interrupted_by: abort?.aborted ? (String(abort.reason) as InterruptReason) : null,
    ...(hermetic === undefined
      ? {}
      : {
          hermetic: hermeticSection(
            hermetic,
            [...judgements.values()].filter((j) => j.error?.kind === 'hermetic').length,
          ),
        }),
    ...(findings.fresh === undefined ? {} : { fresh: findings.fresh }),
  });
  const report = reportFromEvents(run.events);
  return findings.fuzz === undefined ? report : withFuzzPhase(report, findings.fuzz);
}
