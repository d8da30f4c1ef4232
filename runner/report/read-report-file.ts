/**
 * The one reader of a JSON gate report file (`merge-reports`, `--last-failed`): read fail-closed like every JSON
 * input of the kit (invalid UTF-8, a syntax error or a duplicate key refused with its byte offset and pointer), its
 * shape checked against kofun.ctk.report/v1, then its own digest against its bytes (report-digest.ts).
 */
import { readFileSync, statSync } from 'node:fs';
import { formatJsonInputProblem, parseJsonInput } from '../../oracle/internal.js';
import type { GateReport } from './gate-report.js';
import { gateReportProblem } from './merge-reports.js';
import { reportDigestProblem } from './report-digest.js';

/** The largest report read (a report of every vector with every diff stays far below). */
export const MAX_REPORT_BYTES = 256 * 1024 * 1024;

/** A report file read, or why it is not one (`stage` tells a refusal of the bytes from one of the shape). */
export type ReportRead =
  | { ok: true; report: GateReport; value: unknown }
  | { ok: false; stage: 'read' | 'digest' | 'shape'; message: string; value?: unknown };

/** Reads the JSON report at `path`. */
export function readReportFile(path: string): ReportRead {
  let bytes: Buffer;
  try {
    const size = statSync(path).size;
    if (size > MAX_REPORT_BYTES)
      return { ok: false, stage: 'read', message: `${size} bytes, more than the ${MAX_REPORT_BYTES} allowed` };
    bytes = readFileSync(path);
  } catch (err) {
    return { ok: false, stage: 'read', message: `cannot be read (${(err as NodeJS.ErrnoException).code ?? 'error'})` };
  }
  const parsed = parseJsonInput(bytes, { maxBytes: MAX_REPORT_BYTES });
  if (!parsed.ok) return { ok: false, stage: 'read', message: formatJsonInputProblem(parsed.problem) };
  const shape = gateReportProblem(parsed.value);
  if (shape !== undefined) return { ok: false, stage: 'shape', message: shape, value: parsed.value };
  const digest = reportDigestProblem(bytes);
  if (digest !== undefined) return { ok: false, stage: 'digest', message: digest, value: parsed.value };
  return { ok: true, report: parsed.value as GateReport, value: parsed.value };
}
