import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { StepBudget } from './step-budget.js';

// KIT-10: exhaustion when the next step would exceed the limit.
test('a budget of 3 grants exactly 3 steps, then refuses', () => {
  const b = new StepBudget(3);
  assert.ok(b.take());
  assert.ok(b.take());
  assert.ok(b.take());
  assert.is(b.steps, 3);
  assert.not.ok(b.exhausted);
  assert.not.ok(b.take());
  assert.ok(b.exhausted);
  assert.is(b.steps, 3);
  assert.not.ok(b.take());
});

// KIT-10: n steps at once are n single steps, the refusal included.
test('takeSteps takes what fits and refuses as the single steps would', () => {
  const b = new StepBudget(10);
  assert.ok(b.takeSteps(4));
  assert.ok(b.takeSteps(6));
  assert.is(b.steps, 10);
  assert.not.ok(b.exhausted, 'reaching the limit exactly refuses nothing');
  assert.ok(b.takeSteps(0));
  assert.not.ok(b.takeSteps(1));
  assert.ok(b.exhausted);
  const c = new StepBudget(10);
  assert.ok(c.takeSteps(7));
  assert.not.ok(c.takeSteps(5), 'three of the five fit, the fourth is refused');
  assert.is(c.steps, 10);
  assert.ok(c.exhausted);
  assert.not.ok(c.take());
});

// KIT-10: after exhaustion every later step is refused, so n steps at once are refused for n >= 1, and zero steps,
// as zero calls of take, refuse nothing.
test('an exhausted budget refuses any positive number of steps at once, and grants zero', () => {
  const b = new StepBudget(2);
  assert.ok(b.take());
  assert.not.ok(b.takeSteps(2));
  assert.ok(b.exhausted);
  assert.is(b.steps, 2);
  assert.ok(b.takeSteps(0));
  assert.not.ok(b.takeSteps(1));
  assert.not.ok(b.take());
  assert.is(b.steps, 2);
});

test('the default limit is 1,000,000 (KD-LIMIT-07)', () => {
  const b = new StepBudget();
  for (let i = 0; i < 1_000_000; i++) if (!b.take()) assert.unreachable(`refused step ${i + 1}`);
  assert.is(b.steps, 1_000_000);
  assert.not.ok(b.exhausted);
  assert.not.ok(b.take());
  assert.ok(b.exhausted);
});

test.run();
