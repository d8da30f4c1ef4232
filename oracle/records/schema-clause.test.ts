// The clause of a failing keyword from ajv's schemaPath (schema-clause.ts), over small schemas written for this test:
// each expected clause is the one of the innermost described ancestor-or-self of the failing keyword, read off the
// schemas below by hand.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createRequire } from 'node:module';
import type { ErrorObject } from 'ajv';
import type Ajv2020Module from 'ajv/dist/2020.js';
import { SchemaClauses, clauseOf } from './schema-clause.js';

type Node = { [key: string]: unknown };
const PREFIX = 'urn:t:';
const ID: Node = { type: 'string', pattern: '^[a-f]{2}$' };
const REMOTE = 'urn:t:b/v1#/$defs/Remote';

const A: Node = {
  $id: 'urn:t:a/v1',
  description: 'KD-ROOT-01 The record.',
  type: 'object',
  properties: {
    name: { description: 'KD-NAME-02 A name.', type: 'string', maxLength: 3 },
    count: { type: 'integer' },
    holder: { $ref: 'urn:t:b/v1#/$defs/Holder' },
    // A property named $ref, and a string that looks like a reference but is an example: neither is a reference.
    $ref: { title: '#/properties/name', type: 'integer', examples: ['#/properties/name'] },
    cond2: {
      if: { type: 'object' },
      then: { type: 'object', properties: { x: { description: 'KD-CX-34 Then, a property.', type: 'integer' } } },
    },
    dep: {
      type: 'object',
      dependentSchemas: {
        a: { type: 'object', properties: { b: { description: 'KD-DEP-35 Dependent.', type: 'integer' } } },
      },
    },
    local: { $ref: '#/$defs/Local' },
    remote: { $ref: REMOTE },
    deep: { $ref: '#/$defs/Deep' },
    list: { type: 'array', items: { description: 'KD-ITEM-03 An item.', type: 'string' } },
    tuple: {
      type: 'array',
      minItems: 1,
      items: false,
      prefixItems: [{ description: 'KD-TUPLE-04 The first.', type: 'integer' }],
    },
    one: { $ref: '#/$defs/One' },
    two: { $ref: '#/$defs/Two' },
    'a/b~c': { description: 'KD-ESC-05 An escaped key.', type: 'integer' },
    'sp ace': { description: 'KD-SPACE-12 A key with a space.', type: 'integer' },
    one2: { $ref: '#/$defs/One2' },
    key1: { $ref: '#/$defs/Key1' },
    two2: { $ref: '#/$defs/Two2' },
    's/l~t': { $ref: '#/$defs/Two2' },
    whole: { $ref: 'urn:t:c/v1' },
    maybe: { anyOf: [{ type: 'null' }, { description: 'KD-MAYBE-13 Nullable.', type: 'string' }] },
    both: { allOf: [{ description: 'KD-ALL-14 All.', type: 'integer', minimum: 3 }] },
    cond: {
      if: { type: 'string' },
      then: { description: 'KD-THEN-15 Then.', type: 'string', maxLength: 1 },
      else: { description: 'KD-ELSE-16 Else.', type: 'integer' },
    },
    never: { type: 'integer', not: { description: 'KD-NOT-17 Not.', const: 0 } },
    keys: { type: 'object', propertyNames: { description: 'KD-KEYS-18 Keys.', type: 'string', maxLength: 1 } },
    pats: {
      type: 'object',
      patternProperties: { '^p': { description: 'KD-PAT-19 Pattern.', type: 'integer' } },
      additionalProperties: { description: 'KD-ADD-20 Other.', type: 'string' },
    },
    has: { type: 'array', contains: { description: 'KD-HAS-21 Contains.', type: 'integer' } },
    // Two2 reached through each applicator and each kind of child, where One2 (found first) does not apply.
    nest: {
      type: 'object',
      properties: {
        arr: { type: 'array', items: { $ref: '#/$defs/Two2' } },
        tup: {
          type: 'array',
          minItems: 2,
          items: false,
          prefixItems: [{ $ref: '#/$defs/One2' }, { $ref: '#/$defs/Two2' }],
        },
        has: { type: 'array', contains: { $ref: '#/$defs/Two2' } },
        pat: { type: 'object', patternProperties: { '^t': { $ref: '#/$defs/Two2' } } },
        add: { type: 'object', additionalProperties: { $ref: '#/$defs/Two2' } },
        all: { allOf: [{ $ref: '#/$defs/Two2' }] },
        any: { anyOf: [{ type: 'null' }, { $ref: '#/$defs/Two2' }] },
        one: { oneOf: [{ type: 'null' }, { $ref: '#/$defs/Two2' }] },
        then: { if: { type: 'object' }, then: { $ref: '#/$defs/Two2' } },
        else: { if: { type: 'null' }, else: { $ref: '#/$defs/Two2' } },
        keys: { type: 'object', propertyNames: { $ref: '#/$defs/Key2' } },
        // Keys that end or start with a digit are not array indexes.
        mix: {
          anyOf: [
            { type: 'array', items: { $ref: '#/$defs/One2' } },
            { type: 'object', properties: { k1: { $ref: '#/$defs/Two2' }, '1k': { $ref: '#/$defs/Two2' } } },
          ],
        },
        // A boolean subschema on the way: it applies, but holds nothing.
        bool: {
          type: 'array',
          minItems: 1,
          maxItems: 1,
          prefixItems: [true],
          contains: { type: 'object', properties: { w: { $ref: '#/$defs/Two2' } } },
        },
      },
    },
    alt: {
      oneOf: [
        { description: 'KD-ALT-22 A.', type: 'integer' },
        { description: 'KD-ALT-23 B.', type: 'string' },
      ],
    },
  },
  additionalProperties: false,
  $defs: {
    Local: { description: 'KD-LOCAL-06 A local definition.', type: 'object', properties: { w: { type: 'string' } } },
    Deep: {
      description: 'KD-DEEP-07 A definition holding a reference, so not inlined.',
      type: 'object',
      properties: { inner: { $ref: REMOTE }, n: { type: 'integer' } },
    },
    One: { description: 'KD-ONE-08 First of two identical shapes.', type: 'object', properties: { id: ID } },
    // One2 and Two2 hold a reference, so ajv compiles each as its own function and spells their paths from their
    // own root (`#/properties/id/...`): only where each applies tells them apart.
    One2: {
      description: 'KD-ONE-24 A shape holding a reference.',
      type: 'object',
      properties: { id: ID, r: { $ref: REMOTE } },
    },
    Two2: {
      description: 'KD-TWO-25 The same shape again.',
      type: 'object',
      properties: { id: ID, r: { $ref: REMOTE } },
    },
    Key1: { description: 'KD-KEY-29 A key.', type: 'string', maxLength: 1, not: { $ref: '#/$defs/Never' } },
    Key2: { description: 'KD-KEY-30 The same key.', type: 'string', maxLength: 1, not: { $ref: '#/$defs/Never' } },
    Never: { const: 'never' },
    Two: { description: 'KD-TWO-09 Second of two identical shapes.', type: 'object', properties: { id: ID } },
  },
};
const B: Node = {
  $id: 'urn:t:b/v1',
  description: 'KD-BEE-10 The other file.',
  type: 'object',
  $defs: {
    // Holder and Inner hold references, so ajv compiles each as its own function; Leaf is inlined into Holder
    // and spelled from the root of this file. Inner is reached only from Holder, within this file.
    Holder: {
      description: 'KD-HOLD-31 A holder.',
      type: 'object',
      properties: { leaf: { $ref: '#/$defs/Leaf' }, inner: { $ref: '#/$defs/Inner' } },
    },
    Leaf: { description: 'KD-LEAF-32 A leaf.', type: 'integer' },
    Inner: {
      description: 'KD-INNER-33 An inner shape.',
      type: 'object',
      properties: { n: { type: 'integer' }, back: { $ref: 'urn:t:a/v1#/$defs/Local' } },
    },
    Remote: {
      description: 'KD-REMOTE-11 A remote definition.',
      type: 'object',
      required: ['r'],
      properties: { r: { type: 'boolean' } },
    },
  },
};
const C: Node = {
  $id: 'urn:t:c/v1',
  description: 'KD-SEA-26 A whole file.',
  type: 'object',
  properties: { c: { type: 'boolean' }, d: { description: 'KD-DEE-27 D.', type: 'integer' }, ref: { $ref: REMOTE } },
};
// A schema whose name is a prefix of c/v1's, listed after it: the longest name wins.
const C_SHORT: Node = { $id: 'urn:t:c', description: 'KD-CEE-28 A shorter name.', type: 'object' };
// No description at the root: the record's clause falls back to KD-CANON-16.
const D: Node = {
  $id: 'urn:t:d',
  type: 'object',
  properties: { e: { type: 'integer', default: null } },
  additionalProperties: { type: 'object', properties: { f: { description: 'KD-EFF-36 F.', type: 'integer' } } },
};

