/**
 * A provider's release build configuration, format `kofun.ctk.release-build/v1`. The one
 * format every entry point reads: `release-cost --matrix FILE`, `release-cost --vectors
 * --build-config FILE`, and the `build` entry of a provider configuration
 * (oracle/schemas/kofun.ctk.provider-config.v1.schema.json, `$defs/ReleaseBuild`: that
 * file's path or the same object inline), with which `kofun-ctk run` judges the
 * release-cost vectors:
 *
 *     {
 *       "schema": "kofun.ctk.release-build/v1",
 *       "source": "."            folder copied into each build (relative to this file), or null
 *       "artifact": "dist"       where the artifact is after a build, relative to the copy; null for {out}
 *       "timeout_ms": 600000     per build
 *       "env": {}                fixed environment entries
 *       "limits": {}             caps of each build over the build defaults (runner/limits/resource-limits.ts)
 *       "commands": {
 *         "without_support":   ["…"],   A: a toolchain built without discovery support
 *         "support_disabled":  ["…"],   B: support built in, discovery disabled
 *         "discovery_enabled": ["…"],   C: discovery enabled (the positive control)
 *         "runtime_metadata":  ["…"]    optional: the #454 runtime-metadata profile (release-cost vectors only)
 *       }
 *     }
 *
 * Commands are argv arrays, run without a shell; a shell runs only when a command says
 * so itself (`["sh", "-c", "…"]`). Unknown fields reject, so a misspelt key cannot
 * silently drop a build (fail closed).
 */
import { statSync } from 'node:fs';
import { dirname, isAbsolute, resolve } from 'node:path';
import { childPointer, formatJsonInputProblem, readJsonInputFile } from '../../oracle/internal.js';
import { readBuildCaps, type BuildCaps } from '../limits/resource-limits.js';

export const RELEASE_BUILD_SCHEMA = 'kofun.ctk.release-build/v1';

/** The three declared build commands (OQ-45 reading A, plus the positive control). */
export interface ProviderBuild {
  without_support: string[];
  support_disabled: string[];
  discovery_enabled: string[];
}

export interface BuildConfig {
  source: string | null;
  artifact: string | null;
  timeoutMs: number;
  env: Record<string, string>;
  commands: ProviderBuild;
  /** The optional runtime-metadata profile's command (KD-RELEASE-04); the matrix does not use it. */
  runtimeMetadata: string[] | null;
  /** The caps of each build (`limits`, over the build defaults). */
  limits: BuildCaps;
}

export const DEFAULT_BUILD_TIMEOUT_MS = 600_000;

/** Largest build configuration file read. */
export const MAX_BUILD_CONFIG_BYTES = 1024 * 1024;

const KEYS = new Set(['schema', 'source', 'artifact', 'timeout_ms', 'env', 'limits', 'commands']);
const COMMANDS = ['without_support', 'support_disabled', 'discovery_enabled'] as const;

export type ConfigResult = { ok: true; config: BuildConfig } | { ok: false; message: string };

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Checks an argv: a non-empty array of strings without NUL. */
export function checkArgv(v: unknown, where: string): { ok: true; argv: string[] } | { ok: false; message: string } {
  if (!Array.isArray(v) || v.length === 0)
    return { ok: false, message: `${where} must be a non-empty array of strings` };
  for (const w of v) {
    if (typeof w !== 'string' || w.includes('\0'))
      return { ok: false, message: `${where} must contain only strings without NUL` };
  }
  return { ok: true, argv: v as string[] };
}

/** Parses a configuration value; relative `source` resolves against `baseDir` (the configuration file's folder). */
export function parseBuildConfig(value: unknown, baseDir: string): ConfigResult {
  if (!isRecord(value)) return { ok: false, message: 'build configuration must be a JSON object' };
  const problem = fieldsProblem(value);
  if (problem !== undefined) return { ok: false, message: problem };
  const source = value['source'] ?? null;
  const limits = readBuildCaps(value['limits']);
  if (!limits.ok) return { ok: false, message: `${limits.problem.where}: ${limits.problem.message}` };
  const commands = readCommands(value['commands']);
  if (!commands.ok) return commands;
  return {
    ok: true,
    config: {
      source: source === null ? null : resolve(baseDir, source as string),
      artifact: (value['artifact'] ?? null) as string | null,
      timeoutMs: (value['timeout_ms'] ?? DEFAULT_BUILD_TIMEOUT_MS) as number,
      env: (value['env'] ?? {}) as Record<string, string>,
      commands: commands.commands,
      runtimeMetadata: commands.runtimeMetadata,
      limits: limits.caps,
    },
  };
}

