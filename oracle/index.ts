/**
 * The `kofun-ctk` package export: the reference oracle of the kofun discovery contract.
 * The canonical codec, request validation and schemas, the interface-set digest, the
 * fixture loader, the reference provider (`evaluateQuery`), the independent verifier
 * (`verifyResult`) and the reference artifact builder.
 */
export * from './records/discovery-records.js';
export { LIMITS } from './limits.js';
export { violation, type Violation } from './violation.js';
export { kitRoot, kitVersion } from './kit-root.js';
export * from './canonical-json/index.js';
export { validateRequest, type RequestValidation } from './records/validate-request.js';
export {
  SCHEMA_NAMES,
  loadEveryValidator,
  schemaDocument,
  schemaViolations,
  validatorFor,
  type SchemaName,
} from './records/schema-registry.js';
export {
  interfaceSetDigest,
  INTERFACE_SET_DOMAIN,
  type InterfaceMember,
  type InterfaceSetDigest,
} from './digest/interface-set-digest.js';
export * from './fixture/fixture.js';
export { loadFixture, type FixtureLoad, type LoadedFixture } from './fixture/load-fixture.js';
export { loadFixtureFile } from './vectors/load-fixture-file.js';
export type { CandidateList } from './fixture/candidate-list.js';
export {
  evaluateQuery,
  evaluateQueryOrThrow,
  evaluateQueryRecord,
  ALTERNATIVE_READINGS,
  type AlternativeReading,
  type EvaluateOptions,
  type QueryEvaluation,
} from './pipeline/evaluate-query.js';
export { orderFreeDigest } from './fixture/order-free-digest.js';
export { verifyResult, type VerifyContext } from './verifier/verify-result.js';
export {
  interpretationsRegister,
  registerChoices,
  registerReadingNames,
  type RegisterEntry,
  type RegisterReading,
} from './register/interpretations-register.js';
export { formatViolation } from './verifier/format-violation.js';
export { parseLenient, type LenientParse } from './verifier/parse-lenient.js';
export * from './escape/escape-untrusted.js';
export { childPointer } from './violation.js';
export { sha256Hex, sha256Bytes, createSha256, hexOf, type HashInput, type Sha256Stream } from './digest/sha256-hex.js';
export * from './vectors/vector-format.js';
export {
  assignedInBaseline,
  beyondBaseline,
  checkRuntimeUnicode,
  UNICODE_BASELINE,
} from './vectors/unicode-baseline.js';
export { vectorSetDigest, vectorSetFrame, VECTOR_SET_DOMAIN } from './vectors/vector-set-digest.js';
export { prettyJson, prettyJsonBytes } from './vectors/pretty-json.js';
export {
  FixtureBuilder,
  variant,
  type HomeRef,
  type InterfaceRef,
  type CandidateSpec,
} from './fixture/fixture-builder.js';
export { factKey, identityOf } from './fixture/fixture-ids.js';
export { bindWorld, TRAILER_PREFIX } from './fixture/bind-world.js';
export { withDerivedDigests } from './fixture/view-semantic-digest.js';
export { MAX_FIXTURE_FILE_BYTES } from './fixture/load-fixture.js';
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
