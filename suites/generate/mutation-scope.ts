/**
 * What the mutation testing of the oracle mutates, and where its configuration and results live (`npm run mutation`,
 * suites/generate/mutation-command.ts): the nine-step pipeline, the canonical JSON codec, the records (schemas,
 * scalar and record checks, request validation), the digests and the fixture loader with the candidate list and the
 * view digests it derives. Each mutant is judged by the pin of every golden vector (suites/mutation/pin-vector.ts).
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/** Folders of the oracle whose every source (tests aside) is mutated. */
export const MUTATED_FOLDERS: readonly string[] = [
  'oracle/pipeline',
  'oracle/canonical-json',
  'oracle/records',
  'oracle/digest',
];

/** The fixture loader's sources (fixture/ also holds the suites' fixture builder, which no vector runs). */
export const MUTATED_FIXTURE_FILES: readonly string[] = [
  'oracle/fixture/load-fixture.ts',
  'oracle/fixture/candidate-list.ts',
  'oracle/fixture/view-semantic-digest.ts',
  'oracle/fixture/order-free-digest.ts',
];

/**
 * Sources whose module keeps a cache across calls that a mutant can fill wrongly (the encoder's key orders, the schema
 * validators and their clause bases): each of their mutants runs in a fresh test process, so no mutant is judged by
 * what another mutant left in a cache, and the first test of a mutant fills the cache under that mutant.
 */
export const FRESH_PROCESS_FILES: readonly string[] = [
  'oracle/canonical-json/compare-utf8.ts',
  'oracle/canonical-json/encode-canonical.ts',
  'oracle/records/schema-clause.ts',
  'oracle/records/schema-files.ts',
  'oracle/records/schema-registry.ts',
];

/** The StrykerJS configuration (relative to the kit root). */
export const STRYKER_CONFIG = 'suites/mutation/stryker.config.json';
/** The committed results: StrykerJS's incremental file, normalized (mutation-results.ts). */
export const MUTATION_RESULTS = 'suites/mutation/stryker-incremental.json';
/** The mutants judged equivalent, each with the reason no vector can tell it from the oracle. */
export const EQUIVALENT_MUTANTS = 'suites/mutation/equivalent-mutants.json';
/** The mocha spec StrykerJS runs, and the module it pins each vector with. */
export const PIN_SOURCES: readonly string[] = ['suites/mutation/pin-vectors.spec.ts', 'suites/mutation/pin-vector.ts'];

/** Every mutated source, relative to `root` and sorted. */
export function mutatedFiles(root: string): string[] {
  const out = [...MUTATED_FIXTURE_FILES];
  for (const folder of MUTATED_FOLDERS)
    for (const name of readdirSync(join(root, folder)))
      if (name.endsWith('.ts') && !name.endsWith('.test.ts')) out.push(`${folder}/${name}`);
  return out.sort();
}
