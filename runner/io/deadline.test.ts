/**
 * The one deadline helper: an action runs once when its deadline passes, never once cancelled; `within` gives the
 * promise's value when it settles first, undefined when the bound passes first. Order of events only, no durations.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { deadline, within } from './deadline.js';

test('a deadline runs its action once; a cancelled one never does, also when cancelled twice', async () => {
  const fired: string[] = [];
  const cancelled = deadline(1, () => fired.push('cancelled'));
  cancelled.cancel();
  cancelled.cancel();
  await new Promise<void>((resolve) => deadline(5, () => resolve()));
  const once = deadline(1, () => fired.push('once'));
  await new Promise<void>((resolve) => deadline(5, () => resolve()));
  once.cancel();
  assert.equal(fired, ['once']);
});

test('within: the value of a promise that settles first, undefined for one that never settles', async () => {
  assert.is(await within(Promise.resolve(7), 60_000), 7);
  // The bound does not keep the process alive by itself: this deadline does, until the bound has passed.
  const alive = deadline(60_000, () => undefined);
  assert.is(await within(new Promise<number>(() => undefined), 1), undefined);
  alive.cancel();
});

test('within: a rejection passes through', async () => {
  try {
    await within(Promise.reject(new Error('no')), 60_000);
    assert.unreachable('within resolved a rejected promise');
  } catch (err) {
    assert.is((err as Error).message, 'no');
  }
});

test.run();
