/**
 * The runner's one way to bound a wait: a deadline calls its action once when its time is up unless it was cancelled
 * first (a call's timeout, a build's, the run's `--global-timeout`, the grace a dying provider gets), and `within`
 * waits for a promise no longer than a bound. A deadline that must not keep the runner alive on its own (a grace, the
 * global timeout) is unref'd; a call's timeout is not, since the call is what the runner waits for.
 */

/** A deadline set: cancel it once what it bounds has ended (safe to call more than once, also after it fired). */
export interface Deadline {
  cancel(): void;
}

/** Calls `onExpire` once, `ms` from now, unless cancelled first; `unref` lets the process exit before then. */
export function deadline(ms: number, onExpire: () => void, options: { unref?: boolean } = {}): Deadline {
  const timer = setTimeout(onExpire, ms);
  if (options.unref === true) timer.unref();
  return { cancel: () => clearTimeout(timer) };
}

/** `promise`'s value, or undefined when `ms` pass first; the bound alone never keeps the process alive. */
export async function within<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  let bound: Deadline | undefined;
  const expired = new Promise<undefined>((resolve) => {
    bound = deadline(ms, () => resolve(undefined), { unref: true });
  });
  try {
    return await Promise.race([promise, expired]);
  } finally {
    bound?.cancel();
  }
}