const SCHEMAS = [A, B, C, C_SHORT, D];
const roots = new Map(SCHEMAS.map((s) => [(s['$id'] as string).slice(PREFIX.length), s]));

const require = createRequire(import.meta.url);
const Ajv = (require('ajv/dist/2020.js') as { default: typeof Ajv2020Module.default }).default;
// Compiled from deep copies, as the precompiled validators carry their own copies of the schema objects.
const ajv = new Ajv({ strict: true, allErrors: true, verbose: true });
for (const s of SCHEMAS) ajv.addSchema(structuredClone(s));

/** `keyword instancePath clause` for each ajv error of `value` against `name`. */
function clauses(name: string, value: unknown, finder = new SchemaClauses(roots, PREFIX)): string[] {
  const validate = ajv.getSchema(PREFIX + name);
  if (validate === undefined) throw new Error(`no schema ${name}`);
  assert.not.ok(validate(value), 'the value was meant to fail');
  return (validate.errors ?? []).map(
    (e: ErrorObject) => `${e.keyword} ${e.instancePath} ${finder.clauseFor(name, e) ?? 'none'}`,
  );
}

test('clauseOf: the first KD- clause of a description, whole words only', () => {
  assert.is(clauseOf({ description: 'KD-AB-12 A rule.' }), 'KD-AB-12');
  assert.is(clauseOf({ description: 'As KD-AB-12 and KD-CD-34 say.' }), 'KD-AB-12');
  assert.is(clauseOf({ description: 'KD-AB-123 is not a clause' }), undefined);
  assert.is(clauseOf({ description: 'xKD-AB-12' }), undefined);
  assert.is(clauseOf({ description: 'KD-Ab-12' }), undefined);
  assert.is(clauseOf({ description: 'KD-AB-1' }), undefined);
  assert.is(clauseOf({ description: 'No clause.' }), undefined);
  assert.is(clauseOf({ description: 5 }), undefined);
  assert.is(clauseOf({ description: ['KD-AB-12'] }), undefined, 'only a string description states a clause');
  assert.is(clauseOf({ title: 'KD-AB-12' }), undefined);
});

