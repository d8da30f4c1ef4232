/**
 * The logical records of the kofun developer discovery contract
 * (kofun.discovery.request/v1 and kofun.discovery.result/v1), as TypeScript types.
 *
 * These types describe shape only. Every rule a type cannot say (byte lengths, NFC,
 * order, the status-shape table, closure) lives in the module named for that rule.
 * Field names are the contract's own, so a decoded canonical JSON value and a record
 * are the same object.
 */

/** Exactly 64 lowercase hexadecimal ASCII characters (KD-SCALAR-04). */
export type Id = string;

/** The stable identity kinds accepted by the typed-sidecar contract (KD-SCALAR-13). */
export const IDENTITY_KINDS = [
  'BindingId',
  'ExportBindingId',
  'FileId',
  'ImplementationId',
  'ImportBindingId',
  'LawEvidenceId',
  'ModuleId',
  'NamespaceId',
  'PackageId',
  'ScopeId',
  'SymbolId',
  'TypeId',
] as const;
export type IdentityKind = (typeof IDENTITY_KINDS)[number];

/** KD-SCALAR-12. */
export interface Identity {
  kind: IdentityKind;
  value: Id;
}

/** KD-SCALAR-10, KD-SCALAR-11: start <= end. */
export interface Span {
  start: number;
  end: number;
}

/** KD-KEY-01. */
export interface AnalysisKey {
  file_id: Id;
  source_sha256: Id;
  interface_set_sha256: Id;
  generation: number;
  semantic_compatibility: string;
}

export const QUERY_KINDS = ['type', 'operations', 'type-and-operations', 'explain-operation'] as const;
export type QueryKind = (typeof QUERY_KINDS)[number];

/** KD-REQ-05. */
export interface Query {
  kind: QueryKind;
  include_unavailable: boolean;
  spelling: string | null;
}

/** KD-REQ-04. */
export interface QueryPosition {
  byte_offset: number;
  expression: Span;
}

export const REQUEST_SCHEMA = 'kofun.discovery.request/v1';
export const RESULT_SCHEMA = 'kofun.discovery.result/v1';
export const LIMIT_PROFILE = 'kofun.discovery/default-v1';

/** KD-REQ-01. */
export interface DiscoveryRequestV1 {
  schema: typeof REQUEST_SCHEMA;
  analysis: AnalysisKey;
  position: QueryPosition;
  query: Query;
}

/** KD-REASON-02, in the trust order of KD-CLOSURE-07 (least to most restrictive). */
export const FACT_STATUSES = ['validated', 'provisional', 'unavailable', 'error'] as const;
export type FactStatus = (typeof FACT_STATUSES)[number];

export const RESULT_STATUSES = ['complete', 'partial', 'stale', 'unavailable', 'invalid'] as const;
export type ResultStatus = (typeof RESULT_STATUSES)[number];

/** KD-REASON-01. */
export const RESULT_REASONS = [
  'cancelled-before-analysis',
  'incomplete-current-file-facts',
  'invalid-position',
  'invalid-request',
  'limit-exhausted',
  'stale-generation',
  'stale-interface-set',
  'stale-semantic-compatibility',
  'stale-source',
  'unsupported-in-profile',
  'wrong-file',
] as const;
export type ResultReason = (typeof RESULT_REASONS)[number];

/** KD-REASON-03. */
export const FACT_REASONS = [
  'cancelled-before-analysis',
  'incomplete-analysis',
  'limit-exhausted',
  'rejected-by-diagnostic',
  'type-not-available-in-current-subset',
  'unsupported-current-stage2-feature',
] as const;
export type FactReason = (typeof FACT_REASONS)[number];

export const DEPENDENCY_SOURCES = ['live', 'sidecar', 'kif'] as const;
export type DependencySource = (typeof DEPENDENCY_SOURCES)[number];
export type DependencyKind = 'NodeId' | IdentityKind;

/** KD-CLOSURE-01. */
export interface DependencyRef {
  source: DependencySource;
  kind: DependencyKind;
  value: Id;
  status: FactStatus;
}

