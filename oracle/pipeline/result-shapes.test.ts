import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { echoAnalysis, invalidResult, staleResult, unavailableResult } from './result-shapes.js';
import { hex } from '../test-support/ids.js';

const KEY = {
  file_id: hex(1),
  source_sha256: hex(2),
  interface_set_sha256: hex(3),
  generation: 17,
  semantic_compatibility: 'stage2-v1',
};
const HEAD = {
  schema: 'kofun.discovery.result/v1',
  authoritative: false,
  limit_profile: 'kofun.discovery/default-v1',
} as const;
const EMPTY = { type: null, operations: [], omissions: [], diagnostics: [], truncated: false } as const;

// KD-RES-10..15, OQ-16 A, OQ-30 A
test('invalid, stale and unavailable shapes', () => {
  assert.equal(invalidResult('invalid-position'), {
    ...HEAD,
    ...EMPTY,
    status: 'invalid',
    analysis: null,
    reason: 'invalid-position',
  });
  assert.equal(staleResult(KEY, 'stale-generation'), {
    ...HEAD,
    ...EMPTY,
    status: 'stale',
    analysis: KEY,
    reason: 'stale-generation',
  });
  assert.equal(unavailableResult(KEY, 'limit-exhausted'), {
    ...HEAD,
    ...EMPTY,
    status: 'unavailable',
    analysis: KEY,
    reason: 'limit-exhausted',
  });
});

test('the echo copies exactly the five key fields', () => {
  const withExtra = { ...KEY, path: '/tmp/x' } as typeof KEY;
  assert.equal(Object.keys(echoAnalysis(withExtra)).sort(), [
    'file_id',
    'generation',
    'interface_set_sha256',
    'semantic_compatibility',
    'source_sha256',
  ]);
  assert.is.not(echoAnalysis(KEY), KEY);
});

test.run();