test('root-relative paths: own description, inherited from the nearest described ancestor, escaped keys', () => {
  assert.equal(clauses('a/v1', { name: 'long', count: 'x', extra: 1 }), [
    'additionalProperties  KD-ROOT-01',
    'maxLength /name KD-NAME-02',
    'type /count KD-ROOT-01',
  ]);
  assert.equal(clauses('a/v1', 5), ['type  KD-ROOT-01']);
  assert.equal(clauses('a/v1', { 'a/b~c': 'x', 'sp ace': 'x' }), [
    'type /a~1b~0c KD-ESC-05',
    'type /sp ace KD-SPACE-12',
  ]);
  assert.equal(clauses('a/v1', { list: ['a', 2], tuple: ['x', 1] }), [
    'type /list/1 KD-ITEM-03',
    'type /tuple/0 KD-TUPLE-04',
    // `items: false` past the prefix: ajv reports the `items` keyword at the array.
    'items /tuple KD-ROOT-01',
  ]);
  assert.equal(clauses('b/v1', 1), ['type  KD-BEE-10']);
  assert.equal(clauses('d', { e: 'x' }), ['type /e KD-CANON-16']);
  // Under a root's additionalProperties: two instance steps from the root.
  assert.equal(clauses('d', { g: { f: 'x' } }), ['type /g/f KD-EFF-36']);
  const finder = new SchemaClauses(roots, PREFIX);
  const name = (A['properties'] as Node)['name'];
  // A path that descends further than the instance location reaches, and an unknown schema name.
  assert.is(
    finder.clauseFor('a/v1', {
      keyword: 'maxLength',
      schemaPath: '#/properties/name/maxLength',
      instancePath: '',
      parentSchema: name,
    }),
    undefined,
  );
  assert.is(finder.clauseFor('zz', { keyword: 'type', schemaPath: '#/type', instancePath: '' }), undefined);
});

