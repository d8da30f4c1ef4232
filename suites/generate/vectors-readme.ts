/**
 * vectors/README.md, generated with the vectors so it always states the current
 * set digest and counts, and documents the vector format and the set-digest frame
 * well enough to consume the vectors without the kit.
 */
import { CATEGORIES } from '../case-definition.js';
import { FEATURES } from '../../oracle/index.js';
import {
  GENERATED_NOTE,
  GENERATOR,
  MANIFEST_FORMAT,
  VECTOR_FORMAT,
  VECTOR_SET_DOMAIN,
  type ManifestFile,
} from '../../oracle/internal.js';

/** The README text for a manifest. */
export function renderVectorsReadme(manifest: ManifestFile): string {
  const lines: string[] = [];
  lines.push(
    `> ${GENERATED_NOTE} Written by \`${GENERATOR}\` (${VECTOR_FORMAT}, ${MANIFEST_FORMAT}), ` +
      `oracle ${manifest.generated.oracle_version}, vector set \`${manifest.vector_set_sha256}\`.`,
    '',
    '# Golden vectors of the kofun discovery contract',
    '',
    `Vector set \`${manifest.vector_set_sha256}\`: ${manifest.total} vectors.`,
    '',
    'Every file here is generated from the case definitions in `suites/` by the reference oracle',
    '(`npm run vectors:generate`); CI runs `npm run vectors:check`, which regenerates the set in',
    'memory and fails when any committed byte differs, when a vector fails its schema, or when an',
    'expected or acceptable result fails the independent verifier.',
    '',
    '| category | vectors |',
    '|---|---|',
    ...CATEGORIES.map((c) => `| ${c} | ${manifest.counts[c]} |`),
    '',
    '## Layout',
    '',
    '- `<category>/<slug>.json`: one vector (`' +
      VECTOR_FORMAT +
      '`, schema `oracle/schemas/kofun.ctk.vector.v1.schema.json`). ' +
      'The id is `<category>/<slug>` and never changes; a retired id is listed under `renames` in the manifest.',
    '- `fixtures/<sha256>.json`: a fixture (`kofun.ctk.fixture/v1`) as its canonical JSON bytes, except that LF, ' +
      'CR and TAB in `file.source` are written as the JSON escapes `\\n`, `\\r` and `\\t` (KIT-21); ' +
      'the name is the SHA-256 of those bytes and vectors refer to it by `fixture_sha256`. ' +
      'Fixtures are shared by every vector that uses the same facts. ' +
      'Large fixtures describe many candidates with `candidate_series`.',
    '- `manifest.json` (`' +
      MANIFEST_FORMAT +
      '`, schema `oracle/schemas/kofun.ctk.manifest.v1.schema.json`): ' +
      'every vector and fixture file with its SHA-256, sorted by path bytes; counts by category; renames; ' +
      'and the vector-set digest.',
    '',
    '## A query vector',
    '',
    '- `request`: the exact request bytes. `encoding` is `utf8` when the bytes are valid UTF-8 (the bytes are the ' +
      'UTF-8 encoding of `data`, a byte order mark included), otherwise `base64`. ' +
      'Most requests are canonical records; the `invalid` and `limit` categories also send raw bytes where the ' +
      'bytes themselves are the point.',
    "- `expected.result`: the reference oracle's canonical result text; " +
      'a provider whose result bytes equal its UTF-8 encoding PASSes. `expected.sha256` is the SHA-256 of those bytes.',
    '- `acceptable`: where the contract leaves latitude, named alternative results, ' +
      'each computed by the oracle from an alternative reading named by `interpretation` (an entry of ' +
      '`oracle/interpretations.json`). A result equal to one of them is ACCEPTABLE, not PASS.',
    '- `clauses` and `interpretations`: the KD- clauses the vector exercises and the interpretation entries its ' +
      'expected result depends on.',
    `- \`features\`: the features the vector needs, of ${FEATURES.map((f) => `\`${f}\``).join(', ')} ` +
      '(PROTOCOL.md, "Features"), derived by the generator from what the vector exercises ' +
      '(`oracle/features/query-features.ts`); a provider that declares one of them missing gets the vector ' +
      'NOT-APPLICABLE, never PASS.',
    '',
    'A release-cost vector carries `release` (`kofun.ctk.release-expectation/v1`) instead of `request`, ' +
      '`expected` and `acceptable`.',
    '',
    '## The vector-set digest',
    '',
    "`vector_set_sha256` is the SHA-256 of this frame, in the style of the contract's interface-set digest:",
    '',
    '```',
    '"KOFUN\\0"',
    `|| domain_length:u16be || "${VECTOR_SET_DOMAIN}"        (domain_length = ${Buffer.byteLength(VECTOR_SET_DOMAIN)})`,
    '|| payload_length:u32be || payload',
    '',
    'payload = file_count:u32be',
    '       || repeated file_count times, files sorted by raw path bytes {',
    '            path_length:u16be || path     (UTF-8, relative to this folder, "/"-separated)',
    "            || sha256                    (the 32 raw bytes of the file's SHA-256)",
    '          }',
    '```',
    '',
    'The files are exactly those listed in `manifest.json` (vectors and fixtures); ' +
      '`manifest.json` and this README are not members. A gate report names this digest, ' +
      'so its verdicts are bound to these exact bytes.',
    '',
  );
  return lines.join('\n');
}
