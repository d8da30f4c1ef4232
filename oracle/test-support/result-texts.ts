/**
 * Hand-written canonical texts for the verifier's tests, worked from the contract for
 * the scenario of oracle/test-support/make-fixture.ts: a List[Text] receiver at
 * the final `languages` (bytes 43..52 of the source), one imported validated pub
 * `std.list.length` operation. IDs and digests are computed here with node:crypto, apart
 * from the kit's own digest code.
 */
import { createHash } from 'node:crypto';

const sha256 = (data: string | Buffer): string => createHash('sha256').update(data).digest('hex');

/** The labelled IDs of make-fixture.ts (SHA-256 of the label). */
export const IDS = {
  file: sha256('file:main.kofun'),
  listText: sha256('type:List[Text]'),
  languagesNode: sha256('node:languages'),
  stdPackage: sha256('package:std'),
  stdList: sha256('module:std.list'),
  length: sha256('symbol:std.list.length'),
  diag: sha256('diagnostic:one'),
} as const;

/**
 * The semantic digest make-fixture.ts states for its std.list view (KIT-24), framed by hand:
 * SHA-256 of "KOFUN\0" || 27:u16be || "kofun.ctk.interface-view/v1" || length:u32be || the
 * canonical encoding of {"facts": the view's content}. With one candidate and one dependency
 * every array is already in order, and the canonical layout of ASCII text is JSON.stringify
 * with sorted keys and two-space indentation, plus LF.
 */
export const STD_LIST_DIGEST = (() => {
  const dependency = { kind: 'SymbolId', source: 'kif', value: IDS.length };
  const origin = {
    dependencies: [],
    implementation_identity: null,
    kind: 'function',
    module: 'std.list',
    module_identity: IDS.stdList,
    status: 'validated',
    trait: null,
    trait_identity: null,
  };
  const length = {
    admitted: true,
    dependencies: [dependency],
    diagnostic_ids: [],
    disclose_documentation: false,
    disclose_source: false,
    display_name: 'length',
    documentation: null,
    effects: [],
    generic_requirements: [],
    home: { kind: 'interface', module_id: IDS.stdList, package_id: IDS.stdPackage },
    identity: IDS.length,
    origin,
    qualified_name: 'std.list.length',
    receiver_type: IDS.listText,
    required_mode: 'read',
    signature: 'std.list.length(read List[Text]) -> Int',
    source: null,
    status: 'validated',
    visibility: 'pub',
  };
  const content = {
    candidate_series: [],
    candidates: [length],
    module: 'std.list',
    module_id: IDS.stdList,
    package_id: IDS.stdPackage,
    view: 'public',
  };
  const payload = Buffer.from(`${JSON.stringify({ facts: content }, null, 2)}\n`, 'utf8');
  const domain = 'kofun.ctk.interface-view/v1';
  const lengths = Buffer.alloc(6);
  lengths.writeUInt16BE(domain.length, 0);
  lengths.writeUInt32BE(payload.length, 2);
  return sha256(
    Buffer.concat([
      Buffer.from('KOFUN\0', 'latin1'),
      lengths.subarray(0, 2),
      Buffer.from(domain, 'ascii'),
      lengths.subarray(2),
      payload,
    ]),
  );
})();

/** SHA-256 of the exact source bytes of make-fixture.ts (KD-KEY-03). */
export const SOURCE_SHA256 = sha256('let languages = ["Ruby", "PHP", "Python"]; languages');

/** The interface-set digest of the one public std.list view, framed by hand (KD-DIGEST-02/03). */
export const INTERFACE_SET_SHA256 = sha256(
  Buffer.concat([
    Buffer.from('KOFUN\0', 'latin1'),
    Buffer.from([0x00, 0x20]),
    Buffer.from('kofun.discovery.interface-set/v1', 'ascii'),
    Buffer.from([0x00, 0x00, 0x00, 4 + 97]),
    Buffer.from([0x00, 0x00, 0x00, 0x01]),
    Buffer.from(IDS.stdPackage, 'hex'),
    Buffer.from(IDS.stdList, 'hex'),
    Buffer.from([0x01]),
    Buffer.from(STD_LIST_DIGEST, 'hex'),
  ]),
);