/** The first problem of the configuration's own fields (keys, schema, source, artifact, timeout, env), if any. */
function fieldsProblem(value: Record<string, unknown>): string | undefined {
  for (const k of Object.keys(value))
    if (!KEYS.has(k)) return `${childPointer('', k).slice(0, 80)}: unknown key in build configuration (misspelled?)`;
  if (value['schema'] !== RELEASE_BUILD_SCHEMA) return `build configuration schema must be ${RELEASE_BUILD_SCHEMA}`;
  const source = value['source'] ?? null;
  if (source !== null && (typeof source !== 'string' || source === '')) return 'source must be a folder path or null';
  const artifact = value['artifact'] ?? null;
  if (
    artifact !== null &&
    (typeof artifact !== 'string' || artifact === '' || isAbsolute(artifact) || artifact.split(/[\\/]/).includes('..'))
  )
    return 'artifact must be a relative path inside the build folder, or null';
  const timeout = value['timeout_ms'] ?? DEFAULT_BUILD_TIMEOUT_MS;
  if (typeof timeout !== 'number' || !Number.isSafeInteger(timeout) || timeout <= 0)
    return 'timeout_ms must be a positive integer';
  const env = value['env'] ?? {};
  if (!isRecord(env)) return 'env must be an object of strings';
  for (const [k, v] of Object.entries(env)) {
    if (typeof v !== 'string' || k === '' || k.includes('=') || k.includes('\0') || v.includes('\0'))
      return 'env must be an object of strings';
  }
  return undefined;
}

/** The `commands` object: the three build commands and the optional runtime-metadata command, each an argv. */
function readCommands(
  commands: unknown,
): { ok: true; commands: ProviderBuild; runtimeMetadata: string[] | null } | { ok: false; message: string } {
  if (!isRecord(commands)) return { ok: false, message: 'commands must be an object' };
  for (const k of Object.keys(commands)) {
    if (!(COMMANDS as readonly string[]).includes(k) && k !== 'runtime_metadata')
      return {
        ok: false,
        message: `${childPointer('/commands', k).slice(0, 80)}: unknown build command (misspelled?)`,
      };
  }
  const parsed: Partial<ProviderBuild> = {};
  for (const k of COMMANDS) {
    const c = checkArgv(commands[k], `commands.${k}`);
    if (!c.ok) return c;
    parsed[k] = c.argv;
  }
  let runtimeMetadata: string[] | null = null;
  if (commands['runtime_metadata'] !== undefined) {
    const c = checkArgv(commands['runtime_metadata'], 'commands.runtime_metadata');
    if (!c.ok) return c;
    runtimeMetadata = c.argv;
  }
  return { ok: true, commands: parsed as ProviderBuild, runtimeMetadata };
}

/**
 * Reads and parses a build configuration file; relative `source` resolves against the
 * file's folder. Every problem (unreadable, over 1 MiB, not JSON, not the format) is a
 * message, never a throw, so each entry point reports it as a usage error.
 */
export function readBuildConfigFile(path: string): ConfigResult {
  try {
    const s = statSync(path);
    if (!s.isFile() || s.size > MAX_BUILD_CONFIG_BYTES)
      return { ok: false, message: 'must name a configuration file of at most 1 MiB' };
  } catch (err) {
    return { ok: false, message: `cannot read the configuration (${(err as NodeJS.ErrnoException).code ?? 'error'})` };
  }
  const read = readJsonInputFile(path, { maxBytes: MAX_BUILD_CONFIG_BYTES });
  if (!read.ok) return { ok: false, message: `the configuration is refused: ${formatJsonInputProblem(read.problem)}` };
  return parseBuildConfig(read.value, dirname(path));
}
