/**
 * The seccomp program `run --hermetic` has bubblewrap load before the provider's command runs, so that KD-TRUST-10's
 * "cannot spawn processes" and "cannot perform network requests" are enforced, not only observed: a provider that
 * starts a process (fork, vfork, clone without CLONE_THREAD) or opens a socket other than a Unix one is killed by the
 * kernel with SIGSYS at that very call, whether or not it can tell it is traced. Threads stay allowed (clone with
 * CLONE_THREAD); clone3 and io_uring_setup answer ENOSYS, so the C library and libuv fall back to clone and to their
 * thread pool (io_uring could otherwise open a socket without the socket call). Replacing itself (execve) is not
 * starting a process and stays allowed, so a launcher script that ends in `exec` works.
 *
 * A classic BPF program of a few instructions: no npm library builds seccomp programs, and the Debian tools that do
 * (libseccomp) are not a dependency the kit can ask every user to install for one option.
 */

/** SECCOMP_RET_KILL_PROCESS: the whole process dies with SIGSYS. */
const RET_KILL_PROCESS = 0x80000000;
const RET_ALLOW = 0x7fff0000;
/** SECCOMP_RET_ERRNO | ENOSYS. */
const RET_ENOSYS = 0x00050000 | 38;

const LD_W_ABS = 0x20;
const JEQ_K = 0x15;
const JGE_K = 0x35;
const JSET_K = 0x45;
const RET_K = 0x06;

/** Offsets in struct seccomp_data: nr, arch, and the low word of args[0] (little-endian). */
const NR = 0;
const ARCH = 4;
const ARG0_LOW = 16;

const CLONE_THREAD = 0x00010000;
const AF_UNIX = 1;
/** The x32 system call bit on x86_64: never used by a provider, and a way around the numbers below. */
const X32_SYSCALL_BIT = 0x40000000;

/** The system call numbers the program names, per architecture (Linux's unistd tables). */
interface ArchCalls {
  audit: number;
  killAlways: readonly number[];
  clone: number;
  clone3: number;
  ioUringSetup: number;
  socket: number;
  x32: boolean;
}

const ARCHES: Readonly<Record<string, ArchCalls>> = {
  // AUDIT_ARCH_X86_64; fork 57, vfork 58, clone 56, clone3 435, io_uring_setup 425, socket 41.
  x64: { audit: 0xc000003e, killAlways: [57, 58], clone: 56, clone3: 435, ioUringSetup: 425, socket: 41, x32: true },
  // AUDIT_ARCH_AARCH64: no fork or vfork call; clone 220, clone3 435, io_uring_setup 425, socket 198.
  arm64: { audit: 0xc00000b7, killAlways: [], clone: 220, clone3: 435, ioUringSetup: 425, socket: 198, x32: false },
};

/** One instruction of a classic BPF program. */
interface Instruction {
  code: number;
  jt: number;
  jf: number;
  k: number;
}

const ins = (code: number, k: number, jt = 0, jf = 0): Instruction => ({ code, jt, jf, k });

/** The program for `arch` (Node's `process.arch`), or undefined where the kit knows no system call numbers. */
export function hermeticProgram(arch: string = process.arch): Instruction[] | undefined {
  const a = ARCHES[arch];
  if (a === undefined) return undefined;
  const p: Instruction[] = [ins(LD_W_ABS, ARCH), ins(JEQ_K, a.audit, 1, 0), ins(RET_K, RET_KILL_PROCESS)];
  p.push(ins(LD_W_ABS, NR));
  if (a.x32) p.push(ins(JGE_K, X32_SYSCALL_BIT, 0, 1), ins(RET_K, RET_KILL_PROCESS));
  for (const nr of a.killAlways) p.push(ins(JEQ_K, nr, 0, 1), ins(RET_K, RET_KILL_PROCESS));
  for (const nr of [a.clone3, a.ioUringSetup]) p.push(ins(JEQ_K, nr, 0, 1), ins(RET_K, RET_ENOSYS));
  // clone: allowed for a thread only.
  p.push(ins(JEQ_K, a.clone, 0, 4), ins(LD_W_ABS, ARG0_LOW), ins(JSET_K, CLONE_THREAD, 0, 1));
  p.push(ins(RET_K, RET_ALLOW), ins(RET_K, RET_KILL_PROCESS));
  // socket: allowed for AF_UNIX only.
  p.push(ins(JEQ_K, a.socket, 0, 4), ins(LD_W_ABS, ARG0_LOW), ins(JEQ_K, AF_UNIX, 0, 1));
  p.push(ins(RET_K, RET_ALLOW), ins(RET_K, RET_KILL_PROCESS));
  p.push(ins(RET_K, RET_ALLOW));
  return p;
}

/** The program as the bytes of a `struct sock_filter` array, as bubblewrap's `--seccomp FD` reads it. */
export function hermeticFilterBytes(arch: string = process.arch): Uint8Array | undefined {
  const program = hermeticProgram(arch);
  if (program === undefined) return undefined;
  const out = Buffer.alloc(program.length * 8);
  program.forEach((p, i) => {
    out.writeUInt16LE(p.code, i * 8);
    out.writeUInt8(p.jt, i * 8 + 2);
    out.writeUInt8(p.jf, i * 8 + 3);
    out.writeUInt32LE(p.k >>> 0, i * 8 + 4);
  });
  return new Uint8Array(out);
}

/**
 * The exit status bubblewrap gives when its command was killed by SIGSYS (128 + 31): under `--hermetic`, the
 * provider attempted what the program forbids.
 */
export const SIGSYS_EXIT_STATUS = 159;

/** The message of an instance the kernel ended at a forbidden call (an ERROR `hermetic`, KD-TRUST-09/10). */
export const FORBIDDEN_CALL =
  'the kernel ended the provider at a call --hermetic forbids (SIGSYS): a query may not start a process or open a ' +
  'socket other than a Unix one (KD-TRUST-10, KD-TRUST-09)';
