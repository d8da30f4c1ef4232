/**
 * The `kofun-ctk` package export: the reference oracle of the kofun discovery contract, as a provider author or a
 * provider team's tooling uses it. The contract's records, the canonical codec, request validation and the schemas,
 * the interface-set digest, the fixture format and loader, the reference pipeline (`evaluateQuery`), the independent
 * verifier (`verifyResult`), the interpretations register, and the escaping and SHA-256 helpers a tool needs to show
 * or address a provider's bytes.
 *
 * The kit's own machinery (the vector format and its builders, the fixture builder, the reference builds, the reader
 * of the kit's JSON inputs) is behind `oracle/internal.ts`, which the package does not export.
 */
export * from './records/discovery-records.js';
export { LIMITS } from './limits.js';
export type { Violation } from './violation.js';
export { kitVersion } from './kit-root.js';
export type { JsonObject, JsonValue } from './canonical-json/json-value.js';
export { compareUtf8, utf8Length } from './canonical-json/compare-utf8.js';
export {
  decodeCanonical,
  type CanonicalViolationCode,
  type DecodeCanonicalOptions,
  type DecodeCanonicalResult,
} from './canonical-json/decode-canonical.js';
export {
  encodeCanonical,
  encodeCanonicalText,
  type EncodeCanonicalOptions,
} from './canonical-json/encode-canonical.js';
export { validateRequest, type RequestValidation } from './records/validate-request.js';
export {
  SCHEMA_NAMES,
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
  type EvaluateOptions,
  type QueryEvaluation,
} from './pipeline/evaluate-query.js';
export { FEATURES, FEATURE_TEXT, isFeature, type Feature } from './features/features.js';
export { Readings, type FollowedReading } from './pipeline/readings.js';
export { kitReadings, readingsNamed, readingsOf, type ReadingProblem } from './pipeline/reading-switches.js';
export {
  answersWithAlternatives,
  type AlternativeAnswer,
  type AnswerOptions,
  type Answers,
} from './pipeline/alternative-answers.js';
export { verifyResult, type VerifyContext } from './verifier/verify-result.js';
export { formatViolation } from './verifier/format-violation.js';
export {
  interpretationsRegister,
  readInterpretationsRegister,
  registerChoices,
  registerReadingNames,
  registerRefusal,
  type RegisterEntry,
  type RegisterRead,
  type RegisterReading,
} from './register/interpretations-register.js';
export {
  escapeBytes,
  escapeFor,
  escapeText,
  markdownCell,
  type EscapeContext,
  type EscapeOptions,
} from './escape/escape-untrusted.js';
export { sha256Hex, sha256Bytes, createSha256, type HashInput, type Sha256Stream } from './digest/sha256-hex.js';
