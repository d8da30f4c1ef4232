import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { newVerdict } from './candidate-verdict.js';
import { receiverOwnership } from './step-7-receiver-ownership.js';
import { candidate } from '../test-support/candidate.js';

const judge = (mode: 'read' | 'edit' | 'take' | 'none', permits: { read: boolean; edit: boolean; take: boolean }) => {
  const v = newVerdict(candidate(1, { required_mode: mode }), true);
  assert.is(receiverOwnership(permits)(v), null, 'ownership rejects, never withholds');
  return v.reasons;
};

// KIT-06, KD-OWN-04/05: each mode judged on its own; none always passes.
test('read, edit and take are judged independently', () => {
  const readOnly = { read: true, edit: false, take: false };
  const editable = { read: true, edit: true, take: false };
  const nothing = { read: false, edit: false, take: false };
  assert.equal(judge('read', readOnly), []);
  assert.equal(judge('edit', readOnly), ['requires-edit']);
  assert.equal(judge('take', readOnly), ['requires-take']);
  assert.equal(judge('edit', editable), []);
  assert.equal(judge('take', editable), ['requires-take'], 'edit does not imply take');
  assert.equal(judge('read', nothing), ['requires-read']);
  assert.equal(judge('none', nothing), []);
  assert.equal(judge('take', { read: false, edit: false, take: true }), []);
});

test.run();