/** A canonical request for the scenario; `kind`, flag, spelling and generation vary per test. */
export function requestText(
  o: { kind?: string; includeUnavailable?: boolean; spelling?: string | null; generation?: number } = {},
): string {
  const spelling = o.spelling === undefined || o.spelling === null ? 'null' : JSON.stringify(o.spelling);
  return `{
  "analysis": {
    "file_id": "${IDS.file}",
    "generation": ${o.generation ?? 17},
    "interface_set_sha256": "${INTERFACE_SET_SHA256}",
    "semantic_compatibility": "stage2-v1",
    "source_sha256": "${SOURCE_SHA256}"
  },
  "position": {
    "byte_offset": 52,
    "expression": {
      "end": 52,
      "start": 43
    }
  },
  "query": {
    "include_unavailable": ${o.includeUnavailable ?? false},
    "kind": "${o.kind ?? 'operations'}",
    "spelling": ${spelling}
  },
  "schema": "kofun.discovery.request/v1"
}
`;
}

/** The complete result for `requestText()`: the validated type and the one callable row. */
export const COMPLETE = `{
  "analysis": {
    "file_id": "${IDS.file}",
    "generation": 17,
    "interface_set_sha256": "${INTERFACE_SET_SHA256}",
    "semantic_compatibility": "stage2-v1",
    "source_sha256": "${SOURCE_SHA256}"
  },
  "authoritative": false,
  "diagnostics": [],
  "limit_profile": "kofun.discovery/default-v1",
  "omissions": [],
  "operations": [
    {
      "availability": "callable",
      "dependencies": [
        {
          "kind": "SymbolId",
          "source": "kif",
          "status": "validated",
          "value": "${IDS.length}"
        }
      ],
      "diagnostic_ids": [],
      "display_name": "length",
      "documentation": null,
      "effects": [],
      "generic_requirements": [],
      "identity": {
        "kind": "SymbolId",
        "value": "${IDS.length}"
      },
      "origin": {
        "implementation_identity": null,
        "kind": "function",
        "module": "std.list",
        "module_identity": {
          "kind": "ModuleId",
          "value": "${IDS.stdList}"
        },
        "status": "validated",
        "trait": null,
        "trait_identity": null
      },
      "qualified_name": "std.list.length",
      "receiver_mode": "read",
      "rejection_reasons": [],
      "signature": "std.list.length(read List[Text]) -> Int",
      "source": null,
      "status": "validated",
      "visibility": "pub"
    }
  ],
  "reason": null,
  "schema": "kofun.discovery.result/v1",
  "status": "complete",
  "truncated": false,
  "type": {
    "dependencies": [
      {
        "kind": "NodeId",
        "source": "live",
        "status": "validated",
        "value": "${IDS.languagesNode}"
      }
    ],
    "diagnostic_ids": [],
    "display": "List[Text]",
    "identity": {
      "kind": "TypeId",
      "value": "${IDS.listText}"
    },
    "reason": null,
    "status": "validated"
  }
}
`;

/** A stale result (generation moved on) with no facts, as for `requestText({ generation: 16 })`. */
export const STALE = `{
  "analysis": {
    "file_id": "${IDS.file}",
    "generation": 16,
    "interface_set_sha256": "${INTERFACE_SET_SHA256}",
    "semantic_compatibility": "stage2-v1",
    "source_sha256": "${SOURCE_SHA256}"
  },
  "authoritative": false,
  "diagnostics": [],
  "limit_profile": "kofun.discovery/default-v1",
  "omissions": [],
  "operations": [],
  "reason": "stale-generation",
  "schema": "kofun.discovery.result/v1",
  "status": "stale",
  "truncated": false,
  "type": null
}
`;

/**
 * The invalid result written out by hand from KD-RES-14/15, OQ-02 A, OQ-16 A, with the canonical layout of
 * KD-CANON-05/11/12/13: the answer to a request that is not a valid request.
 */
export const INVALID_REQUEST = `{
  "analysis": null,
  "authoritative": false,
  "diagnostics": [],
  "limit_profile": "kofun.discovery/default-v1",
  "omissions": [],
  "operations": [],
  "reason": "invalid-request",
  "schema": "kofun.discovery.result/v1",
  "status": "invalid",
  "truncated": false,
  "type": null
}
`;

/** `text` with the one occurrence of `from` replaced; throws when `from` is absent or repeated (a test fault). */
export function mutate(text: string, from: string, to: string): string {
  const at = text.indexOf(from);
  if (at < 0 || text.indexOf(from, at + 1) >= 0)
    throw new Error(`mutate: ${JSON.stringify(from)} must occur exactly once`);
  return text.slice(0, at) + to + text.slice(at + from.length);
}

/** UTF-8 bytes of a text. */
export const bytes = (text: string): Uint8Array => new Uint8Array(Buffer.from(text, 'utf8'));
