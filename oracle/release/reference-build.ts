/**
 * The reference builder as a program (reference-build-main.ts): what a provider configuration can declare as its
 * build command, so the release-cost gate can be shown end to end on the oracle's own artifacts:
 *
 *     node <kit>/dist/oracle/release/reference-build-main.js --fixture F --profile P --out DIR
 *
 * F is a fixture file or a vector file naming one (loadFixtureFile). It writes
 * `buildFromLoaded(fixture, profile)` into DIR (created when missing; refused when not empty), setting each file's
 * mode explicitly so the process umask cannot change the artifact. The program imports only the fixture file loader
 * and the artifact builder, not the whole oracle: the gate starts it once per build, about a hundred times a run.
 */
import { chmod, mkdir, readdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadFixtureFile } from '../vectors/load-fixture-file.js';
import { buildFromLoaded, RELEASE_PROFILES, type ReleaseProfile } from './build-reference-artifact.js';

export interface ReferenceBuildRequest {
  fixturePath: string;
  profile: string;
  outDir: string;
  /**
   * A deliberate defect, for the gate's self-test (GateCheck, KD-RELEASE-03): `embed-build-time`
   * adds `BUILD-INFO` holding `built at: ` and the build's clock time to the second, in UTC, the
   * way a toolchain stamps its build date. Never part of a reference artifact.
   */
  defect?: string;
}

/** The file the `embed-build-time` defect adds, and the text before the time (10 bytes). */
export const BUILD_INFO_FILE = 'BUILD-INFO';
export const BUILD_INFO_PREFIX = 'built at: ';

export type ReferenceBuildResult = { ok: true; files: string[] } | { ok: false; message: string };

/** Whether `p` names a release profile. */
export function isReleaseProfile(p: string): p is ReleaseProfile {
  return (RELEASE_PROFILES as readonly string[]).includes(p);
}

/** Builds the reference artifact of a fixture file; every user error is a message, never a throw. */
export async function referenceBuild(req: ReferenceBuildRequest): Promise<ReferenceBuildResult> {
  if (!isReleaseProfile(req.profile))
    return { ok: false, message: `unknown profile; expected one of ${RELEASE_PROFILES.join(', ')}` };
  if (req.defect !== undefined && req.defect !== 'embed-build-time')
    return { ok: false, message: 'unknown defect; expected embed-build-time' };
  // loadFixtureFile also accepts a vector file and loads the fixture it names.
  const loaded = loadFixtureFile(req.fixturePath);
  if (!loaded.ok) {
    const v = loaded.violations[0];
    const at = v?.pointer === undefined ? '' : ` at ${v.pointer}`;
    return {
      ok: false,
      message: `fixture rejected: ${v === undefined ? 'invalid' : `${v.code} (${v.clause})${at}`}`,
    };
  }
  const files = buildFromLoaded(loaded.fixture, req.profile);
  if (req.defect === 'embed-build-time') {
    const stamp = `${new Date().toISOString().slice(0, 19)}Z`;
    files.push({
      path: BUILD_INFO_FILE,
      mode: 0o644,
      bytes: new TextEncoder().encode(`${BUILD_INFO_PREFIX}${stamp}\n`),
    });
  }
  try {
    await mkdir(req.outDir, { recursive: true });
    if ((await readdir(req.outDir)).length > 0) return { ok: false, message: 'output folder is not empty' };
    for (const f of files) {
      const target = join(req.outDir, ...f.path.split('/'));
      await mkdir(dirname(target), { recursive: true });
      await writeFile(target, f.bytes);
      await chmod(target, f.mode);
    }
  } catch (err) {
    return { ok: false, message: `cannot write artifact (${(err as NodeJS.ErrnoException).code ?? 'error'})` };
  }
  return { ok: true, files: files.map((f) => f.path) };
}

/**
 * The command line that starts the reference builder program: the compiled program beside this module, or, when the
 * kit runs from its TypeScript sources, the source program through the tsx loader. Append the program's arguments.
 */
export function referenceBuildProgram(): string[] {
  const here = fileURLToPath(import.meta.url);
  if (here.endsWith('.ts'))
    return [process.execPath, '--import', import.meta.resolve('tsx'), join(dirname(here), 'reference-build-main.ts')];
  return [process.execPath, join(dirname(here), 'reference-build-main.js')];
}
