/**
 * Fact-status closure as far as one result shows it (KD-CLOSURE-07..12, KD-CLOSURE-17,
 * KD-TYPE-02..07, KD-OP-09..13, KD-ORIGIN-13): every fact is at least as restrictive as
 * each dependency it lists and each record nested in it (OQ-22 A: the listed statuses are
 * closure statuses), validated needs validated everything, error needs a diagnostic ID,
 * unavailable shows no fabricated value (OQ-25 A) and a validated rejection is definitive
 * (OQ-43 A). Upgrades against ground truth need the fixture (check-against-fixture).
 *
 * Pointers and clauses match the result schema's reports where it states the same rule.
 */
import { childPointer, violation, type Violation } from '../violation.js';
import { arrayMember, describeValue, isRecord, member } from './json-access.js';
import { statusRank } from './status-rank.js';

/** OQ-43 A: the rejection reasons that rest on a definitive verdict, not on missing facts. */
const DEFINITIVE_REJECTIONS: ReadonlySet<string> = new Set([
  'ambiguous',
  'missing-effect',
  'requires-edit',
  'requires-read',
  'requires-take',
  'type-mismatch',
  'unsatisfied-bound',
]);

/** Checks the type fact and every operation row of a decoded result. */
export function checkClosure(result: unknown): Violation[] {
  const out: Violation[] = [];
  const type = member(result, 'type');
  if (isRecord(type)) checkTypeFact(type, out);
  arrayMember(result, 'operations').forEach((op, i) => {
    if (isRecord(op)) checkOperation(op, `/operations/${i}`, out);
  });
  return out;
}

function push(
  out: Violation[],
  code: string,
  clause: string,
  pointer: string,
  message: string,
  expected: string,
  actual: unknown,
): void {
  out.push(violation(code, clause, message, { pointer, expected, actual: describeValue(actual) }));
}

/** Each listed dependency is no more restrictive than the fact (KD-CLOSURE-08, KD-CLOSURE-09). */
function checkListedDependencies(fact: unknown, factRank: number, pointer: string, out: Violation[]): void {
  arrayMember(fact, 'dependencies').forEach((dep, j) => {
    const depStatus = member(dep, 'status');
    const r = statusRank(depStatus);
    if (r === undefined || r <= factRank) return;
    const p = `${pointer}/dependencies/${j}/status`;
    if (factRank === 0) {
      push(
        out,
        'validated-with-unvalidated-dependency',
        'KD-CLOSURE-09',
        p,
        'A validated fact requires every listed dependency to be validated.',
        '"validated"',
        depStatus,
      );
    } else {
      push(
        out,
        'dependency-more-restrictive',
        'KD-CLOSURE-08',
        p,
        "A fact's status is at least as restrictive as every listed dependency.",
        `at most the fact's own status`,
        depStatus,
      );
    }
  });
}

function checkTypeFact(type: Readonly<Record<string, unknown>>, out: Violation[]): void {
  const status = member(type, 'status');
  const rank = statusRank(status);
  if (rank === undefined) return;
  const identity = member(type, 'identity');
  const display = member(type, 'display');
  const reason = member(type, 'reason');
  const diagnosticIds = arrayMember(type, 'diagnostic_ids');
  if (status === 'validated') {
    if (!isRecord(identity)) {
      push(
        out,
        'validated-type-without-identity',
        'KD-TYPE-02',
        '/type/identity',
        'A validated type has an identity of kind TypeId.',
        'an Identity',
        identity,
      );
    } else if (member(identity, 'kind') !== 'TypeId') {
      push(
        out,
        'type-identity-kind',
        'KD-TYPE-02',
        '/type/identity/kind',
        'A validated type has an identity of kind TypeId.',
        '"TypeId"',
        member(identity, 'kind'),
      );
    }
    if (typeof display !== 'string')
      push(
        out,
        'validated-type-without-display',
        'KD-TYPE-02',
        '/type/display',
        'A validated type has a display.',
        'a Display',
        display,
      );
    if (reason !== null)
      push(
        out,
        'validated-type-with-reason',
        'KD-TYPE-02',
        '/type/reason',
        'A validated type has a null reason.',
        'null',
        reason,
      );
  } else {
    const clause = status === 'provisional' ? 'KD-TYPE-04' : 'KD-TYPE-05';
    if (identity !== null)
      push(
        out,
        `${status}-type-with-identity`,
        clause,
        '/type/identity',
        `A ${status} type has no identity.`,
        'null',
        identity,
      );
    if (reason === null)
      push(
        out,
        `${status}-type-without-reason`,
        clause,
        '/type/reason',
        `A ${status} type has a non-null reason.`,
        'a FactReason',
        reason,
      );
    if (status === 'error') {
      if (typeof reason === 'string' && reason !== 'rejected-by-diagnostic') {
        push(
          out,
          'error-type-reason',
          'KD-TYPE-06',
          '/type/reason',
          'An error type uses rejected-by-diagnostic.',
          '"rejected-by-diagnostic"',
          reason,
        );
      }
      if (diagnosticIds.length === 0) {
        push(
          out,
          'error-type-without-diagnostic',
          'KD-TYPE-06',
          '/type/diagnostic_ids',
          'An error type has at least one diagnostic ID.',
          'at least one diagnostic ID',
          diagnosticIds,
        );
      }
    }
    if (status === 'unavailable' && display !== null) {
      push(
        out,
        'unavailable-type-with-display',
        'KD-TYPE-07',
        '/type/display',
        'An unavailable type has no display; it shows no fabricated value.',
        'null',
        display,
      );
    }
  }
  checkListedDependencies(type, rank, '/type', out);
}

