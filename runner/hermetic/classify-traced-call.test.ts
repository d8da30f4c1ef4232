/**
 * Trace lines as strace 6 prints them (`strace -f -qq -ttt`), parsed and classified: internet sockets and
 * connections are network requests, local sockets are not; a fork, an execve and a clone without CLONE_THREAD
 * are process starts, a runtime's thread (clone3 with CLONE_THREAD) is not (KD-TRUST-10 [L36]).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { classifyTracedCall } from './classify-traced-call.js';
import { parseStraceLine } from './parse-strace-line.js';

const kindOf = (line: string): string | undefined => {
  const call = parseStraceLine(line);
  if (call === undefined) throw new Error(`not a call line: ${line}`);
  return classifyTracedCall(call);
};

test('a call line gives pid, entry time in microseconds, name and argument text', () => {
  const call = parseStraceLine('4440  1796166813.125725 socket(AF_INET, SOCK_STREAM|SOCK_CLOEXEC, IPPROTO_IP) = 19');
  assert.equal(call, {
    pid: 4440,
    timeUs: 1_796_166_813_125_725,
    syscall: 'socket',
    args: 'AF_INET, SOCK_STREAM|SOCK_CLOEXEC, IPPROTO_IP) = 19',
  });
});

test('lines that start no call are skipped: resumed calls, signals, exits, blank lines', () => {
  assert.is(
    parseStraceLine('4440  1796166813.080365 <... clone resumed>, child_tidptr=0x7f11bec26f50) = 4447'),
    undefined,
  );
  assert.is(parseStraceLine('4441  1796166813.094700 --- SIGCHLD {si_signo=SIGCHLD} ---'), undefined);
  assert.is(parseStraceLine('4447  1796166813.094000 +++ exited with 0 +++'), undefined);
  assert.is(parseStraceLine(''), undefined);
});

test('network: sockets of AF_INET, AF_INET6 and AF_PACKET, and connect/sendto/sendmsg to an internet address', () => {
  assert.is(kindOf('1  1.000001 socket(AF_INET, SOCK_STREAM, IPPROTO_IP) = 3'), 'network');
  assert.is(kindOf('1  1.000001 socket(AF_INET6, SOCK_DGRAM|SOCK_CLOEXEC, IPPROTO_IP) = 20'), 'network');
  assert.is(kindOf('1  1.000001 socket(AF_PACKET, SOCK_RAW, 768) = -1 EPERM (Operation not permitted)'), 'network');
  assert.is(
    kindOf('1  1.000001 connect(19, {sa_family=AF_INET, sin_port=htons(9), sin_addr=inet_addr("127.0.0.1")}, 16) = 0'),
    'network',
  );
  assert.is(
    kindOf(
      '1  1.000001 sendmsg(20, {msg_name={sa_family=AF_INET6, sin6_port=htons(9), ' +
        'inet_pton(AF_INET6, "::1", &sin6_addr)}, msg_namelen=28}, 0) = 1',
    ),
    'network',
  );
  assert.is(kindOf('1  1.000001 sendto(5, "x", 1, 0, {sa_family=AF_INET, sin_port=htons(53)}, 16) = 1'), 'network');
});

test('not network: local and netlink sockets, a connect to a local path, a sendto without an address', () => {
  assert.is(kindOf('1  1.000001 socket(AF_UNIX, SOCK_STREAM|SOCK_CLOEXEC, 0) = 3'), undefined);
  assert.is(kindOf('1  1.000001 socket(AF_NETLINK, SOCK_RAW, NETLINK_ROUTE) = 3'), undefined);
  assert.is(kindOf('1  1.000001 connect(3, {sa_family=AF_UNIX, sun_path="/run/x.sock"}, 110) = 0'), undefined);
  assert.is(kindOf('1  1.000001 sendto(3, "abc", 3, MSG_NOSIGNAL, NULL, 0) = 3'), undefined);
});

test('process starts: execve, execveat, fork, vfork, clone and clone3 without CLONE_THREAD', () => {
  assert.is(kindOf('7  1.000001 execve("/bin/true", ["/bin/true"], 0x197aab40 /* 39 vars */) = 0'), 'process');
  assert.is(kindOf('7  1.000001 execveat(3, "", ["x"], 0x1 /* 2 vars */, AT_EMPTY_PATH) = 0'), 'process');
  assert.is(kindOf('7  1.000001 fork() = 8'), 'process');
  assert.is(kindOf('7  1.000001 vfork() = 8'), 'process');
  assert.is(
    kindOf(
      '7  1.000001 clone(child_stack=NULL, flags=CLONE_CHILD_CLEARTID|CLONE_CHILD_SETTID|SIGCHLD, ' +
        'child_tidptr=0x7f) = 8',
    ),
    'process',
  );
  assert.is(
    kindOf(
      '7  1.000001 clone3({flags=CLONE_VM|CLONE_VFORK, exit_signal=SIGCHLD, stack=0x7f, stack_size=0x9000}, 88) = 9',
    ),
    'process',
  );
});

test("a runtime's own threads are not process starts: clone/clone3 with CLONE_THREAD", () => {
  assert.is(
    kindOf(
      '4440  1796166812.793043 ' +
        'clone3({flags=CLONE_VM|CLONE_FS|CLONE_FILES|CLONE_SIGHAND|CLONE_THREAD|CLONE_SYSVSEM|CLONE_SETTLS|' +
        'CLONE_PARENT_SETTID|CLONE_CHILD_CLEARTID, child_tid=0x7f11be7fd990, exit_signal=0} => {parent_tid=[4441]}, ' +
        '88) = 4441',
    ),
    undefined,
  );
  assert.is(
    kindOf(
      '7  1.000001 clone(child_stack=0x7f, ' +
        'flags=CLONE_VM|CLONE_FS|CLONE_FILES|CLONE_SIGHAND|CLONE_THREAD|CLONE_SYSVSEM) = 9',
    ),
    undefined,
  );
});

test.run();
