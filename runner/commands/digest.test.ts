import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createHash } from 'node:crypto';
import { runCli } from '../test-support/run-cli.js';

async function run(argv: string[], stdin: string | Buffer): Promise<{ code: number; stdout: string; stderr: string }> {
  const r = await runCli(argv, { stdin });
  return { code: r.code, stdout: r.stdout, stderr: r.stderr };
}

const rep = (b: string): string => b.repeat(32);

test('empty set prints the KAT digest and LF (clauses.md Derived facts)', async () => {
  const r = await run(['digest'], '[]');
  assert.is(r.code, 0);
  assert.is(r.stdout, '80d1c79a9cc431fc7b585d15fcf9a21b31e2daa8002300b1b95cda519d163804\n');
  assert.is(r.stderr, '');
});

test('two unsorted members digest to the hand-framed SHA-256', async () => {
  const members = [
    { package_id: rep('22'), module_id: rep('01'), view: 'internal', semantic_digest: rep('0e') },
    { package_id: rep('11'), module_id: rep('22'), view: 'public', semantic_digest: rep('33') },
  ];
  const domain = Buffer.from('kofun.discovery.interface-set/v1');
  const payload = Buffer.concat([
    Buffer.from([0, 0, 0, 2]),
    Buffer.from(rep('11') + rep('22'), 'hex'),
    Buffer.from([1]),
    Buffer.from(rep('33'), 'hex'),
    Buffer.from(rep('22') + rep('01'), 'hex'),
    Buffer.from([2]),
    Buffer.from(rep('0e'), 'hex'),
  ]);
  const frame = Buffer.concat([
    Buffer.from('KOFUN\0', 'latin1'),
    Buffer.from([0, 32]),
    domain,
    Buffer.from([0, 0, 0, payload.length]),
    payload,
  ]);
  const r = await run(['digest'], JSON.stringify(members));
  assert.is(r.code, 0);
  assert.is(r.stdout, `${createHash('sha256').update(frame).digest('hex')}\n`);
});

test('bad input exits 2 with one stderr line naming member and field, no stack trace', async () => {
  const good = { package_id: rep('11'), module_id: rep('22'), view: 'public', semantic_digest: rep('33') };
  const cases: Array<[string, RegExp]> = [
    [JSON.stringify([good, { ...good, module_id: rep('AB') }]), /member 1 field module_id/],
    [JSON.stringify([good, { ...good, view: 'hidden' }]), /member 1 field view/],
    [JSON.stringify([{ ...good, semantic_digest: undefined }]), /member 0 field semantic_digest: missing/],
    [JSON.stringify([good, { ...good, extra: 1 }]), /member 1: unknown field/],
    [JSON.stringify([good, { ...good, view: 'internal' }]), /member 1: .*both-views/],
    [JSON.stringify([good, 7]), /member 1: must be an object/],
    ['{"a": 1}', /JSON array/],
    ['[{]', /not JSON/],
  ];
  for (const [input, pattern] of cases) {
    const r = await run(['digest'], input);
    assert.is(r.code, 2, input);
    assert.is(r.stdout, '');
    assert.match(r.stderr, pattern);
    assert.is(r.stderr.split('\n').length, 2, 'exactly one line');
    assert.not.match(r.stderr, /\bat .*\.(ts|js):\d+/);
  }
});

test('more than 4,096 members exits 2 naming member 4096', async () => {
  const many = Array.from({ length: 4097 }, (_, i) => ({
    package_id: rep('01'),
    module_id: i.toString(16).padStart(64, '0'),
    view: 'public',
    semantic_digest: rep('02'),
  }));
  const r = await run(['digest'], JSON.stringify(many));
  assert.is(r.code, 2);
  assert.match(r.stderr, /member 4096: .*too-many-members/);
});

test('input over the 4 MiB cap exits 2', async () => {
  const r = await run(['digest'], Buffer.alloc(4 * 1024 * 1024 + 1, 0x20));
  assert.is(r.code, 2);
  assert.match(r.stderr, /larger than/);
});

test.run();
