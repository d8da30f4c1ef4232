/**
 * Command lines of the stand-in provider build (variant-builder.mjs) for the release-cost tests: one build of a
 * feature setting, the three builds a matrix compares, and that matrix as a build configuration.
 */
import { join } from 'node:path';
import { kitRoot } from '../../oracle/internal.js';
import type { BuildConfig, ProviderBuild } from '../release-cost/build-config.js';
import { BUILD_DEFAULTS } from '../limits/resource-limits.js';

/** The stand-in build script. */
export const VARIANT_BUILDER = join(kitRoot(), 'runner', 'test-support', 'variant-builder.mjs');

/** One stand-in build writing to the `{out}` placeholder; `extra` adds options such as `--leak KIND`. */
export function variantBuild(feature: 'off' | 'disabled' | 'on', ...extra: string[]): string[] {
  return [process.execPath, VARIANT_BUILDER, '--out', '{out}', '--feature', feature, ...extra];
}

/** The three builds (without support, support disabled, discovery enabled), each leaking `leak` when given. */
export function variantBuildCommands(leak?: string): ProviderBuild {
  const extra = leak === undefined ? [] : ['--leak', leak];
  return {
    without_support: variantBuild('off', ...extra),
    support_disabled: variantBuild('disabled', ...extra),
    discovery_enabled: variantBuild('on', ...extra),
  };
}

/** A build configuration of the three stand-in builds leaking `leak`, with no source folder or artifact path. */
export function variantBuildConfig(leak: string, timeoutMs = 20_000): BuildConfig {
  return {
    source: null,
    artifact: null,
    timeoutMs,
    env: {},
    commands: variantBuildCommands(leak),
    runtimeMetadata: null,
    limits: BUILD_DEFAULTS,
  };
}