/** KD-TYPE-01. */
export interface TypeFact {
  status: FactStatus;
  identity: Identity | null;
  display: string | null;
  dependencies: DependencyRef[];
  diagnostic_ids: Id[];
  reason: FactReason | null;
}

export const GENERIC_REQUIREMENT_KINDS = ['trait-bound', 'equality', 'inference'] as const;
export type GenericRequirementKind = (typeof GENERIC_REQUIREMENT_KINDS)[number];

/** KD-OP-15. */
export interface GenericRequirement {
  kind: GenericRequirementKind;
  identity: Identity | null;
  display: string;
  status: FactStatus;
}

/** KD-EFFECT-01; identity is never null (OQ-26 reading A). */
export interface EffectRequirement {
  identity: Identity;
  display: string;
  status: FactStatus;
}

export const ORIGIN_KINDS = ['function', 'member', 'extension', 'trait'] as const;
export type OriginKind = (typeof ORIGIN_KINDS)[number];

/** KD-ORIGIN-01. */
export interface OperationOrigin {
  status: FactStatus;
  kind: OriginKind;
  module: string;
  module_identity: Identity;
  implementation_identity: Identity | null;
  trait: string | null;
  trait_identity: Identity | null;
}

export const RECEIVER_MODES = ['read', 'edit', 'take', 'none'] as const;
export type ReceiverMode = (typeof RECEIVER_MODES)[number];

export const VISIBILITIES = ['private', 'internal', 'pub', 'restricted'] as const;
export type Visibility = (typeof VISIBILITIES)[number];

export const AVAILABILITIES = ['callable', 'unavailable'] as const;
export type Availability = (typeof AVAILABILITIES)[number];

/** KD-REJECT-01, already in ASCII order. */
export const REJECTION_REASONS = [
  'ambiguous',
  'incomplete-analysis',
  'limit-exhausted',
  'missing-effect',
  'requires-edit',
  'requires-read',
  'requires-take',
  'type-mismatch',
  'unsatisfied-bound',
  'unsupported-in-profile',
] as const;
export type RejectionReason = (typeof REJECTION_REASONS)[number];

/** KD-DIAG-05. */
export interface Location {
  file_id: Id;
  span: Span;
}

/** KD-OP-01. */
export interface OperationFact {
  status: FactStatus;
  identity: Identity;
  display_name: string;
  qualified_name: string;
  signature: string | null;
  generic_requirements: GenericRequirement[];
  receiver_mode: ReceiverMode | null;
  effects: EffectRequirement[];
  origin: OperationOrigin;
  visibility: Visibility;
  availability: Availability;
  rejection_reasons: RejectionReason[];
  source: Location | null;
  documentation: string | null;
  dependencies: DependencyRef[];
  diagnostic_ids: Id[];
}

/** KD-OMIT-02, in ASCII order. */
export const OMISSION_REASONS = [
  'hidden-by-visibility',
  'incomplete-analysis',
  'limit-exhausted',
  'not-imported',
  'unsupported-in-profile',
] as const;
export type OmissionReason = (typeof OMISSION_REASONS)[number];

/** KD-OMIT-01. */
export interface Omission {
  reason: OmissionReason;
  requested_spelling: string | null;
}

export const SEVERITIES = ['error', 'warning', 'information', 'hint'] as const;
export type Severity = (typeof SEVERITIES)[number];

/** KD-DIAG-01. */
export interface DiagnosticSummary {
  id: Id;
  code: string;
  severity: Severity;
  category: string;
  template_id: string;
  primary: Location | null;
  fallback_text: string;
}

/** KD-RES-01. */
export interface DiscoveryResultV1 {
  schema: typeof RESULT_SCHEMA;
  authoritative: false;
  limit_profile: typeof LIMIT_PROFILE;
  status: ResultStatus;
  analysis: AnalysisKey | null;
  type: TypeFact | null;
  operations: OperationFact[];
  omissions: Omission[];
  diagnostics: DiagnosticSummary[];
  reason: ResultReason | null;
  truncated: boolean;
}
