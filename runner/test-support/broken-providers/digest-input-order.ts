// Broken provider: the interface-set digest computed over the validated views in the order the workspace lists
// them, not sorted by raw (PackageId, ModuleId, authorized_view, semantic_digest) bytes, so a current request is
// answered stale-interface-set wherever that order is not already sorted (KD-DIGEST-07, L112).
import { runWithOwnDigest } from './broken-provider-digest.js';

runWithOwnDigest('interface-set digest in input order', (members) => [...members]);
