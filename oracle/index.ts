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
export { SCHEMA_NAMES, schemaDocument, schemaViolations, validatorFor, type SchemaName } from './records/schema-registry.js';
export { interfaceSetDigest, INTERFACE_SET_DOMAIN, type InterfaceMember, type InterfaceSetDigest } from './digest/interface-set-digest.js';
export { sha256Hex } from './digest/sha256-hex.js';
export * from './fixture/fixture.js';
export { loadFixture, loadFixtureFile, type FixtureLoad, type LoadedFixture } from './fixture/load-fixture.js';
export { evaluateQuery, evaluateQueryRecord, type QueryEvaluation } from './pipeline/evaluate-query.js';
export { verifyResult, type VerifyContext } from './verifier/verify-result.js';
export { formatViolation } from './verifier/format-violation.js';
export { buildReferenceArtifact, RELEASE_PROFILES, type ArtifactFile, type ReleaseProfile } from './release/build-reference-artifact.js';
export { computeReleaseExpectation, type ReleaseExpectation } from './release/release-expectation.js';
