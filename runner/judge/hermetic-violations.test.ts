/**
 * A query's effects as violations: a network request breaks KD-TRUST-10 and KD-EFFECT-04, a process start
 * KD-TRUST-10 and KD-TRUST-09 ([L36], [L298], [L421]); the call text is escaped and bounded; a PASS becomes a FAIL
 * whose clauses come from the trace, a FAIL gains the clauses, an ERROR stays an ERROR.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { judgementOf } from './verdict.js';
import type { HermeticEvent } from '../hermetic/attribute-events.js';
import { hermeticViolations, MAX_CALL_TEXT, withHermeticViolations } from './hermetic-violations.js';

const network: HermeticEvent = {
  kind: 'network',
  call: { pid: 42, timeUs: 1_796_166_813_000_007, syscall: 'socket', args: 'AF_INET, SOCK_STREAM, IPPROTO_IP) = 19' },
};
const spawned: HermeticEvent = {
  kind: 'process',
  call: { pid: 43, timeUs: 5_000_000, syscall: 'execve', args: '"/tmp/\u001b[31mx", ["x"], 0x1 /* 1 var */) = 0' },
};
const vector = { id: 'stale/x', category: 'stale', clauses: ['KD-STALE-01'], interpretations: [] };

test('a network request: two violations, KD-TRUST-10 and KD-EFFECT-04, naming pid, time and call', () => {
  const v = hermeticViolations([network]);
  assert.equal(
    v.map((x) => [x.code, x.clause]),
    [
      ['hermetic-network', 'KD-TRUST-10'],
      ['hermetic-network', 'KD-EFFECT-04'],
    ],
  );
  assert.is(v[0]?.actual, 'pid 42 at 1796166813.000007: socket(AF_INET, SOCK_STREAM, IPPROTO_IP) = 19');
});

test('a process start: KD-TRUST-10 and KD-TRUST-09; a control character in the call text is escaped', () => {
  const v = hermeticViolations([spawned]);
  assert.equal(
    v.map((x) => x.clause),
    ['KD-TRUST-10', 'KD-TRUST-09'],
  );
  assert.is(v[0]?.actual, 'pid 43 at 5.000000: execve("/tmp/\\u{1b}[31mx", ["x"], 0x1 /* 1 var */) = 0');
});

test('a long call text is cut to the bound, marked with ...', () => {
  const long: HermeticEvent = { kind: 'network', call: { ...network.call, args: `${'a'.repeat(500)})` } };
  const actual = hermeticViolations([long])[0]?.actual ?? '';
  const call = actual.slice(actual.indexOf(': ') + 2);
  assert.is(call.length, MAX_CALL_TEXT);
  assert.ok(call.endsWith('...'));
});

test('PASS becomes FAIL from the trace; FAIL keeps its source and gains the clauses; ERROR stays ERROR', () => {
  const pass = withHermeticViolations(judgementOf(vector, 'PASS'), [network, spawned]);
  assert.is(pass.verdict, 'FAIL');
  assert.is(pass.clause_source, 'hermetic');
  assert.equal(pass.fail_clauses, ['KD-EFFECT-04', 'KD-TRUST-09', 'KD-TRUST-10']);
  assert.is(pass.violations.length, 4);

  const failed = { ...judgementOf(vector, 'FAIL'), fail_clauses: ['KD-CANON-02'], clause_source: 'verifier' as const };
  const fail = withHermeticViolations(failed, [spawned]);
  assert.is(fail.clause_source, 'verifier');
  assert.equal(fail.fail_clauses, ['KD-CANON-02', 'KD-TRUST-09', 'KD-TRUST-10']);

  const error = withHermeticViolations({ ...judgementOf(vector, 'ERROR'), error: { kind: 'crash', message: 'm' } }, [
    spawned,
  ]);
  assert.is(error.verdict, 'ERROR');
  assert.equal(error.fail_clauses, []);
  assert.is(error.violations.length, 2);

  assert.is(withHermeticViolations(judgementOf(vector, 'PASS'), []).verdict, 'PASS');
});

test.run();
