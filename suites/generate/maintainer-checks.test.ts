/**
 * The maintainers' checks speak and stay fast without ever passing stale: a register they cannot run under is refused
 * with the entry and its JSON pointer; the cache keys every answer by the code that computes it and the inputs it
 * reads, so a changed line of code or byte of input is another key; `report --check` names the section that differs;
 * off a terminal each stage closes with one line, on one a live line is redrawn.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { kitRoot } from '../../oracle/internal.js';
import { buildDigest, CheckCache, importClosure } from './check-cache.js';
import { reportDifference } from './report-difference.js';
import { stageProgress } from './stage-progress.js';
import { registerReadings } from './vectors-command.js';

const registerText = readFileSync(join(kitRoot(), 'oracle', 'interpretations.json'), 'utf8');

function registerFile(text: string): string {
  const path = join(mkdtempSync(join(tmpdir(), 'kofun-ctk-register-')), 'interpretations.json');
  writeFileSync(path, text);
  return path;
}

function switched(entry: string, choice: string): string {
  const value = JSON.parse(registerText) as { entries: { id: string; choice: string }[] };
  for (const e of value.entries) if (e.id === entry) e.choice = choice;
  return JSON.stringify(value);
}

test('a register the commands cannot run under is refused with the entry and the JSON pointer', () => {
  assert.ok(registerReadings(registerFile(registerText)).ok);
  const at = (JSON.parse(registerText) as { entries: { id: string }[] }).entries.findIndex((e) => e.id === 'OQ-04');
  const unrunnable = registerReadings(registerFile(switched('OQ-04', 'B')));
  assert.ok(!unrunnable.ok);
  if (!unrunnable.ok)
    assert.equal(unrunnable.problems, [
      `oracle/interpretations.json: /entries/${at}/choice: OQ-04 chooses B, which the oracle cannot run (it runs A)`,
    ]);
  const none = registerReadings(registerFile(switched('OQ-04', 'Q')));
  assert.ok(
    !none.ok &&
      none.problems.some((p) => p.endsWith(`/entries/${at}/choice: OQ-04 chooses Q, which is none of its readings`)),
  );
  const malformed = registerReadings(registerFile(registerText.slice(0, 200)));
  assert.ok(
    !malformed.ok && /interpretations\.json: .*byte/.test(malformed.problems[0] ?? ''),
    JSON.stringify(malformed),
  );
  // A lawful runnable switch is accepted: that is how a maintainer tries another reading.
  assert.ok(registerReadings(registerFile(switched('OQ-01', 'B'))).ok);
});

test('the cache is keyed by code and input: the verifier reads no pipeline, another digest finds nothing', () => {
  const verifier = importClosure(['oracle/verifier/verify-result.ts']);
  assert.ok(verifier.includes('oracle/verifier/check-leaks.ts'));
  assert.not.ok(
    verifier.some((f) => f.startsWith('oracle/pipeline/')),
    'the verifier is independent of the pipeline',
  );
  assert.ok(
    importClosure(['oracle/pipeline/evaluate-query.ts']).includes('oracle/pipeline/step-1-validate-request.ts'),
  );
  const dir = mkdtempSync(join(tmpdir(), 'kofun-ctk-code-'));
  writeFileSync(join(dir, 'a.ts'), 'export const a = 1;\n');
  const before = buildDigest(['a.ts'], dir);
  writeFileSync(join(dir, 'a.ts'), 'export const a = 2;\n');
  assert.is.not(buildDigest(['a.ts'], dir), before, 'a changed line is another code digest');
  const isNumber = (v: unknown): v is number => typeof v === 'number';
  const kind = `test-${process.pid}`;
  const first = new CheckCache(kind, before, isNumber);
  first.set('input', 1);
  first.save();
  assert.is(new CheckCache(kind, before, isNumber).get('input'), 1);
  const other = new CheckCache(kind, buildDigest(['a.ts'], dir), isNumber);
  assert.is(other.get('input'), undefined);
  other.save();
  rmSync(join(kitRoot(), 'node_modules', '.cache', 'kofun-ctk', `${kind}-${before}.json`), { force: true });
});

test('report --check names the section that differs and shows its first differing lines', () => {
  const filler = Array.from({ length: 8 }, (_, i) => `line ${i}`).join('\n');
  const expected = `# Report\n\nintro\n\n## Vectors\n\n| a | 1 |\n| b | 2 |\n${filler}\n\n## Census\n\nrow\n`;
  const current = expected.replace('| b | 2 |', '| b | 3 |').replace('row', 'old row');
  const d = reportDifference(current, expected);
  assert.is(d?.section, 'Vectors');
  assert.equal(d?.sections, ['Vectors', 'Census']);
  assert.ok(d?.lines.includes('-| b | 3 |') && d.lines.includes('+| b | 2 |'), JSON.stringify(d?.lines));
  assert.is(reportDifference(expected, expected), undefined);
});

test('progress: a line per stage off a terminal, a redrawn live line on one', () => {
  const read = (tty: boolean): string => {
    const stream = new PassThrough();
    const chunks: string[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c.toString('utf8')));
    const p = stageProgress('vectors check', stream, tty);
    const s = p.stage('verifier');
    s.tick(1, 2);
    s.tick(2, 2);
    s.end('2 vectors');
    return chunks.join('');
  };
  assert.match(read(false), /^vectors check: verifier: 2 vectors \(\d+\.\d s\)\n$/);
  const live = read(true);
  assert.ok(live.includes('\r\x1b[2Kvectors check: verifier 2/2'), JSON.stringify(live));
  assert.ok(live.endsWith('verifier: 2 vectors (0.0 s)\n') || /\(\d+\.\d s\)\n$/.test(live));
});

test.run();
