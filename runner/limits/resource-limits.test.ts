import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { formatBytes, INSTANCE_DEFAULTS, parseSize, readBuildCaps, readInstanceCaps } from './resource-limits.js';

/** A machine of 8 GiB, 1,000 tasks and 4,096 descriptors, so the ceilings are known here. */
const MACHINE = { memoryBytes: 8 * 1024 ** 3, tasks: 1000, openFiles: 4096 };

test('a size is a positive number of bytes, or such a number with a binary unit', () => {
  assert.is(parseSize(1), 1);
  assert.is(parseSize('512 MiB'), 512 * 1024 * 1024);
  assert.is(parseSize('2GiB'), 2 * 1024 * 1024 * 1024);
  assert.is(parseSize('7B'), 7);
  assert.is(parseSize('64 KiB'), 65536);
  for (const bad of [0, -1, 1.5, '1.5 GiB', '2 GB', '2 gib', ' 2 GiB', '', '0 MiB', null, true, [1]])
    assert.type(parseSize(bad), 'string', JSON.stringify(bad));
});

test('the caps are the defaults with what the configuration gives, each checked against the machine', () => {
  const none = readInstanceCaps(undefined, MACHINE);
  assert.equal(none, { ok: true, caps: INSTANCE_DEFAULTS });
  const some = readInstanceCaps({ memory: '1 GiB', processes: 64, cpu_seconds_per_query: 5 }, MACHINE);
  assert.ok(some.ok);
  if (some.ok) {
    assert.is(some.caps.memoryBytes, 1024 ** 3);
    assert.is(some.caps.processes, 64);
    assert.is(some.caps.cpuSecondsPerQuery, 5);
    assert.is(some.caps.scratchBytes, INSTANCE_DEFAULTS.scratchBytes);
  }
  const refusals: [unknown, string, string][] = [
    [{ memory: '9 GiB' }, '/limits/memory', "above the machine's memory (8 GiB)"],
    [{ processes: 1001 }, '/limits/processes', "above the machine's task limit (1000)"],
    [{ open_files: 4097 }, '/limits/open_files', "above the machine's descriptor limit (4096)"],
    [{ processes: 0 }, '/limits/processes', 'not a positive whole number'],
    [{ memory: 'much' }, '/limits/memory', 'is not a size'],
    [{ 'a/b': 1 }, '/limits/a~1b', 'unknown limit'],
    [[], '/limits', 'not an object'],
  ];
  for (const [given, where, why] of refusals) {
    const r = readInstanceCaps(given, MACHINE);
    assert.not.ok(r.ok, JSON.stringify(given));
    if (!r.ok) {
      assert.is(r.problem.where, where);
      assert.match(r.problem.message, why);
    }
  }
  const build = readBuildCaps({ disk: '3 GiB', cpu_seconds: 30 }, MACHINE, '/build/limits');
  assert.ok(build.ok && build.caps.diskBytes === 3 * 1024 ** 3 && build.caps.cpuSeconds === 30);
  const wrong = readBuildCaps({ scratch: '1 MiB' }, MACHINE, '/build/limits');
  assert.ok(!wrong.ok && wrong.problem.where === '/build/limits/scratch');
});

test('bytes for people', () => {
  assert.is(formatBytes(2 * 1024 ** 3), '2 GiB');
  assert.is(formatBytes(1536 * 1024 ** 2), '1.5 GiB');
  assert.is(formatBytes(300), '300 B');
  assert.is(formatBytes(64 * 1024), '64 KiB');
});

test.run();