test('applicators: anyOf, allOf, if/then/else, not, propertyNames, patternProperties, contains, oneOf', () => {
  assert.equal(clauses('a/v1', { maybe: 1, both: 1, never: 0 }), [
    'type /maybe KD-ROOT-01',
    'type /maybe KD-MAYBE-13',
    'anyOf /maybe KD-ROOT-01',
    'minimum /both KD-ALL-14',
    'not /never KD-ROOT-01',
  ]);
  assert.equal(clauses('a/v1', { cond: 'xx' }), ['maxLength /cond KD-THEN-15', 'if /cond KD-ROOT-01']);
  assert.equal(clauses('a/v1', { cond: true, keys: { ab: 1 }, pats: { p: 'x', q: 1 }, has: ['x'], alt: true }), [
    'type /cond KD-ELSE-16',
    'if /cond KD-ROOT-01',
    'maxLength /keys KD-KEYS-18',
    'propertyNames /keys KD-ROOT-01',
    'type /pats/q KD-ADD-20',
    'type /pats/p KD-PAT-19',
    'type /has/0 KD-HAS-21',
    'contains /has KD-ROOT-01',
    'type /alt KD-ALT-22',
    'type /alt KD-ALT-23',
    'oneOf /alt KD-ROOT-01',
  ]);
});

test('references: inlined local, absolute to another file, not inlined, a whole file', () => {
  assert.equal(clauses('a/v1', { local: { w: 1 } }), ['type /local/w KD-LOCAL-06']);
  assert.equal(clauses('a/v1', { remote: { r: 1 } }), ['type /remote/r KD-REMOTE-11']);
  assert.equal(clauses('a/v1', { remote: {} }), ['required /remote KD-REMOTE-11']);
  assert.equal(clauses('a/v1', { deep: { n: 'x', inner: { r: 'x' } } }), [
    'type /deep/inner/r KD-REMOTE-11',
    'type /deep/n KD-DEEP-07',
  ]);
  assert.equal(clauses('a/v1', { one: { id: 'zz' }, two: { id: 'zz' } }), [
    'pattern /one/id KD-ONE-08',
    'pattern /two/id KD-TWO-09',
  ]);
  assert.equal(clauses('a/v1', { whole: { c: 1, d: 'x' } }), ['type /whole/c KD-SEA-26', 'type /whole/d KD-DEE-27']);
  assert.equal(clauses('c/v1', { c: 1, d: 'x' }), ['type /c KD-SEA-26', 'type /d KD-DEE-27']);
});

