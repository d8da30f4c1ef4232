/**
 * A JSON report carries the SHA-256 of its own bytes as its last field, `report_sha256`: the digest of the report as
 * written, with the 64 hex digits of that field written as zeros. `merge-reports` and `--last-failed` refuse a report
 * whose bytes do not give the digest it carries, so a result changed after the run (by hand, by a tool that
 * re-serialises it, or by a process that outlived a run without the sandbox) is never merged as the gate's. It
 * proves integrity, not origin: whoever can write the file can also recompute the digest, which is why the sandbox
 * keeps providers from writing report folders at all.
 */
import { sha256Hex } from '../../oracle/index.js';

/** The field, and the placeholder its digest is computed over. */
export const REPORT_DIGEST_FIELD = 'report_sha256';
const ZEROS = '0'.repeat(64);
const TAIL = /,\n {2}"report_sha256": "([0-9a-f]{64})"\n\}\n$/;

/** The report's two-space JSON with `report_sha256` last, signed over its own bytes. */
export function signedReportJson(report: object): string {
  const { [REPORT_DIGEST_FIELD]: _old, ...rest } = report as Record<string, unknown>;
  const text = `${JSON.stringify({ ...rest, [REPORT_DIGEST_FIELD]: ZEROS }, null, 2)}\n`;
  return `${text.slice(0, text.length - 68)}${sha256Hex(text)}"\n}\n`;
}

/** Why the bytes of a JSON report do not carry a matching digest of themselves, or undefined when they do. */
export function reportDigestProblem(bytes: Uint8Array): string | undefined {
  const tail = Buffer.from(bytes.subarray(Math.max(0, bytes.length - 96))).toString('latin1');
  const match = TAIL.exec(tail);
  if (match === null) {
    return (
      `it does not end with its own digest ("${REPORT_DIGEST_FIELD}", the last field of every JSON report of this ` +
      `kit): it was not written by kofun-ctk run or merge-reports, or was rewritten since`
    );
  }
  const zeroed = Buffer.from(bytes);
  zeroed.write(ZEROS, bytes.length - 68, 'latin1');
  const actual = sha256Hex(zeroed);
  if (actual === match[1]) return undefined;
  return (
    `its bytes were changed after it was written: it carries ${REPORT_DIGEST_FIELD} ${match[1]}, ` +
    `but its bytes give ${actual}`
  );
}
