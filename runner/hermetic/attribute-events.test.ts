/**
 * Effects are attributed to the query whose window holds their entry time, bounds included; an effect outside
 * every window (start-up, fixture load), or in a window never labelled or never closed, blames no vector; the
 * launch of a one-shot process is not its query's effect.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { attributeEvents } from './attribute-events.js';
import type { TracedCall } from './parse-strace-line.js';

const call = (pid: number, timeUs: number, syscall: string, args: string): TracedCall => ({
  pid,
  timeUs,
  syscall,
  args,
});
const launch = call(10, 100, 'execve', '"/usr/bin/node", ["node", "p.js"], 0x1 /* 3 vars */) = 0');
const socketAt = (t: number): TracedCall => call(10, t, 'socket', 'AF_INET, SOCK_STREAM, IPPROTO_IP) = 19');
const thread = call(10, 350, 'clone3', '{flags=CLONE_VM|CLONE_THREAD, exit_signal=0}, 88) = 11');

test("an effect inside a window is its vector's; bounds are inside; before, between and after are outside", () => {
  const windows = [
    { startUs: 300, endUs: 400, label: 'a' },
    { startUs: 500, endUs: 600, label: 'b' },
  ];
  const calls = [
    launch,
    socketAt(200),
    socketAt(300),
    thread,
    socketAt(400),
    socketAt(450),
    socketAt(600),
    socketAt(700),
  ];
  const found = attributeEvents(calls, windows);
  assert.equal(
    found.byLabel.get('a')?.map((e) => e.call.timeUs),
    [300, 400],
  );
  assert.equal(
    found.byLabel.get('b')?.map((e) => e.call.timeUs),
    [600],
  );
  // The launch (an execve at 100), and sockets at 200, 450 and 700; the thread is no effect at all.
  assert.is(found.outside, 4);
});

test('a window without a label or without an end blames nothing', () => {
  const found = attributeEvents(
    [socketAt(350), socketAt(550)],
    [
      { startUs: 300, endUs: 400 },
      { startUs: 500, label: 'x' },
    ],
  );
  assert.is(found.byLabel.size, 0);
  assert.is(found.outside, 2);
});

test(
  "one-shot: the launched process's own execve calls are the launch; a child's execve and a fork " + 'are effects',
  () => {
    const windows = [{ startUs: 50, endUs: 1000, label: 'v' }];
    const calls = [
      launch,
      call(10, 110, 'execve', '"/usr/bin/node", ["node"], 0x2 /* 3 vars */) = 0'),
      call(10, 200, 'clone', 'child_stack=NULL, flags=CLONE_CHILD_CLEARTID|SIGCHLD) = 12'),
      call(12, 210, 'execve', '"/bin/true", ["/bin/true"], 0x3 /* 3 vars */) = 0'),
    ];
    const oneShot = attributeEvents(calls, windows, { oneShot: true });
    assert.equal(
      oneShot.byLabel.get('v')?.map((e) => `${e.call.pid} ${e.call.syscall}`),
      ['10 clone', '12 execve'],
    );
    assert.is(oneShot.outside, 0);
    // A persistent instance's launch lies before its first window anyway; inside one it is counted.
    assert.is(attributeEvents(calls, windows).byLabel.get('v')?.length, 4);
  },
);

test.run();
