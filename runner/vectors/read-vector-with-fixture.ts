/**
 * One query vector of a checked set read with its fixture, for the commands that hand both to a provider (`repro`,
 * `smoke`): read just after the set's check, so a file changed in between is refused like a corrupt set (exit 2),
 * never sent.
 */
import { UsageError } from '../io/cli-io.js';
import type { QueryVector, QueryVectorEntry, VectorSet } from './vector-source.js';

/** The vector of `entry` and its fixture's bytes; a changed or unreadable file is a usage error naming it. */
export function readVectorWithFixture(
  set: VectorSet,
  entry: QueryVectorEntry,
): { vector: QueryVector; fixtureBytes: Uint8Array } {
  const read = set.readVector(entry);
  if (!read.ok) throw new UsageError(read.reason);
  const fixture = set.readFixture(read.value.fixtureSha256);
  if (!fixture.ok) throw new UsageError(fixture.reason);
  return { vector: read.value, fixtureBytes: fixture.value };
}
