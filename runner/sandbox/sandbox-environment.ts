/**
 * The environment a provider process sees, built up by the runner rather than inherited from it: a short allowlist
 * (PATH to the system folders, HOME and TMPDIR to the instance's scratch folder, a fixed locale and time zone), then
 * what the configuration declares (`process.env`), then the variables `--pass-env NAME` deliberately passes. The
 * runner's own variables (CI tokens, cloud keys) never reach a provider otherwise, with or without the sandbox.
 *
 * Declared entries reach only the process inside the sandbox (bubblewrap's `--setenv`), never the launcher; passed
 * values travel in the launcher's own environment (never on a command line another user of the machine could read),
 * so a passed name that the dynamic loader reads (LD_PRELOAD and its kin) is refused.
 */
import { escapeText } from '../../oracle/index.js';

/** The names the runner always sets, in this order. */
export const ALLOWLISTED_VARIABLES = ['PATH', 'HOME', 'TMPDIR', 'LANG', 'LC_ALL', 'TZ'] as const;

/** What a provider's environment is made of. */
export interface EnvironmentInputs {
  /** PATH inside: the system folders (and the runner's Node.js) in the sandbox; the runner's own PATH without it. */
  path: string;
  /** The instance's scratch folder: HOME and TMPDIR. */
  scratch: string;
  /** The configuration's `process.env`, validated (`declaredEnvironmentProblem`). */
  declared: Readonly<Record<string, string>>;
  /** `--pass-env` names with the runner's values, validated (`passEnvProblem`). */
  passed: Readonly<Record<string, string>>;
}

/** The allowlisted part of a provider's environment. */
export function allowlistedEnvironment(path: string, scratch: string): Record<string, string> {
  return { PATH: path, HOME: scratch, TMPDIR: scratch, LANG: 'C.UTF-8', LC_ALL: 'C.UTF-8', TZ: 'UTC' };
}

/** The whole environment a provider sees, as a map (the sandbox-off spawn uses it as it is). */
export function providerEnvironment(inputs: EnvironmentInputs): Record<string, string> {
  return { ...allowlistedEnvironment(inputs.path, inputs.scratch), ...inputs.declared, ...inputs.passed };
}

/**
 * Names a configuration may not set: the runner sets HOME and TMPDIR to the scratch folder and PWD is the working
 * directory's, and a `KOFUN_CTK_` name is the runner's own (its containment marker).
 */
const RUNNER_OWNED = new Set(['HOME', 'TMPDIR', 'PWD']);
const RUNNER_PREFIX = 'KOFUN_CTK_';

/**
 * Variables the dynamic loader or the C library read at start-up (glibc's list of variables it drops for set-user-ID
 * programs, and every `LD_` name): a passed one would run code in the launcher, which is the runner's.
 */
const LOADER_VARIABLES = new Set([
  'GCONV_PATH',
  'GETCONF_DIR',
  'GLIBC_TUNABLES',
  'HOSTALIASES',
  'LOCALDOMAIN',
  'LOCPATH',
  'MALLOC_TRACE',
  'NIS_PATH',
  'NLSPATH',
  'RESOLV_HOST_CONF',
  'RES_OPTIONS',
  'TZDIR',
]);

/** A problem of one entry of the configuration's `process.env`, or undefined. */
export function declaredEnvironmentProblem(name: string): string | undefined {
  if (RUNNER_OWNED.has(name))
    return `${escapeText(name)} is set by the runner (the instance's scratch folder); a provider may not set it`;
  if (name.startsWith(RUNNER_PREFIX))
    return `${escapeText(name)}: names starting ${RUNNER_PREFIX} are the runner's own`;
  if (name === '' || name.includes('=') || name.includes('\u0000'))
    return `${escapeText(name)} is not an environment variable name`;
  return undefined;
}

/**
 * A problem of one `--pass-env NAME`, or undefined: the name must be a plain variable name, set in the runner's
 * environment, not one the runner sets itself and not one the loader reads.
 */
export function passEnvProblem(name: string, runnerEnv: NodeJS.ProcessEnv): string | undefined {
  const shown = escapeText(name);
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) return `--pass-env ${shown}: not a variable name`;
  if ((ALLOWLISTED_VARIABLES as readonly string[]).includes(name) || RUNNER_OWNED.has(name))
    return `--pass-env ${shown}: the runner sets ${shown} itself (declare a value in the configuration's process.env)`;
  if (name.startsWith(RUNNER_PREFIX))
    return `--pass-env ${shown}: names starting ${RUNNER_PREFIX} are the runner's own`;
  if (name.startsWith('LD_') || LOADER_VARIABLES.has(name))
    return (
      `--pass-env ${shown}: the dynamic loader reads it, so it would change the launcher; ` +
      "declare it in the configuration's process.env"
    );
  if (runnerEnv[name] === undefined) return `--pass-env ${shown}: not set in the runner's environment`;
  return undefined;
}

/** The values of the passed names, from the runner's environment (names validated already). */
export function passedValues(names: readonly string[], runnerEnv: NodeJS.ProcessEnv): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of names) out[name] = runnerEnv[name] ?? '';
  return out;
}
