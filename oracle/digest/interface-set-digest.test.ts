import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { interfaceSetDigest, type InterfaceMember } from './interface-set-digest.js';

const rep = (byte: string): string => byte.repeat(32);
const member = (p: string, m: string, view: 'public' | 'internal', d: string): InterfaceMember => ({
  package_id: p,
  module_id: m,
  view,
  semantic_digest: d,
});

// Frame assembled independently of the module under test, straight from the contract text.
function handFrame(sorted: Array<[string, string, number, string]>): Buffer {
  const domain = Buffer.from('kofun.discovery.interface-set/v1', 'ascii');
  const count = Buffer.alloc(4);
  count.writeUInt32BE(sorted.length);
  const body = sorted.map(([p, m, v, d]) =>
    Buffer.concat([Buffer.from(p, 'hex'), Buffer.from(m, 'hex'), Buffer.from([v]), Buffer.from(d, 'hex')]),
  );
  const payload = Buffer.concat([count, ...body]);
  const dl = Buffer.alloc(2);
  dl.writeUInt16BE(domain.length);
  const pl = Buffer.alloc(4);
  pl.writeUInt32BE(payload.length);
  return Buffer.concat([Buffer.from('KOFUN\0', 'latin1'), dl, domain, pl, payload]);
}
const nodeSha = (b: Uint8Array): string => createHash('sha256').update(b).digest('hex');

function digestOf(members: InterfaceMember[]): string {
  const r = interfaceSetDigest(members);
  if (!r.ok) throw new Error(`unexpected rejection: ${r.violation.code}`);
  return r.digest;
}

test('empty set KAT (clauses.md Derived facts) and its 48-byte frame', () => {
  const r = interfaceSetDigest([]);
  assert.ok(r.ok);
  if (!r.ok) return;
  assert.is(r.digest, '80d1c79a9cc431fc7b585d15fcf9a21b31e2daa8002300b1b95cda519d163804');
  assert.is(r.frame.length, 48);
  assert.is(
    Buffer.from(r.frame).toString('hex'),
    '4b4f46554e000020' + Buffer.from('kofun.discovery.interface-set/v1').toString('hex') + '00000004' + '00000000',
  );
});

test('one-member KATs, public and internal view (clauses.md Derived facts)', () => {
  const pub = interfaceSetDigest([member(rep('11'), rep('22'), 'public', rep('33'))]);
  assert.ok(pub.ok);
  if (!pub.ok) return;
  assert.is(pub.digest, 'cd3b445da0d710c442f7205b8b52edd202c39ff105ef35578ddc18a596bd7f4a');
  assert.is(pub.frame.length, 145);
  assert.is(
    digestOf([member(rep('11'), rep('22'), 'internal', rep('33'))]),
    '87721f10afc7eda37d158fcf6c7d8b054e0475af563cdfb2ecd4574059881efd',
  );
});

test('multi-member unsorted input equals a hand-assembled sorted frame (KD-DIGEST-07, KD-DIGEST-11)', () => {
  const input = [
    member(rep('bb'), rep('01'), 'public', rep('0f')),
    member(rep('aa'), rep('ff'), 'internal', rep('10')),
    member(rep('aa'), rep('0a'), 'public', rep('ee')),
    member(rep('0c'), rep('99'), 'internal', rep('00')),
  ];
  const expectedFrame = handFrame([
    [rep('0c'), rep('99'), 2, rep('00')],
    [rep('aa'), rep('0a'), 1, rep('ee')],
    [rep('aa'), rep('ff'), 2, rep('10')],
    [rep('bb'), rep('01'), 1, rep('0f')],
  ]);
  const r = interfaceSetDigest(input);
  assert.ok(r.ok);
  if (!r.ok) return;
  assert.is(r.frame.length, 6 + 2 + 32 + 4 + 4 + 4 * 97);
  assert.is(Buffer.from(r.frame).toString('hex'), expectedFrame.toString('hex'));
  assert.is(r.digest, nodeSha(expectedFrame));
});

/** A rejection says where and why: the clause, the pointer, what was expected and what was found, and a message. */
function specific(
  r: ReturnType<typeof interfaceSetDigest>,
  clause: string,
  pointer: string,
  expected: RegExp,
  actual: RegExp,
): void {
  assert.ok(!r.ok);
  if (r.ok) return;
  assert.is(r.violation.clause, clause);
  assert.is(r.violation.pointer, pointer);
  assert.match(r.violation.expected ?? '', expected);
  assert.match(r.violation.actual ?? '', actual);
  assert.ok(r.violation.message.length > 0, 'a message');
}

test('the same module twice is rejected whatever the view or digest (KD-DIGEST-06)', () => {
  const a = member(rep('01'), rep('02'), 'public', rep('03'));
  const other = member(rep('09'), rep('09'), 'public', rep('09'));
  const dup = interfaceSetDigest([a, other, { ...a, semantic_digest: rep('04') }]);
  assert.ok(!dup.ok);
  if (dup.ok) return;
  assert.is(dup.violation.code, 'duplicate-module');
  assert.is(dup.violation.clause, 'KD-DIGEST-06');
  assert.is(dup.violation.member, 2);
  const both = interfaceSetDigest([a, { ...a, view: 'internal' }]);
  assert.ok(!both.ok);
  if (both.ok) return;
  assert.is(both.violation.code, 'both-views');
  assert.is(both.violation.member, 1);
  assert.not.equal(both.violation.message, dup.violation.message);
  const same = interfaceSetDigest([a, a]);
  assert.ok(!same.ok);
  specific(dup, 'KD-DIGEST-06', '/2', /one member per \(PackageId, ModuleId\)/, /^same module as member 0$/);
  specific(both, 'KD-DIGEST-06', '/1', /one member per \(PackageId, ModuleId\)/, /^same module as member 0$/);
});