test('two identical shapes, each compiled from its own root, are told apart by where they apply', () => {
  const finder = new SchemaClauses(roots, PREFIX);
  // Asked twice: the second answer comes from the cached bases.
  for (let i = 0; i < 2; i++)
    assert.equal(clauses('a/v1', { one2: { id: 'zz' }, two2: { id: 'zz' } }, finder), [
      'pattern /one2/id KD-ONE-24',
      'pattern /two2/id KD-TWO-25',
    ]);
  // Two2 applies nowhere else: at the top, under another property, or deeper than the instance reaches.
  const err = { keyword: 'pattern', schemaPath: '#/properties/id/pattern', parentSchema: ID };
  assert.is(finder.clauseFor('a/v1', { ...err, instancePath: '/one2/id' }), 'KD-ONE-24');
  assert.is(finder.clauseFor('a/v1', { ...err, instancePath: '/id' }), undefined);
  assert.is(finder.clauseFor('a/v1', { ...err, instancePath: '/name/id' }), undefined);
  assert.is(finder.clauseFor('a/v1', { ...err, instancePath: '' }), undefined);
  assert.is(finder.clauseFor('a/v1', { ...err, instancePath: '/one2/x/id' }), undefined);
  // The instancePath is a JSON Pointer: `~1` and `~0` are `/` and `~` of the property `s/l~t` that leads to Two2.
  assert.is(finder.clauseFor('a/v1', { ...err, instancePath: '/s~1l~0t/id' }), 'KD-TWO-25');
  assert.is(finder.clauseFor('a/v1', { ...err, instancePath: '/sl~0t/id' }), undefined);
  assert.is(finder.clauseFor('a/v1', { ...err, instancePath: '/s~1lt/id' }), undefined);
  // A parentSchema no base leads to.
  assert.is(
    finder.clauseFor('a/v1', { ...err, instancePath: '/one2/id', parentSchema: { type: 'string' } }),
    undefined,
  );
});

test('a shape compiled from its own root applies through every applicator and kind of child', () => {
  const bad = { id: 'zz' };
  const nest = {
    arr: [bad],
    tup: [{}, bad],
    has: [bad],
    pat: { t: bad },
    add: { u: bad },
    all: bad,
    any: bad,
    one: bad,
    then: bad,
    else: bad,
    keys: { ab: 1 },
    mix: { k1: bad, '1k': bad },
    bool: [{ w: bad }],
  };
  assert.equal(
    clauses('a/v1', { nest }).filter((s) => !/^(anyOf|oneOf|contains|if|propertyNames) /.test(s)),
    [
      'pattern /nest/arr/0/id KD-TWO-25',
      'pattern /nest/tup/1/id KD-TWO-25',
      'pattern /nest/has/0/id KD-TWO-25',
      'pattern /nest/pat/t/id KD-TWO-25',
      'pattern /nest/add/u/id KD-TWO-25',
      'pattern /nest/all/id KD-TWO-25',
      'type /nest/any KD-ROOT-01',
      'pattern /nest/any/id KD-TWO-25',
      'type /nest/one KD-ROOT-01',
      'pattern /nest/one/id KD-TWO-25',
      'pattern /nest/then/id KD-TWO-25',
      'pattern /nest/else/id KD-TWO-25',
      'maxLength /nest/keys KD-KEY-30',
      'type /nest/mix KD-ROOT-01',
      'pattern /nest/mix/k1/id KD-TWO-25',
      'pattern /nest/mix/1k/id KD-TWO-25',
      'pattern /nest/bool/0/w/id KD-TWO-25',
    ],
  );
  assert.equal(clauses('a/v1', { key1: 'ab' }), ['maxLength /key1 KD-KEY-29']);
});

test('other files: a root reached through a reference is a base; refs are only $ref strings', () => {
  assert.equal(clauses('a/v1', { holder: { leaf: 'x', inner: { n: 'x' } } }), [
    'type /holder/leaf KD-LEAF-32',
    'type /holder/inner/n KD-INNER-33',
  ]);
  assert.equal(clauses('a/v1', { $ref: 'x' }), ['type /$ref KD-ROOT-01']);
  const finder = new SchemaClauses(roots, PREFIX);
  const name = (A['properties'] as Node)['name'];
  assert.is(
    finder.clauseFor('a/v1', {
      keyword: 'maxLength',
      schemaPath: '#/maxLength',
      instancePath: '/name',
      parentSchema: name,
    }),
    undefined,
  );
});

