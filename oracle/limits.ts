/**
 * The one fixed limit profile of v1, kofun.discovery/default-v1 (KD-LIMIT-01..07).
 * Byte caps are binary units over the full canonical bytes including the final LF
 * (OQ-04 reading A); depth counts every object and array, the top level being 1
 * (OQ-05 reading A).
 */
export const LIMITS = {
  requestBytes: 64 * 1024,
  requestDepth: 16,
  resultBytes: 4 * 1024 * 1024,
  resultDepth: 64,
  operations: 4096,
  diagnostics: 256,
  omissions: 64,
  dependenciesPerFact: 64,
  genericRequirementsPerOperation: 64,
  effectsPerOperation: 64,
  diagnosticIdsPerFact: 256,
  rejectionReasons: 10,
  steps: 1_000_000,
  interfaceSetMembers: 4096,
  nameBytes: 256,
  qualifiedNameBytes: 4096,
  displayBytes: 4096,
  signatureBytes: 16384,
  spellingBytes: 1024,
  u32Max: 4_294_967_295,
  u53Max: 9_007_199_254_740_991,
} as const;