test('4,096 members pass, 4,097 are rejected naming member 4096 (KD-DIGEST-08)', () => {
  const many = Array.from({ length: 4097 }, (_, i) =>
    member(rep('01'), i.toString(16).padStart(64, '0'), 'public', rep('02')),
  );
  const ok = interfaceSetDigest(many.slice(0, 4096));
  assert.ok(ok.ok);
  if (ok.ok) assert.is(ok.frame.length, 48 + 4096 * 97);
  const over = interfaceSetDigest(many);
  assert.ok(!over.ok);
  if (over.ok) return;
  assert.is(over.violation.code, 'too-many-members');
  assert.is(over.violation.clause, 'KD-DIGEST-08');
  assert.is(over.violation.member, 4096);
  specific(over, 'KD-DIGEST-08', '/4096', /^at most 4096 members$/, /^4097 members$/);
  const ignored = interfaceSetDigest(many, { ignoreMemberCap: true });
  assert.ok(ignored.ok);
});

test('malformed Ids and views are rejected with the member index and field', () => {
  const good = member(rep('01'), rep('02'), 'public', rep('03'));
  const cases: Array<[InterfaceMember, string, string]> = [
    [{ ...good, package_id: rep('0A') }, 'malformed-id', '/1/package_id'],
    [{ ...good, module_id: '02'.repeat(31) }, 'malformed-id', '/1/module_id'],
    [{ ...good, semantic_digest: `${rep('03')}0` }, 'malformed-id', '/1/semantic_digest'],
    [{ ...good, view: 'private' as 'public' }, 'bad-view', '/1/view'],
  ];
  for (const [bad, code, pointer] of cases) {
    const r = interfaceSetDigest([member(rep('05'), rep('05'), 'public', rep('05')), bad]);
    assert.ok(!r.ok);
    if (r.ok) continue;
    assert.is(r.violation.code, code);
    assert.is(r.violation.member, 1);
    assert.is(r.violation.pointer, pointer);
  }
  const first = member(rep('05'), rep('05'), 'public', rep('05'));
  const hex = /^64 lowercase hexadecimal characters$/;
  specific(interfaceSetDigest([first, cases[0]![0]]), 'KD-SCALAR-04', '/1/package_id', hex, /^64 characters, not all/);
  specific(interfaceSetDigest([first, cases[1]![0]]), 'KD-SCALAR-04', '/1/module_id', hex, /^62 characters, not all/);
  const notText = { ...good, semantic_digest: 7 as unknown as string };
  specific(interfaceSetDigest([first, notText]), 'KD-SCALAR-04', '/1/semantic_digest', hex, /^number$/);
  const views = /^"public" \| "internal"$/;
  specific(interfaceSetDigest([first, cases[3]![0]]), 'KD-DIGEST-04', '/1/view', views, /^"private"$/);
  const noView = { ...good, view: null as unknown as 'public' };
  specific(interfaceSetDigest([first, noView]), 'KD-DIGEST-04', '/1/view', views, /^object$/);
});

test('digest is invariant under permutation (KD-DIGEST-07, KD-ORDER-12)', () => {
  const hex = fc.constantFrom(...'0123456789abcdef'.split(''));
  const id = fc.array(hex, { minLength: 64, maxLength: 64 }).map((a) => a.join(''));
  const memberArb = fc.record({
    package_id: fc.constantFrom(rep('01'), rep('02'), rep('fe')),
    module_id: id,
    view: fc.constantFrom('public' as const, 'internal' as const),
    semantic_digest: id,
  });
  const setArb = fc.uniqueArray(memberArb, { selector: (m) => m.package_id + m.module_id, maxLength: 12 });
  fc.assert(
    fc.property(setArb, fc.func(fc.integer()), (members, rank) => {
      const shuffled = [...members].sort((a, b) => rank(a.module_id) - rank(b.module_id));
      const reversed = [...members].reverse();
      const d = digestOf(members);
      assert.is(digestOf(shuffled), d);
      assert.is(digestOf(reversed), d);
      const sorted = [...members]
        .map((m): [string, string, number, string] => [
          m.package_id,
          m.module_id,
          m.view === 'public' ? 1 : 2,
          m.semantic_digest,
        ])
        .sort((a, b) =>
          Buffer.compare(
            Buffer.concat([Buffer.from(a[0] + a[1], 'hex'), Buffer.from([a[2]]), Buffer.from(a[3], 'hex')]),
            Buffer.concat([Buffer.from(b[0] + b[1], 'hex'), Buffer.from([b[2]]), Buffer.from(b[3], 'hex')]),
          ),
        );
      assert.is(d, nodeSha(handFrame(sorted)));
    }),
    { seed: 20261201, numRuns: 200 },
  );
});

test.run();