test('instance steps: then, dependentSchemas, if and not descend none; an unknown keyword resolves nothing', () => {
  assert.equal(clauses('a/v1', { cond2: { x: 'y' }, dep: { a: 1, b: 'x' } }), [
    'type /cond2/x KD-CX-34',
    'if /cond2 KD-ROOT-01',
    'type /dep/b KD-DEP-35',
  ]);
  const finder = new SchemaClauses(roots, PREFIX);
  const props = A['properties'] as Record<string, Node>;
  const cond = props['cond'] as Record<string, Node>;
  const never = props['never'] as Record<string, Node>;
  assert.is(
    finder.clauseFor('a/v1', {
      keyword: 'type',
      schemaPath: '#/properties/cond/if/type',
      instancePath: '/cond',
      parentSchema: cond['if'],
    }),
    'KD-ROOT-01',
  );
  assert.is(
    finder.clauseFor('a/v1', {
      keyword: 'const',
      schemaPath: '#/properties/never/not/const',
      instancePath: '/never',
      parentSchema: never['not'],
    }),
    'KD-NOT-17',
  );
  assert.is(
    finder.clauseFor('c/v1', {
      keyword: 'x',
      schemaPath: '#/properties/d/description',
      instancePath: '/d',
      parentSchema: 'KD-DEE-27 D.',
    }),
    undefined,
  );
});

test('absolute paths without a fragment take the longest schema name; unresolved paths give no clause', () => {
  const finder = new SchemaClauses(roots, PREFIX);
  const at = (schemaPath: string, keyword = 'type', instancePath = ''): string | undefined =>
    finder.clauseFor('a/v1', { keyword, schemaPath, instancePath });
  assert.is(at('urn:t:c/v1/properties/d/type', 'type', '/whole/d'), 'KD-DEE-27');
  assert.is(at('urn:t:c/v1/properties/c/type', 'type', '/whole/c'), 'KD-SEA-26');
  assert.is(at('urn:t:c/v1', 'false schema'), 'KD-SEA-26');
  assert.is(at('urn:t:c/type'), 'KD-CEE-28');
  const shortFirst = new SchemaClauses(
    new Map([
      ['c', C_SHORT],
      ['c/v1', C],
    ]),
    PREFIX,
  );
  assert.is(
    shortFirst.clauseFor('c/v1', { keyword: 'type', schemaPath: 'urn:t:c/v1/properties/d/type', instancePath: '/d' }),
    'KD-DEE-27',
  );
  assert.is(at('urn:t:b/v1#/$defs/Remote/properties/r/type', 'type', '/remote/r'), 'KD-REMOTE-11');
  assert.is(at('urn:t:b/v1#'), 'KD-BEE-10');
  assert.is(at('urn:t:zz#/type'), undefined);
  assert.is(at('urn:t:zz/type'), undefined);
  assert.is(at('urn:t:c/v1#/properties/nope/type'), undefined);
  assert.is(at('urn:t:c/v1/properties/nope/type'), undefined);
  assert.is(at('http://example.org/a#/type'), undefined);
  // Another scheme whose first six characters stand where the prefix would: not a schema of these roots.
  assert.is(at('other:c/v1#/type'), undefined);
  // With a fragment, the part before it is a whole schema name, never a name and a path.
  assert.is(at('urn:t:c/v1/properties/d#/type'), undefined);
  // A path that ends at a subschema rather than a keyword ("false schema") keeps its last step.
  assert.is(at('urn:t:c/v1#/properties/d', 'false schema'), 'KD-DEE-27');
  // A path through a value that is not a schema: a string, null.
  assert.is(at('urn:t:c/v1#/properties/d/description/0'), undefined);
  assert.is(
    finder.clauseFor('d', { keyword: 'y', schemaPath: 'urn:t:d#/properties/e/default/x', instancePath: '' }),
    undefined,
  );
  assert.is(
    finder.clauseFor('d', { keyword: 'x', schemaPath: 'urn:t:d#/properties/e/default', instancePath: '' }),
    'KD-CANON-16',
  );
  assert.is(at('#/properties/nope/type'), undefined);
  assert.is(at('#/properties/name/maxLength/x'), undefined);
});

test.run();
