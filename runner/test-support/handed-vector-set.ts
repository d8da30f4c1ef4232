/**
 * The kit's vector set as the test runner checked it, once for the whole run (scripts/run-tests.mjs writes what the
 * check established into its compiled tree and names the file in KCTK_CHECKED_VECTOR_SET): a test process takes it
 * as its own check of the folder (runner/vectors/vector-source.ts, adoptCheckedSet), so that no test file hashes and
 * reads the 20 MiB again while every file keeps the stamp it had; a set that changed since is checked afresh. A test
 * file run alone, without the variable, checks the set itself.
 */
import { readFileSync } from 'node:fs';
import { adoptCheckedSet, type CheckedSetRecord } from '../vectors/vector-source.js';

let adopted = false;

/** Adopts the set the test runner checked, when it handed one; at most once per process. */
export function adoptHandedVectorSet(): void {
  if (adopted) return;
  adopted = true;
  const file = process.env.KCTK_CHECKED_VECTOR_SET;
  if (file === undefined || file === '') return;
  let record: CheckedSetRecord;
  try {
    // The test runner's own file in its private tree, not an input of the kit.
    record = JSON.parse(readFileSync(file, 'utf8')) as CheckedSetRecord;
  } catch {
    return;
  }
  adoptCheckedSet(record);
}
