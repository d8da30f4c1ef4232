/**
 * Which traced calls are effects a query must not have (KD-TRUST-09, KD-TRUST-10 [L36]; KD-EFFECT-04 [L298, L421]).
 * A network request is a socket of an internet or packet family, or a connect/sendto/sendmsg to an internet
 * address; a local (AF_UNIX) or netlink socket is not a network request. A process start is an execve/execveat, a
 * fork or vfork, or a clone/clone3 without CLONE_THREAD: a runtime's own threads (libuv, V8) share the process and
 * are not process starts.
 */
import type { TracedCall } from './parse-strace-line.js';

/** The kind of effect a traced call is. */
export type EffectKind = 'network' | 'process';

/** The system calls the hermetic trace records (strace `-e trace=`). */
export const TRACED_SYSCALLS = [
  'socket',
  'connect',
  'sendto',
  'sendmsg',
  'execve',
  'execveat',
  'fork',
  'vfork',
  'clone',
  'clone3',
] as const;

const NETWORK_FAMILY = /^(AF_INET6?|AF_PACKET)\b/;
const NETWORK_ADDRESS = /sa_family=(AF_INET6?|AF_PACKET)\b/;

/** The effect `call` is, or undefined when it is none. */
export function classifyTracedCall(call: TracedCall): EffectKind | undefined {
  switch (call.syscall) {
    case 'socket':
      return NETWORK_FAMILY.test(call.args) ? 'network' : undefined;
    case 'connect':
    case 'sendto':
    case 'sendmsg':
      return NETWORK_ADDRESS.test(call.args) ? 'network' : undefined;
    case 'execve':
    case 'execveat':
    case 'fork':
    case 'vfork':
      return 'process';
    case 'clone':
    case 'clone3': {
      const flags = /flags=([A-Z0-9_|]+)/.exec(call.args)?.[1] ?? '';
      return flags.split('|').includes('CLONE_THREAD') ? undefined : 'process';
    }
    default:
      return undefined;
  }
}
