/**
 * The run's work slots: never more units at once than slots, handed out in the order asked for, and a slot given
 * back twice is given back once.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { WorkSlots } from './work-slots.js';

/** A promise and the function that settles it. */
function gate(): { opened: Promise<void>; open: () => void } {
  let open = (): void => undefined;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

test('two slots run two units at once, the rest in the order they asked', async () => {
  const slots = new WorkSlots(2);
  const gates = Array.from({ length: 5 }, gate);
  const started: number[] = [];
  let running = 0;
  let most = 0;
  const done = gates.map((g, i) =>
    slots.run(async () => {
      started.push(i);
      running += 1;
      most = Math.max(most, running);
      await g.opened;
      running -= 1;
      return i;
    }),
  );
  await Promise.resolve();
  assert.equal(started, [0, 1]);
  // The second unit ends first: its slot goes to the longest waiter (2), not to a later one.
  gates[1]?.open();
  await done[1];
  await Promise.resolve();
  assert.equal(started, [0, 1, 2]);
  for (const g of gates) g.open();
  assert.equal(await Promise.all(done), [0, 1, 2, 3, 4]);
  assert.equal(started, [0, 1, 2, 3, 4]);
  assert.is(most, 2);
});

test('a unit that throws gives its slot back; a slot given back twice frees one slot', async () => {
  const slots = new WorkSlots(1);
  await slots.run(async () => Promise.reject(new Error('x'))).catch(() => undefined);
  const release = await slots.acquire();
  release();
  release();
  const a = await slots.acquire();
  let second = false;
  const b = slots.acquire().then((r) => {
    second = true;
    return r;
  });
  await Promise.resolve();
  await Promise.resolve();
  assert.is(second, false);
  a();
  (await b)();
  assert.is(second, true);
});

test('fewer than one slot is one', async () => {
  const slots = new WorkSlots(0);
  let got = false;
  void slots.acquire().then(() => (got = true));
  await Promise.resolve();
  await Promise.resolve();
  assert.ok(got);
});

test.run();
