/**
 * The cgroup v2 path of the caps, against a fake cgroup folder (no machine here delegates a real one): which subtree
 * is chosen and which is not, what is written into an instance's cgroup, and how its counters are read. Where a real
 * writable cgroup v2 subtree exists, the last test makes an instance's cgroup there and reads it back.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  findCgroupSubtree,
  makeCgroup,
  ownCgroupPath,
  readCgroup,
  removeCgroup,
  systemdRunPrefix,
  writeCgroupCaps,
} from './cgroup-limits.js';
import { Limits } from './limits.js';
import { BUILD_DEFAULTS, INSTANCE_DEFAULTS } from './resource-limits.js';

/** A fake cgroup v2 root whose process sits in /ci/runner, its parent handing down `controllers`. */
function fakeRoot(controllers: string): string {
  const root = mkdtempSync(join(tmpdir(), 'kofun-ctk-fake-cgroup-'));
  writeFileSync(join(root, 'cgroup.controllers'), 'cpu memory pids\n');
  mkdirSync(join(root, 'ci', 'runner'), { recursive: true });
  writeFileSync(join(root, 'ci', 'cgroup.subtree_control'), `${controllers}\n`);
  writeFileSync(join(root, 'ci', 'cgroup.procs'), '');
  return root;
}

test('the own cgroup is the v2 line of /proc/self/cgroup', () => {
  assert.is(ownCgroupPath('0::/ci/runner\n'), '/ci/runner');
  assert.is(ownCgroupPath('12:pids:/a\n0::/\n'), '/');
  assert.is(ownCgroupPath('12:pids:/a\n4:memory:/b\n'), undefined);
});

test('a subtree is chosen only where the parent hands down memory and pids and may be written', () => {
  const good = fakeRoot('cpu memory pids');
  assert.is(findCgroupSubtree(good, '0::/ci/runner\n'), join(good, 'ci'));
  assert.is(findCgroupSubtree(fakeRoot('cpu pids'), '0::/ci/runner\n'), undefined, 'no memory controller');
  assert.is(findCgroupSubtree(good, '0::/\n'), undefined, 'the root cgroup itself');
  assert.is(findCgroupSubtree(good, '4:memory:/ci\n'), undefined, 'a v1-only host');
  const notV2 = mkdtempSync(join(tmpdir(), 'kofun-ctk-fake-cgroup-'));
  assert.is(findCgroupSubtree(notV2, '0::/ci/runner\n'), undefined, 'no cgroup.controllers: not a v2 root');
});

test("an instance's cgroup holds its caps, no swap; its counters and events are read back", () => {
  const root = fakeRoot('memory pids');
  const base = join(root, 'ci');
  const folder = makeCgroup(base, 'kofun-ctk-1-1', { memoryBytes: 268435456, tasks: 48 });
  assert.not.ok(existsSync(join(folder, 'memory.swap.max')), 'no swap file, none written');
  // Where the kernel has a swap cap (as a real cgroup does), the caps set it to 0.
  writeFileSync(join(folder, 'memory.swap.max'), 'max\n');
  writeCgroupCaps(folder, { memoryBytes: 268435456, tasks: 48 });
  assert.is(readFileSync(join(folder, 'memory.max'), 'utf8'), '268435456');
  assert.is(readFileSync(join(folder, 'pids.max'), 'utf8'), '48');
  assert.is(readFileSync(join(folder, 'memory.swap.max'), 'utf8'), '0');
  writeFileSync(join(folder, 'memory.current'), '1048576\n');
  writeFileSync(join(folder, 'memory.peak'), '268435456\n');
  writeFileSync(join(folder, 'memory.events'), 'low 0\nhigh 0\nmax 3\noom 1\noom_kill 1\n');
  writeFileSync(join(folder, 'pids.current'), '7\n');
  writeFileSync(join(folder, 'pids.events'), 'max 2\n');
  writeFileSync(join(folder, 'cpu.stat'), 'usage_usec 2500000\nuser_usec 2000000\nsystem_usec 500000\n');
  assert.equal(readCgroup(folder), {
    memoryBytes: 1048576,
    peakBytes: 268435456,
    tasks: 7,
    cpuSeconds: 2.5,
    oomKills: 1,
    tasksRefused: 2,
  });
  assert.not.ok(removeCgroup(folder), 'a fake folder with files is not removed as the kernel would');
});

test('systemd-run makes a transient scope with the caps, as the user when not root', () => {
  assert.equal(
    systemdRunPrefix({ program: '/usr/bin/systemd-run', user: true }, 'kofun-ctk-9-1.scope', {
      memoryBytes: 1024,
      tasks: 5,
    }),
    [
      '/usr/bin/systemd-run',
      '--user',
      '--scope',
      '--quiet',
      '--collect',
      '--unit',
      'kofun-ctk-9-1.scope',
      '-p',
      'MemoryMax=1024',
      '-p',
      'MemorySwapMax=0',
      '-p',
      'TasksMax=5',
      '--',
    ],
  );
});

test('the caps go through a cgroup where one is found, and every report says which held them', () => {
  const root = fakeRoot('memory pids');
  const held = Limits.open({ mode: 'on' }, INSTANCE_DEFAULTS, BUILD_DEFAULTS, {
    cgroupRoot: root,
    procSelfCgroup: '0::/ci/runner\n',
    systemdRun: null,
  });
  assert.is(held.report.mechanism, 'cgroup');
  assert.match(held.report.held_by, `cgroup v2 (subtree ${join(root, 'ci')}`);
  const launch = held.launch({ kind: 'instance', sandboxed: true, skip: 2, perQuery: true }, []);
  assert.ok(launch.cgroupFolder !== undefined && launch.cgroupFolder.startsWith(join(root, 'ci', 'kofun-ctk-')));
  assert.is(readFileSync(join(launch.cgroupFolder ?? '', 'memory.max'), 'utf8'), String(INSTANCE_DEFAULTS.memoryBytes));
  const watched = Limits.open({ mode: 'on' }, INSTANCE_DEFAULTS, BUILD_DEFAULTS, {
    cgroupRoot: mkdtempSync(join(tmpdir(), 'kofun-ctk-fake-cgroup-')),
    procSelfCgroup: '0::/ci/runner\n',
    systemdRun: null,
  });
  assert.is(watched.report.mechanism, 'watchdog');
  assert.match(watched.report.held_by, 'a watchdog every 100 ms');
});

const real = findCgroupSubtree('/sys/fs/cgroup', readFileSync('/proc/self/cgroup', 'utf8'));
if (real === undefined) {
  console.log('note: no writable cgroup v2 subtree here; the cgroup path was checked against a fake folder only');
} else {
  test('a real cgroup v2 subtree: an instance cgroup is made with its caps and removed', () => {
    const folder = makeCgroup(real, `kofun-ctk-test-${process.pid}`, { memoryBytes: 64 * 1024 * 1024, tasks: 16 });
    assert.is(readFileSync(join(folder, 'memory.max'), 'utf8').trim(), String(64 * 1024 * 1024));
    assert.is(readFileSync(join(folder, 'pids.max'), 'utf8').trim(), '16');
    assert.is(readCgroup(folder).tasks, 0);
    assert.ok(removeCgroup(folder));
  });
}

test.run();
