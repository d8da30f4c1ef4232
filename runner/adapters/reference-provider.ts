/**
 * The reference oracle as a `DiscoveryModuleProvider`: what `kofun-ctk serve` speaks
 * over the process protocol, and what `--provider reference --adapter module` loads
 * into a worker. It declares every register entry with the reading it follows: the
 * register's choice, or another reading given to `serve --reading`.
 */
import {
  kitVersion,
  loadFixture,
  registerChoices,
  type LoadedFixture,
  evaluateQuery,
  interpretationsRegister,
  type Readings,
} from '../../oracle/index.js';
import type { DiscoveryModuleProvider } from './module-provider.js';

/** The name the reference oracle gives in its handshake. */
export const REFERENCE_PROVIDER_NAME = 'kofun-ctk reference oracle';

/** `<entry>:<reading>` for every entry of oracle/interpretations.json. */
export function referenceInterpretations(): string[] {
  return registerChoices();
}

/** A fixture that the oracle's loader refused; carries the provider error code. */
class BadFixtureError extends Error {
  readonly code = 'bad-fixture';
}

/**
 * Makes the reference provider (a factory, so the register is read when it is used), following `readings` when given
 * (kitReadings otherwise: the register's choices).
 */
export function createReferenceProvider(readings?: Readings): DiscoveryModuleProvider<LoadedFixture> {
  const options = readings === undefined ? {} : { readings };
  return {
    name: REFERENCE_PROVIDER_NAME,
    version: kitVersion(),
    interpretations:
      readings === undefined
        ? referenceInterpretations()
        : interpretationsRegister().map((e) => `${e.id}:${readings.reading(e.id)?.label ?? e.choice}`),
    loadFixture(bytes: Uint8Array): LoadedFixture {
      let value: unknown;
      try {
        value = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
      } catch {
        throw new BadFixtureError('fixture is not UTF-8 JSON');
      }
      const loaded = loadFixture(value as Parameters<typeof loadFixture>[0]);
      if (!loaded.ok) {
        const first = loaded.violations[0];
        throw new BadFixtureError(
          `fixture refused: ${first ? `${first.code} ${first.pointer ?? ''}`.trim() : 'invalid'}`,
        );
      }
      return loaded.fixture;
    },
    query(fixture: LoadedFixture, request: Uint8Array): Uint8Array {
      return evaluateQuery(request, fixture, options);
    },
  };
}

export default createReferenceProvider;
