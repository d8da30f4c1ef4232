/**
 * Loads, before the first provider starts, every module and kit file the runner would otherwise load later: the
 * schema validators (precompiled modules, or ajv and the schema files), the kit's version, and the JUnit renderer's
 * library when a JUnit report is asked for. A provider run with the sandbox off can write the kit's files; what the
 * runner loads after a provider started could be code that provider wrote, and then decide the exit status. Loaded
 * first, nothing the provider writes is ever run by the runner, with the sandbox or without.
 */
import { kitVersion } from '../../oracle/index.js';
import { loadEveryValidator } from '../../oracle/internal.js';
import { loadJunitLibrary } from '../report/render-junit.js';
import type { ReportFormat } from '../report/render-report.js';

/** Loads what the run needs up front; `formats` are the report formats the run writes. */
export function loadKitEagerly(formats: readonly ReportFormat[]): void {
  loadEveryValidator();
  kitVersion();
  if (formats.includes('junit')) loadJunitLibrary();
}
