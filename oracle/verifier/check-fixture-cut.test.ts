import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { verifyEdited } from '../test-support/edit-golden.js';

// The limit goldens edited the way a provider that computes `truncated` or the row cap wrongly would answer. What
// each vector cuts, from its intent: row-dependencies-65 downgrades its one row (65 dependencies, OQ-09 A);
// rows-4097 has 4,097 callable rows to show, so the 4,097th is dropped (L77: at most 4,096 operations);
// step-budget-1000001-after-useful-fact runs out of steps after a useful fact (KIT-10); result-bytes-4194305 keeps
// the rows that fit in 4 MiB; rows-4096 has exactly 4,096 rows and nothing to cut.

test('the unedited limit goldens are clean', () => {
  for (const id of ['limit/rows-4097', 'limit/result-bytes-4194305', 'limit/rows-4096'])
    assert.equal(
      verifyEdited(id, () => {}),
      [],
      id,
    );
});

test('KD-LIMIT-10: a cut the result marks (a downgraded row, dropped rows, an exhausted budget) is truncated', () => {
  // L79: limit exhaustion after useful facts returns partial with truncated: true (KIT-17 A: every cut).
  for (const id of ['limit/row-dependencies-65', 'limit/rows-4097', 'limit/step-budget-1000001-after-useful-fact']) {
    const found = verifyEdited(id, (r) => {
      r.truncated = false;
    });
    assert.equal(found, ['KD-LIMIT-10 cut-not-truncated at /truncated'], id);
  }
});

test('KD-LIMIT-10, KD-LIMIT-05: 4,097 rows to show force a cut even when the result marks none', () => {
  // A provider that cut the rows and computed truncated, and the omission, from the cut list: nothing marks the cut,
  // but the facts have one row more than the cap.
  const found = verifyEdited('limit/rows-4097', (r) => {
    r.truncated = false;
    r.omissions = [];
  });
  assert.equal(found, [
    'KD-LIMIT-05 cap-omission-missing at /omissions',
    'KD-LIMIT-10 forced-cut-not-truncated at /truncated',
    // Nothing is left to explain why the result is partial (L189).
    'KD-RES-09 partial-without-explanation at ',
  ]);
});

test('KD-LIMIT-10: truncated without a cut, where a limit is near but nothing reached it', () => {
  // 4,096 rows fit the row cap exactly (L77 "at most 4,096"), and the golden fits 4 MiB: no row is dropped.
  const found = verifyEdited('limit/rows-4096', (r) => {
    r.truncated = true;
    r.status = 'partial';
  });
  assert.equal(found, ['KD-LIMIT-10 truncated-without-cut at /truncated']);
});

// The *-dropped-by-default goldens ask without include_unavailable, so every unavailable row is dropped (OQ-32):
// row-dependencies-65's one operation is validated and permitted, callable but for its 65th dependency (L77: at most
// 64); row-diagnostic-ids-257's is an error row; rejected-row-generic-requirements-65's requires edit of a read-only
// receiver (L397). The last two are unavailable whether or not they are cut.

test('KD-LIMIT-10: a row callable but for a nested cap, dropped by include_unavailable false, is a forced cut', () => {
  assert.equal(
    verifyEdited('limit/row-dependencies-65-dropped-by-default', () => {}),
    [],
  );
  // A provider that decides truncation from the rows it shows: nothing is shown, so it claims a complete answer.
  const found = verifyEdited('limit/row-dependencies-65-dropped-by-default', (r) => {
    r.truncated = false;
    r.status = 'complete';
  });
  assert.equal(found, ['KD-LIMIT-10 forced-cut-not-truncated at /truncated']);
});

test('KD-LIMIT-10: a dropped row that is unavailable anyway loses nothing to its cut, so nothing is truncated', () => {
  for (const id of [
    'limit/row-diagnostic-ids-257-dropped-by-default',
    'limit/rejected-row-generic-requirements-65-dropped-by-default',
  ]) {
    assert.equal(
      verifyEdited(id, () => {}),
      [],
      id,
    );
    // A provider that marks the result truncated for every row it cut, shown or not.
    const found = verifyEdited(id, (r) => {
      r.truncated = true;
      r.status = 'partial';
    });
    assert.equal(found, ['KD-LIMIT-10 cut-row-unavailable-anyway at /truncated'], id);
  }
  // Asked with include_unavailable, the cut row is shown, limit-exhausted and all: that golden is truncated.
  assert.equal(
    verifyEdited('limit/row-diagnostic-ids-257', () => {}),
    [],
  );
});

test('KD-LIMIT-05: the row cap keeps 4,096 rows, the canonical prefix (OQ-06 A)', () => {
  // A cap checked as >= 4,095: one row short of the cap, though the 4,096th row fits in 4 MiB.
  const short = verifyEdited('limit/rows-4097', (r) => {
    r.operations.pop();
  });
  assert.equal(short, ['KD-LIMIT-05 row-cap-stop-point at /operations']);
  // A row dropped from the middle, not from the canonical tail.
  const gap = verifyEdited('limit/rows-4097', (r) => {
    r.operations.splice(5, 1);
  });
  assert.equal(gap, ['KD-LIMIT-05 row-cap-not-prefix at /operations']);
});

test('KD-LIMIT-05: the byte cap stops only where the next row does not fit (OQ-06 A)', () => {
  // Eight rows fewer than the golden keeps: the next rows fit in 4 MiB, as the golden shows.
  const found = verifyEdited('limit/result-bytes-4194305', (r) => {
    r.operations.splice(-8, 8);
  });
  assert.equal(found, ['KD-LIMIT-05 row-cap-stop-point at /operations']);
});

test('KD-LIMIT-05: the diagnostic cap stops only where the next row would pass 256 (OQ-06 A, OQ-08 A)', () => {
  // diagnostics-257: 33 error rows of eight diagnostics each but the last, which sorts last and holds the 257th; the
  // 32 rows before it hold exactly 256 (L77: at most 256 diagnostics), so only the last is dropped. A provider that
  // stops at 256 diagnostics rather than past it keeps 31 rows and 248 diagnostics, though the 32nd row fits.
  const found = verifyEdited('limit/diagnostics-257', (r) => {
    const dropped = r.operations.pop();
    const ids = new Set(dropped.diagnostic_ids);
    r.diagnostics = r.diagnostics.filter((d: { id: string }) => !ids.has(d.id));
  });
  assert.equal(found, ['KD-LIMIT-05 row-cap-stop-point at /operations']);
  assert.equal(
    verifyEdited('limit/diagnostics-257', () => {}),
    [],
  );
});

test.run();
