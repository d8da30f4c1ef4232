/**
 * The oracle's internal entry: what the kit's runner, its generation tooling (suites/generate) and its scripts use
 * beyond the public API of `oracle/index.ts`.
 *
 * @internal Not part of the package's API: the `exports` map of package.json does not name it, and any of these
 * names may change or go in any release. Nothing here is needed to write, run or judge a provider.
 */
export { violation, childPointer } from './violation.js';
export { kitRoot } from './kit-root.js';
export { encodeFixtureJson } from './canonical-json/encode-canonical.js';
export { firstDifferingByte } from './canonical-json/first-differing-byte.js';
export { loadEveryValidator } from './records/schema-registry.js';
export { MAX_FIXTURE_FILE_BYTES } from './fixture/load-fixture.js';
export { orderFreeDigest } from './fixture/order-free-digest.js';
export { parseLenient, type LenientParse } from './verifier/parse-lenient.js';
export { clip, githubSafe, htmlSafe, markdownCode, markdownFence, markdownSafe } from './escape/escape-untrusted.js';
export * from './vectors/vector-format.js';
export { checkRuntimeUnicode } from './vectors/unicode-baseline.js';
export { vectorSetDigest, VECTOR_SET_DOMAIN } from './vectors/vector-set-digest.js';
export { queryVectorDigest, releaseVectorDigest, vectorDigest, VECTOR_DOMAIN } from './vectors/vector-digest.js';
export { prettyJson, prettyJsonBytes } from './vectors/pretty-json.js';
export { FixtureBuilder, type HomeRef, type InterfaceRef, type CandidateSpec } from './fixture/fixture-builder.js';
export { factKey, identityOf } from './fixture/fixture-ids.js';
export { bindWorld, TRAILER_PREFIX } from './fixture/bind-world.js';
export { withDerivedDigests } from './fixture/view-semantic-digest.js';
export { buildFromLoaded } from './release/build-reference-artifact.js';
export {
  BUILD_INFO_FILE,
  BUILD_INFO_PREFIX,
  isReleaseProfile,
  referenceBuild,
  referenceBuildProgram,
  type ReferenceBuildRequest,
  type ReferenceBuildResult,
} from './release/reference-build.js';
export { artifactDigest, type ArtifactFileFacts } from './release/artifact-digest.js';
export {
  buildReferenceArtifact,
  RELEASE_PROFILES,
  type ArtifactFile,
  type ReleaseProfile,
} from './release/build-reference-artifact.js';
export {
  computeReleaseExpectation,
  RELEASE_EXPECTATION_SCHEMA,
  type GateCheck,
  type ProfileExpectation,
  type ReleaseExpectation,
} from './release/release-expectation.js';
export {
  parseJsonInput,
  readJsonInputFile,
  formatJsonInputProblem,
  type JsonInput,
  type JsonInputLimits,
  type JsonInputProblem,
} from './json-input/read-json-input.js';
export { describeInputViolations } from './json-input/describe-input-violations.js';
export { sortedFeatures } from './features/features.js';
export { queryFeatures, RELEASE_COST_FEATURES } from './features/query-features.js';
export { evaluateQueryRecordOrThrow } from './pipeline/evaluate-query.js';
export {
  ONE_READING,
  READING_SWITCHES,
  readingRun,
  readingSwitch,
  runnableLabels,
  type ReadingRun,
} from './pipeline/reading-switches.js';
export type { AcceptanceRule, ReadingSwitch } from './pipeline/readings.js';
export { unrunnableAlternatives, type UnrunnableAlternative } from './pipeline/alternative-answers.js';
