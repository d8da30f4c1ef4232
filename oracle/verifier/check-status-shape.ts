/**
 * The status table of DiscoveryResultV1 (KD-RES-06..15) and the readings the kit takes
 * where the table is silent: what a "useful fact" is (OQ-14 A), a partial result's
 * reason is null (OQ-15 A), truncated is false outside partial (OQ-16 A), which reason
 * tokens go with which status (OQ-17 A) and that a complete result has no omission
 * (OQ-18 A). Request-dependent rows (echo, kind type) are in check-request-echo.
 *
 * Pointers and clauses match the result schema's own reports for the rules it also
 * states, so verify-result can drop the schema's duplicate.
 */
import { childPointer, violation, type Violation } from '../violation.js';
import { arrayMember, describeValue, isRecord, member, stringMember } from './json-access.js';

const UNAVAILABLE_REASONS: ReadonlySet<string> = new Set([
  'cancelled-before-analysis',
  'incomplete-current-file-facts',
  'limit-exhausted',
  'unsupported-in-profile',
]);
const INVALID_REASONS: ReadonlySet<string> = new Set(['invalid-request', 'invalid-position']);
const STALE_REASONS: ReadonlySet<string> = new Set([
  'wrong-file',
  'stale-generation',
  'stale-interface-set',
  'stale-semantic-compatibility',
  'stale-source',
]);

