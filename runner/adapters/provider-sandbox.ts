/**
 * The sandbox of a provider (`run`, `smoke`, `fuzz`, `repro`): what the provider's configuration and command say it
 * needs, handed to runner/sandbox/ as plain data. The provider's own folders are its configuration's folder, its
 * working directory, and the folder of every argument that names an existing path (after relocation, absolute); the
 * kit's code is shown to the reference provider, the module host (which is the kit's), and a provider living in the
 * kit (the kit's own test providers).
 */
import { existsSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, isAbsolute, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { kitRoot } from '../../oracle/internal.js';
import { openSandbox, type SandboxNeeds, type SandboxPlan } from '../sandbox/open-sandbox.js';
import type { Sandbox } from '../sandbox/sandbox.js';
import { SYSTEM_ROOTS, within, type NamedPath } from '../sandbox/sandbox-view.js';
import type { BuildCaps } from '../limits/resource-limits.js';
import type { ProviderConfig, ProviderSpec } from './provider-spec.js';

/** What a provider configuration needs of its sandbox. */
export function providerNeeds(
  config: ProviderConfig,
  spec: ProviderSpec = config.spec,
): Pick<SandboxNeeds, 'declared' | 'providerFolders' | 'program' | 'kitForInstances' | 'instanceCaps'> {
  const folders: string[] = [];
  let program: SandboxNeeds['program'];
  if (config.builtIn !== true) {
    if (config.folder !== undefined) folders.push(config.folder);
    if (spec.kind === 'process') {
      folders.push(spec.command.cwd);
      for (const word of spec.command.argv) {
        if (!isAbsolute(word) || !existsSync(word)) continue;
        const folder = statSync(word).isDirectory() ? word : dirname(word);
        folders.push(folder);
        const project = projectRoot(folder);
        if (project !== undefined) folders.push(project);
      }
      const path = spec.command.env?.['PATH'];
      program = { argv0: spec.command.argv[0] ?? '', ...(path === undefined ? {} : { path }) };
    } else {
      folders.push(spec.baseDir);
      const module = spec.modulePath.startsWith('file:') ? fileURLToPath(spec.modulePath) : spec.modulePath;
      if (isAbsolute(module) && existsSync(module)) {
        folders.push(dirname(module));
        const project = projectRoot(dirname(module));
        if (project !== undefined) folders.push(project);
      }
      program = { argv0: process.execPath };
    }
  } else program = { argv0: process.execPath };
  // A folder of the system is shown anyway.
  const own = [...new Set(folders)].filter((f) => !SYSTEM_ROOTS.some((root) => within(f, root)));
  const kit = kitRoot();
  return {
    ...(config.sandbox === undefined ? {} : { declared: config.sandbox }),
    providerFolders: own,
    program,
    kitForInstances: config.builtIn === true || spec.kind === 'module' || own.some((f) => within(f, kit)),
    ...(config.limits === undefined ? {} : { instanceCaps: config.limits }),
  };
}

/** The files that mark the root of a project (its dependencies and code lie below it). */
const PROJECT_MARKERS = ['package.json', 'pyproject.toml', 'setup.py', 'Cargo.toml', 'go.mod', 'pom.xml'];

/**
 * The project a file of the provider's command belongs to: the nearest folder above it holding a package manifest
 * (a script in `dist/` imports from the project's `node_modules`). The search stops below the home folder, /tmp and
 * /, which are never a provider's folder.
 */
function projectRoot(folder: string): string | undefined {
  const stops = new Set(['/', '/tmp', '/var/tmp', '/root', homedir()]);
  for (let dir = folder; !stops.has(dir); dir = dirname(dir)) {
    if (PROJECT_MARKERS.some((m) => existsSync(join(dir, m)))) return dir;
    if (dirname(dir) === dir) break;
  }
  return undefined;
}

/** Where the command runs and what it reads and writes: what the sandbox must hide and protect. */
export interface ProviderSandboxContext {
  vectorSets: readonly string[];
  outputs: readonly NamedPath[];
  cwd: string;
  env: NodeJS.ProcessEnv;
  buildCaps?: BuildCaps;
}

/**
 * Opens the sandbox the command's plan (open-sandbox.ts, `readSandboxPlan`) asks for, around the provider of `config`
 * (its `spec` as it will be launched): the one way `run`, `smoke`, `fuzz`, `repro` and `replay` open it.
 */
export function openProviderSandbox(
  plan: SandboxPlan,
  config: ProviderConfig,
  context: ProviderSandboxContext,
  spec: ProviderSpec = config.spec,
): Sandbox {
  return openSandbox(plan, {
    ...providerNeeds(config, spec),
    vectorSets: context.vectorSets,
    outputs: context.outputs,
    cwd: context.cwd,
    env: context.env,
    ...(context.buildCaps === undefined ? {} : { buildCaps: context.buildCaps }),
  });
}
