import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { verifyEdited, type Json } from '../test-support/edit-golden.js';

// ownership/permits-read-edit-take: a receiver that permits read, edit and take, so every operation is callable;
// each row's receiver_mode is the mode its candidate requires. In the golden's canonical order: into_iter (take),
// contains, length, map, filter (read), push (edit), element_type (none), sort_in_place (edit).

const ID = 'ownership/permits-read-edit-take';

test('the unedited golden is clean', () => {
  assert.equal(
    verifyEdited(ID, () => {}),
    [],
  );
});

test('KD-OWN-06: a row reports the mode the operation requires, not the strongest the receiver permits', () => {
  // L417: the compiler's ownership result remains authoritative. A provider that reports the receiver's strongest
  // permitted mode, take, changes every row but into_iter's.
  const found = verifyEdited(ID, (r) => {
    for (const op of r.operations as Json[]) op.receiver_mode = 'take';
  });
  assert.equal(
    found,
    [1, 2, 3, 4, 5, 6, 7].map((i) => `KD-OWN-06 receiver-mode-mismatch at /operations/${i}/receiver_mode`),
  );
});

test('KD-OP-07 beside KD-DISCLOSE-04: a misformed documentation link breaks its form and is not the fact', () => {
  // L287: a canonical documentation link is exactly kofun-doc: followed by one 64-lowercase-hex ID. `kofun-doc://<id>`
  // breaks that form (the schema's pattern, KD-OP-07) and is not the link of the compiler's attachment either; the
  // form's clause stays named beside the fixture's, with the fixture given or not.
  const id = 'complete/explain-callable-operation';
  const edit = (r: Json): void => {
    const row = r.operations[0] as Json;
    row.documentation = String(row.documentation).replace('kofun-doc:', 'kofun-doc://');
  };
  // The form is broken twice over: not the pattern, and longer than kofun-doc: plus 64 characters.
  assert.equal(verifyEdited(id, edit), [
    'KD-DISCLOSE-04 row-field-mismatch at /operations/0/documentation',
    'KD-OP-07 schema at /operations/0/documentation',
    'KD-OP-07 schema at /operations/0/documentation',
  ]);
});

test('KD-DISCLOSE-04: a source or documentation link the compiler marks disclosable but does not have is null', () => {
  // complete/explain-disclosable-source-and-documentation-absent: audit's source and documentation are marked
  // disclosable, and both are null in the fixture. L287: a link is kofun-doc: and an attachment ID; there is none.
  const id = 'complete/explain-disclosable-source-and-documentation-absent';
  assert.equal(
    verifyEdited(id, () => {}),
    [],
  );
  // A provider that renders the link from a null attachment: not the link's form either (kofun-doc: and 64 hex).
  const link = verifyEdited(id, (r) => {
    (r.operations[0] as Json).documentation = 'kofun-doc:null';
  });
  assert.equal(link, [
    'KD-DISCLOSE-04 documentation-without-attachment at /operations/0/documentation',
    'KD-OP-07 schema at /operations/0/documentation',
    'KD-OP-07 schema at /operations/0/documentation',
  ]);
  // A provider that fills the missing location with another one (here the start of the current file).
  const source = verifyEdited(id, (r) => {
    (r.operations[0] as Json).source = { file_id: (r.analysis as Json).file_id, span: { start: 0, end: 6 } };
  });
  assert.equal(source, ['KD-DISCLOSE-04 source-without-location at /operations/0/source']);
});

test.run();
