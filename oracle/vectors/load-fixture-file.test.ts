import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadFixtureFile } from './load-fixture-file.js';
import { makeFixture } from '../test-support/make-fixture.js';
import { load } from '../test-support/query-support.js';

const sha = (data: string | Uint8Array): string => createHash('sha256').update(data).digest('hex');

test('loadFixtureFile: fixture files, vector files, read and JSON errors', () => {
  const dir = mkdtempSync(join(tmpdir(), 'kofun-ctk-fixture-'));
  try {
    const f = makeFixture();
    const fixtureSha = load(f).fixtureSha256;
    mkdirSync(join(dir, 'vectors', 'fixtures'), { recursive: true });
    mkdirSync(join(dir, 'vectors', 'complete'), { recursive: true });
    writeFileSync(join(dir, 'vectors', 'fixtures', `${fixtureSha}.json`), JSON.stringify(f, null, 2));
    const direct = loadFixtureFile(join(dir, 'vectors', 'fixtures', `${fixtureSha}.json`));
    assert.ok(direct.ok);

    const vectorPath = join(dir, 'vectors', 'complete', 'case.json');
    writeFileSync(
      vectorPath,
      JSON.stringify({ format: 'kofun.ctk.vector/v1', id: 'complete/case', fixture_sha256: fixtureSha }),
    );
    const viaVector = loadFixtureFile(vectorPath);
    assert.ok(viaVector.ok);
    if (viaVector.ok) assert.is(viaVector.fixture.fixtureSha256, fixtureSha);

    const other = makeFixture();
    other.generation = 18;
    const wrongSha = sha('not the fixture');
    writeFileSync(join(dir, 'vectors', 'fixtures', `${wrongSha}.json`), JSON.stringify(other));
    writeFileSync(vectorPath, JSON.stringify({ format: 'kofun.ctk.vector/v1', fixture_sha256: wrongSha }));
    const mismatch = loadFixtureFile(vectorPath);
    assert.ok(!mismatch.ok && mismatch.violations[0]?.code === 'fixture-ref');

    writeFileSync(vectorPath, JSON.stringify({ format: 'kofun.ctk.vector/v1', fixture_sha256: '../../etc/passwd' }));
    const badRef = loadFixtureFile(vectorPath);
    assert.ok(!badRef.ok && badRef.violations[0]?.code === 'fixture-ref');

    writeFileSync(vectorPath, JSON.stringify({ format: 'kofun.ctk.vector/v1', fixture_sha256: sha('absent') }));
    const absent = loadFixtureFile(vectorPath);
    assert.ok(!absent.ok && absent.violations[0]?.code === 'fixture-read');

    // Another format tag is no vector: the file is read as a fixture, and the fixture schema refuses it.
    writeFileSync(vectorPath, JSON.stringify({ format: 'kofun.ctk.vector/v2', fixture_sha256: fixtureSha }));
    const otherFormat = loadFixtureFile(vectorPath);
    assert.ok(!otherFormat.ok && otherFormat.violations[0]?.code === 'schema');

    const missing = loadFixtureFile(join(dir, 'nope.json'));
    assert.ok(!missing.ok && missing.violations[0]?.code === 'fixture-read');

    writeFileSync(join(dir, 'bad.json'), '{"schema": ');
    const bad = loadFixtureFile(join(dir, 'bad.json'));
    assert.ok(!bad.ok && bad.violations[0]?.code === 'fixture-json');

    writeFileSync(join(dir, 'dup.json'), '{"format": "kofun.ctk.vector/v1", "format": "x"}');
    const dup = loadFixtureFile(join(dir, 'dup.json'));
    assert.ok(!dup.ok && dup.violations[0]?.code === 'fixture-json' && dup.violations[0]?.pointer === '/format');

    writeFileSync(join(dir, 'latin1.json'), Buffer.from([0x22, 0xe9, 0x22]));
    const latin1 = loadFixtureFile(join(dir, 'latin1.json'));
    assert.ok(!latin1.ok && latin1.violations[0]?.code === 'fixture-json');

    const isDir = loadFixtureFile(dir);
    assert.ok(!isDir.ok && isDir.violations[0]?.code === 'fixture-read');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test.run();
