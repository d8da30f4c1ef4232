/**
 * What a release-cost vector expects: the reference artifact of its fixture under each
 * build profile (files and framed digest), and the byte identities the gate must find
 * between profiles (KD-RELEASE-02..06, OQ-45 reading A).
 * Schema: oracle/schemas/kofun.ctk.release-expectation.v1.schema.json.
 */
import type { FixtureV1 } from '../fixture/fixture.js';
import { loadFixture } from '../fixture/load-fixture.js';
import { artifactDigest, type ArtifactFileFacts } from './artifact-digest.js';
import { sha256Hex } from '../digest/sha256-hex.js';
import {
  buildFromLoaded,
  RELEASE_PROFILES,
  type ArtifactFile,
  type ReleaseProfile,
} from './build-reference-artifact.js';

export const RELEASE_EXPECTATION_SCHEMA = 'kofun.ctk.release-expectation/v1';

/** One build profile's reference artifact. */
export interface ProfileExpectation {
  profile: ReleaseProfile;
  /** `artifactDigest(files)`: SHA-256 over the framed file listing. */
  digest: string;
  /** Sorted by path bytes. */
  files: ArtifactFileFacts[];
}

/** A byte relation the gate must observe between two profiles' artifacts. */
export interface ProfileIdentity {
  left: ReleaseProfile;
  right: ReleaseProfile;
  relation: 'identical' | 'different';
  /** The KD- clause the relation comes from. */
  clause: string;
}

/**
 * A self-test of the gate riding on a vector (KD-RELEASE-03: the gate must compare the bytes,
 * so it must be able to see a build that is not reproducible): the kit's reference builder,
 * given `defect`, writes the time of its clock into the without-support artifact, and is built
 * under the control and the variant conditions (the variant's clock shifted by faketime). The
 * gate must find the two different (`finding`) and name the time as the cause at `entry` and
 * byte `offset`, on both sides.
 */
export interface GateCheck {
  defect: 'embed-build-time';
  finding: 'NONDETERMINISTIC';
  clause: 'KD-RELEASE-03';
  hint: { variation: 'time'; entry: string; offset: number };
}

export interface ReleaseExpectation {
  schema: typeof RELEASE_EXPECTATION_SCHEMA;
  profiles: ProfileExpectation[];
  identities: ProfileIdentity[];
  gate_check?: GateCheck;
}

/**
 * The identities every release-cost vector carries:
 * - KD-RELEASE-02: support built in but disabled is the same bytes as no support.
 * - KD-RELEASE-03: the gate must compare bytes, so it needs a positive control: with
 *   discovery enabled the artifact differs, or the switch is not wired and an identical
 *   pair proves nothing.
 * - KD-RELEASE-04: the runtime-metadata profile is explicit and declares itself, so it
 *   differs from the normal artifact.
 * - KD-RELEASE-06: retention enabled differs from retention disabled; with retention
 *   disabled the artifact is the normal one (the first identity).
 */
export const RELEASE_IDENTITIES: readonly ProfileIdentity[] = [
  { left: 'without-support', right: 'support-disabled', relation: 'identical', clause: 'KD-RELEASE-02' },
  { left: 'without-support', right: 'discovery-enabled', relation: 'different', clause: 'KD-RELEASE-03' },
  { left: 'without-support', right: 'runtime-metadata', relation: 'different', clause: 'KD-RELEASE-04' },
  { left: 'support-disabled', right: 'runtime-metadata', relation: 'different', clause: 'KD-RELEASE-06' },
];

/** The file facts of an artifact. */
export function artifactFileFacts(files: readonly ArtifactFile[]): ArtifactFileFacts[] {
  return files.map((f) => ({ path: f.path, mode: f.mode & 0o7777, size: f.bytes.length, sha256: sha256Hex(f.bytes) }));
}

/**
 * Builds every profile's reference artifact for `fixture` and states the identities.
 * The identities are checked against the built bytes here, so a builder that broke
 * KD-RELEASE-02 could never publish a vector; a rejected fixture or a broken identity is a kit fault.
 */
export function computeReleaseExpectation(fixture: FixtureV1, gateCheck?: GateCheck): ReleaseExpectation {
  const loaded = loadFixture(fixture);
  if (!loaded.ok) {
    const first = loaded.violations[0];
    const at = first?.pointer === undefined ? '' : ` at ${first.pointer}`;
    const why = first === undefined ? 'no violation' : `${first.code}${at}: ${first.message}`;
    throw new Error(`computeReleaseExpectation: fixture rejected (${why})`);
  }
  const profiles: ProfileExpectation[] = RELEASE_PROFILES.map((profile) => {
    const files = artifactFileFacts(buildFromLoaded(loaded.fixture, profile));
    return { profile, digest: artifactDigest(files), files };
  });
  const digestOf = new Map(profiles.map((p) => [p.profile, p.digest]));
  for (const id of RELEASE_IDENTITIES) {
    const same = digestOf.get(id.left) === digestOf.get(id.right);
    if (same !== (id.relation === 'identical')) {
      throw new Error(`computeReleaseExpectation: ${id.left} vs ${id.right} is not ${id.relation} (${id.clause})`);
    }
  }
  const expectation: ReleaseExpectation = {
    schema: RELEASE_EXPECTATION_SCHEMA,
    profiles,
    identities: RELEASE_IDENTITIES.map((i) => ({ ...i })),
  };
  if (gateCheck !== undefined) expectation.gate_check = { ...gateCheck, hint: { ...gateCheck.hint } };
  return expectation;
}
