/**
 * The maintainers' command line: every `kofun-ctk` command plus `vectors generate|check`, `report [--check]` and
 * `mutation run|check`,
 * run from the TypeScript sources (no build step), so generation always sees the current suites/ and oracle/.
 * `bin/kofun-ctk.js` routes `vectors`, `report` and `mutation` here in a checkout; the published package has no
 * suites/.
 */
import { runCliProcess } from '../../runner/internal.js';
import { registerMutation } from './mutation-command.js';
import { registerReport, registerVectors } from './maintainer-commands.js';

runCliProcess([registerVectors, registerReport, registerMutation]);
