/**
 * One build of the release-cost gate: a fresh build folder at the variation's path, a
 * copy of the source created in the variation's file order, the declared command run
 * with placeholders filled, and the artifact moved to a snapshot folder so the next
 * build at the same path cannot touch it.
 *
 * Placeholders in argv (replaced wherever they occur in a word) and the matching
 * environment variables: `{src}` / KOFUN_CTK_SRC (the build's copy of the source, also
 * its working directory), `{out}` / KOFUN_CTK_OUT (an empty folder for the artifact),
 * and any extra ones the caller gives (run-release-vector.ts adds `{fixture}` /
 * KOFUN_CTK_FIXTURE).
 */
import { chmod, copyFile, cp, lstat, mkdir, readdir, readlink, rename, rm, symlink } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { compareUtf8 } from '../../oracle/index.js';
import { loadArtifactTree, type LoadResult } from './artifact-tree.js';
import { buildEnvironment, type BuildVariation } from './build-variation.js';
import { runBuild, type BuildRun } from './run-build.js';
import { withShiftedClock } from './find-faketime.js';
import { buildClock, type BuildClock } from './time-window.js';
import type { Sandbox } from '../sandbox/sandbox.js';
import { removeTree } from '../io/run-folder.js';

export interface BuildContext {
  /** Folder copied into each build's `src/`; null for a build without source (it gets an empty `src/`). */
  source: string | null;
  /** Where the artifact is after the build, relative to the build's `src/`; null for `{out}`. */
  artifact: string | null;
  timeoutMs: number;
  /** Fixed environment entries from the build configuration. */
  env: Record<string, string>;
  /** Extra placeholders: name (without braces) -> value and environment variable. */
  extra: { name: string; value: string; envVar: string }[];
  /** Folder where artifacts are moved after each build. */
  snapshotDir: string;
  /** The sandbox every build runs in (the build may write only its own folder and HOME), when there is one. */
  sandbox?: Sandbox;
  /** Files a build reads that the sandbox would hide (the vector's fixture). */
  reads?: readonly string[];
}

export interface BuildOutcome {
  label: string;
  variation: BuildVariation;
  run: BuildRun;
  /** The loaded artifact, or why there is none (missing, empty, …); null when the build failed. */
  artifact: LoadResult | null;
  /** When the build ran, by the real clock and, when it was shifted, by the build's own clock. */
  clock: BuildClock;
}

/** Fills `{name}` placeholders inside each word. */
export function fillPlaceholders(argv: readonly string[], values: Record<string, string>): string[] {
  return argv.map((word) => word.replace(/\{([a-z_]+)\}/g, (whole, name: string) => values[name] ?? whole));
}

/** Runs one build and snapshots its artifact under `ctx.snapshotDir/<slug>`. */
export async function buildOnce(
  label: string,
  slug: string,
  argv: readonly string[],
  variation: BuildVariation,
  ctx: BuildContext,
): Promise<BuildOutcome> {
  const root = variation.buildRoot;
  const src = join(root, 'src');
  const out = join(root, 'out');
  removeTree(root);
  await mkdir(src, { recursive: true });
  await mkdir(out, { recursive: true });
  await mkdir(variation.home, { recursive: true });
  if (ctx.source !== null) await copyTree(ctx.source, src, variation.fileOrder);
  const values: Record<string, string> = { src, out };
  const gateEnv: Record<string, string> = { KOFUN_CTK_SRC: src, KOFUN_CTK_OUT: out };
  for (const x of ctx.extra) {
    values[x.name] = x.value;
    gateEnv[x.envVar] = x.value;
  }
  const shift = variation.clock.faketime === null ? 0 : variation.clock.offsetSeconds;
  const started = Date.now();
  const run = await runBuild({
    argv: withShiftedClock(fillPlaceholders(argv, values), shift, variation.clock.faketime),
    cwd: src,
    env: buildEnvironment(variation, ctx.env, gateEnv),
    timeoutMs: ctx.timeoutMs,
    umask: variation.umask,
    ...(ctx.sandbox === undefined
      ? {}
      : { sandbox: { sandbox: ctx.sandbox, writable: [root, variation.home], reads: ctx.reads ?? [] } }),
  });
  // A program linked statically escapes libfaketime and sees the real clock, so both windows count.
  const clock = buildClock(started, Date.now(), variation.tz, shift === 0 ? [0] : [0, shift]);
  if (!run.ok) return { label, variation, run, artifact: null, clock };
  const produced = ctx.artifact === null ? out : resolve(src, ctx.artifact);
  const snapshot = join(ctx.snapshotDir, slug);
  await rm(snapshot, { recursive: true, force: true });
  await mkdir(ctx.snapshotDir, { recursive: true });
  try {
    await moveTree(produced, snapshot);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') {
      return {
        label,
        variation,
        run,
        artifact: { ok: false, reason: 'missing', message: 'the build produced no artifact' },
        clock,
      };
    }
    throw err;
  }
  return { label, variation, run, artifact: await loadArtifactTree(label, snapshot), clock };
}

async function moveTree(from: string, to: string): Promise<void> {
  try {
    await rename(from, to);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
    await cp(from, to, { recursive: true, verbatimSymlinks: true, errorOnExist: true });
  }
}

/**
 * Copies a source folder, creating entries in sorted or reversed byte order of their names
 * (the variant build reverses it, so a build that lists a folder without sorting shows up).
 * Permission bits are copied, so the build's umask is the only mode variation.
 */
export async function copyTree(from: string, to: string, order: 'sorted' | 'reversed'): Promise<void> {
  const names = (await readdir(from)).sort(compareUtf8);
  if (order === 'reversed') names.reverse();
  for (const name of names) {
    const a = join(from, name);
    const b = join(to, name);
    const s = await lstat(a);
    if (s.isDirectory()) {
      await mkdir(b);
      await copyTree(a, b, order);
      await chmod(b, s.mode & 0o7777);
    } else if (s.isSymbolicLink()) {
      await symlink(await readlink(a), b);
    } else if (s.isFile()) {
      await copyFile(a, b);
      await chmod(b, s.mode & 0o7777);
    }
  }
}