/** Checks the per-status shape of a decoded result. */
export function checkStatusShape(result: unknown): Violation[] {
  if (!isRecord(result)) return [];
  const status = stringMember(result, 'status');
  const out: Violation[] = [];
  const analysis = member(result, 'analysis');
  const type = member(result, 'type');
  const reason = member(result, 'reason');
  const truncated = member(result, 'truncated');
  const operations = arrayMember(result, 'operations');
  const omissions = arrayMember(result, 'omissions');
  const diagnostics = arrayMember(result, 'diagnostics');

  const need = (
    cond: boolean,
    code: string,
    clause: string,
    pointer: string,
    message: string,
    expected: string,
    actual: string,
  ): void => {
    if (!cond) out.push(violation(code, clause, message, { pointer, expected, actual }));
  };
  const analysisPresent = (clause: string): void =>
    need(
      isRecord(analysis),
      `${status}-without-analysis`,
      clause,
      '/analysis',
      `A ${status} result echoes the request's analysis key.`,
      'an AnalysisKey',
      describeValue(analysis),
    );
  const typeNull = (clause: string): void =>
    need(
      type === null,
      `${status}-with-type`,
      clause,
      '/type',
      `A ${status} result has no type fact.`,
      'null',
      describeValue(type),
    );
  const emptyArray = (items: readonly unknown[], field: string, clause: string): void =>
    need(
      items.length === 0,
      `${status}-with-${field}`,
      clause,
      `/${field}`,
      `A ${status} result has no ${field}.`,
      '[]',
      describeValue(items),
    );
  const truncatedFalse = (clause: string): void =>
    need(
      truncated === false,
      `${status}-truncated`,
      clause,
      '/truncated',
      `A ${status} result is never truncated.`,
      'false',
      describeValue(truncated),
    );
  const reasonIn = (set: ReadonlySet<string>, clause: string): void =>
    need(
      typeof reason === 'string' && set.has(reason),
      `${status}-reason`,
      clause,
      '/reason',
      `A ${status} result carries one of its own reasons.`,
      [...set].join(' | '),
      describeValue(reason),
    );

  switch (status) {
    case 'complete': {
      analysisPresent('KD-RES-06');
      need(
        reason === null,
        'complete-with-reason',
        'KD-RES-06',
        '/reason',
        'A complete result has a null reason.',
        'null',
        describeValue(reason),
      );
      need(
        isRecord(type),
        'complete-without-type',
        'KD-RES-07',
        '/type',
        'A complete result carries its validated type fact.',
        'a TypeFact',
        describeValue(type),
      );
      const typeStatus = member(type, 'status');
      if (isRecord(type)) {
        need(
          typeStatus === 'validated',
          'complete-type-not-validated',
          'KD-RES-07',
          '/type/status',
          'A complete result has a validated type.',
          '"validated"',
          describeValue(typeStatus),
        );
      }
      operations.forEach((op, i) => {
        const s = member(op, 'status');
        if (isRecord(op) && s !== 'validated') {
          out.push(
            violation(
              'complete-operation-not-validated',
              'KD-RES-07',
              'Every operation of a complete result is validated.',
              {
                pointer: `/operations/${i}/status`,
                expected: '"validated"',
                actual: describeValue(s),
              },
            ),
          );
        }
      });
      // OQ-18 A: any omission means something was withheld, so the result is partial.
      omissions.forEach((_, i) => {
        out.push(
          violation(
            'complete-with-omission',
            'KD-RES-07',
            'A complete result has no omission; withholding anything makes it partial (OQ-18 A).',
            {
              pointer: childPointer('/omissions', i),
              expected: 'no omission',
              actual: 'an omission',
            },
          ),
        );
      });
      break;
    }
    case 'partial': {
      analysisPresent('KD-RES-08');
      // OQ-14 A: a type fact that is not unavailable, or at least one operation row.
      const typeStatus = member(type, 'status');
      const usefulType = isRecord(type) && typeStatus !== 'unavailable';
      need(
        usefulType || operations.length > 0,
        'partial-without-useful-fact',
        'KD-RES-08',
        '',
        'A partial result carries at least one useful fact: a type fact that is not unavailable, ' +
          'or an operation row (OQ-14 A).',
        'a useful fact',
        'none',
      );
      const explained =
        truncated === true ||
        omissions.length > 0 ||
        diagnostics.length > 0 ||
        (isRecord(type) && typeStatus !== 'validated') ||
        operations.some((op) => isRecord(op) && member(op, 'status') !== 'validated');
      need(
        explained,
        'partial-without-explanation',
        'KD-RES-09',
        '',
        'A partial result explains its incompleteness by a nonvalidated fact, a diagnostic, an omission or truncation.',
        'an explanation of incompleteness',
        'none',
      );
      need(
        reason === null,
        'partial-with-reason',
        'KD-RES-09',
        '/reason',
        'A partial result has a null reason; its explanation is in its facts (OQ-15 A).',
        'null',
        describeValue(reason),
      );
      break;
    }
    case 'stale': {
      analysisPresent('KD-RES-10');
      typeNull('KD-RES-10');
      emptyArray(operations, 'operations', 'KD-RES-10');
      emptyArray(omissions, 'omissions', 'KD-RES-10');
      // OQ-30 A: a stale result never carries diagnostics of an old or other analysis.
      emptyArray(diagnostics, 'diagnostics', 'KD-RES-10');
      reasonIn(STALE_REASONS, 'KD-RES-11');
      truncatedFalse('KD-RES-11');
      break;
    }
    case 'unavailable': {
      analysisPresent('KD-RES-12');
      typeNull('KD-RES-12');
      emptyArray(operations, 'operations', 'KD-RES-12');
      // KIT-09: no useful fact exists, so nothing is explained by an omission or a diagnostic.
      emptyArray(omissions, 'omissions', 'KD-RES-12');
      emptyArray(diagnostics, 'diagnostics', 'KD-RES-12');
      reasonIn(UNAVAILABLE_REASONS, 'KD-RES-13');
      truncatedFalse('KD-RES-13');
      break;
    }
    case 'invalid': {
      need(
        analysis === null,
        'invalid-with-analysis',
        'KD-RES-14',
        '/analysis',
        'An invalid result echoes no analysis key.',
        'null',
        describeValue(analysis),
      );
      typeNull('KD-RES-14');
      emptyArray(operations, 'operations', 'KD-RES-14');
      emptyArray(omissions, 'omissions', 'KD-RES-14');
      reasonIn(INVALID_REASONS, 'KD-RES-15');
      truncatedFalse('KD-RES-14');
      break;
    }
    default:
      break;
  }
  return out;
}
