/**
 * The oracle's reference builder (oracle/release/reference-build.ts) as the gate declares it: a build command per
 * profile, and the build configuration of `kofun-ctk run --provider reference`. The same build, in this process, is
 * `kofun-ctk release-cost build-reference --fixture F --profile P --out DIR`.
 */
import { referenceBuildProgram, type ReleaseProfile } from '../../oracle/internal.js';
import { DEFAULT_BUILD_TIMEOUT_MS, type BuildConfig } from './build-config.js';
import { BUILD_DEFAULTS } from '../limits/resource-limits.js';

export {
  BUILD_INFO_FILE,
  BUILD_INFO_PREFIX,
  isReleaseProfile,
  referenceBuild,
  type ReferenceBuildRequest,
  type ReferenceBuildResult,
} from '../../oracle/internal.js';

/**
 * The reference build as a declared build command for `profile`, with the `{fixture}` and
 * `{out}` placeholders of build-once.ts.
 */
export function referenceBuildArgv(profile: ReleaseProfile, defect?: 'embed-build-time'): string[] {
  const tail = ['--fixture', '{fixture}', '--profile', profile, '--out', '{out}'];
  return [...referenceBuildProgram(), ...tail, ...(defect === undefined ? [] : ['--defect', defect])];
}

/**
 * The reference builder as a complete build configuration: what `kofun-ctk run --provider
 * reference` declares as its build commands (every adapter), the optional runtime-metadata
 * profile included, so the release-cost vectors are judged end to end on the oracle's own
 * artifacts (KD-RELEASE-02, KD-RELEASE-03, KD-RELEASE-04).
 */
export function referenceBuildConfig(): BuildConfig {
  return {
    source: null,
    artifact: null,
    timeoutMs: DEFAULT_BUILD_TIMEOUT_MS,
    env: {},
    commands: {
      without_support: referenceBuildArgv('without-support'),
      support_disabled: referenceBuildArgv('support-disabled'),
      discovery_enabled: referenceBuildArgv('discovery-enabled'),
    },
    runtimeMetadata: referenceBuildArgv('runtime-metadata'),
    limits: BUILD_DEFAULTS,
  };
}