function checkOperation(op: Readonly<Record<string, unknown>>, pointer: string, out: Violation[]): void {
  const status = member(op, 'status');
  const rank = statusRank(status);
  const availability = member(op, 'availability');
  const callable = availability === 'callable';
  const reasons = arrayMember(op, 'rejection_reasons');

  if (availability === 'unavailable' && reasons.length === 0) {
    push(
      out,
      'unavailable-without-rejection',
      'KD-OP-12',
      `${pointer}/rejection_reasons`,
      'Every row with availability unavailable has at least one rejection reason.',
      'at least one rejection reason',
      reasons,
    );
  }
  if (rank === undefined) return;

  if (callable && status !== 'validated') {
    push(
      out,
      'nonvalidated-row-callable',
      'KD-OP-13',
      `${pointer}/availability`,
      'A provisional, error or unavailable row has availability unavailable; only a validated row is callable.',
      '"unavailable"',
      availability,
    );
  }
  if (callable && status === 'validated') {
    const sig = member(op, 'signature');
    const mode = member(op, 'receiver_mode');
    if (sig === null)
      push(
        out,
        'callable-without-signature',
        'KD-OP-09',
        `${pointer}/signature`,
        'A validated callable row has a non-null signature.',
        'a Signature',
        sig,
      );
    if (mode === null)
      push(
        out,
        'callable-without-receiver-mode',
        'KD-OP-09',
        `${pointer}/receiver_mode`,
        'A validated callable row has a non-null receiver mode.',
        'read | edit | take | none',
        mode,
      );
    if (reasons.length > 0)
      push(
        out,
        'callable-with-rejection',
        'KD-OP-09',
        `${pointer}/rejection_reasons`,
        'A validated callable row has an empty rejection list.',
        '[]',
        reasons,
      );
  }
  if (status === 'error') {
    const ids = arrayMember(op, 'diagnostic_ids');
    if (ids.length === 0)
      push(
        out,
        'error-row-without-diagnostic',
        'KD-OP-13',
        `${pointer}/diagnostic_ids`,
        'An error row has at least one diagnostic ID.',
        'at least one diagnostic ID',
        ids,
      );
  }
  if (status === 'unavailable') {
    // OQ-25 A: an unavailable fact shows no fabricated value (KD-CLOSURE-11).
    const sig = member(op, 'signature');
    const mode = member(op, 'receiver_mode');
    if (sig !== null)
      push(
        out,
        'unavailable-row-with-signature',
        'KD-CLOSURE-11',
        `${pointer}/signature`,
        'A row with status unavailable has a null signature (OQ-25 A).',
        'null',
        sig,
      );
    if (mode !== null)
      push(
        out,
        'unavailable-row-with-receiver-mode',
        'KD-CLOSURE-11',
        `${pointer}/receiver_mode`,
        'A row with status unavailable has a null receiver mode (OQ-25 A).',
        'null',
        mode,
      );
  }
  if (status === 'validated' && availability === 'unavailable') {
    reasons.forEach((r, j) => {
      if (typeof r === 'string' && !DEFINITIVE_REJECTIONS.has(r)) {
        push(
          out,
          'validated-row-indefinite-rejection',
          'KD-OP-11',
          `${pointer}/rejection_reasons/${j}`,
          'A validated unavailable row is a definitive rejection; incomplete-analysis, ' +
            'limit-exhausted and unsupported-in-profile imply a nonvalidated row (OQ-43 A).',
          [...DEFINITIVE_REJECTIONS].join(' | '),
          r,
        );
      }
    });
  }

  checkListedDependencies(op, rank, pointer, out);

  // KD-CLOSURE-17: the row is at least as restrictive as every nested record; a callable
  // row needs a validated origin (KD-ORIGIN-13).
  const origin = member(op, 'origin');
  const originStatus = member(origin, 'status');
  const originRank = statusRank(originStatus);
  if (originRank !== undefined) {
    if (callable && originRank > 0) {
      push(
        out,
        'callable-origin-not-validated',
        'KD-ORIGIN-13',
        `${pointer}/origin/status`,
        'A callable row requires a validated origin.',
        '"validated"',
        originStatus,
      );
    } else if (originRank > rank) {
      push(
        out,
        'nested-more-restrictive',
        'KD-CLOSURE-17',
        `${pointer}/origin/status`,
        "A row's status is at least as restrictive as its origin's.",
        "at most the row's own status",
        originStatus,
      );
    }
  }
  for (const field of ['generic_requirements', 'effects'] as const) {
    arrayMember(op, field).forEach((nested, j) => {
      const s = member(nested, 'status');
      const r = statusRank(s);
      if (r !== undefined && r > rank) {
        push(
          out,
          'nested-more-restrictive',
          'KD-CLOSURE-17',
          childPointer(`${pointer}/${field}/${j}`, 'status'),
          `A row's status is at least as restrictive as every ` +
            `nested ${field === 'effects' ? 'effect' : 'generic requirement'}.`,
          "at most the row's own status",
          s,
        );
      }
    });
  }
}
