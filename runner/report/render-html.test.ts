/**
 * The HTML report in a real headless Chromium (Debian's `chromium`, driven by
 * playwright-core): the file loads with no network, shows the hand-worked counts, filters
 * by verdict, category and clause, and a provider name and messages full of markup and
 * script render as text and run nothing. Skipped, saying so, when Chromium is absent
 * (CI installs it: .ci/run).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type BrowserContext } from 'playwright-core';
import { HOSTILE, sampleReport } from '../test-support/sample-report.js';
import { htmlPolicy, renderHtml } from './render-html.js';
import { freshPhaseReport } from './fresh-phase-report.js';
import type { GateReport } from './gate-report.js';
import { gateEffect } from '../judge/verdict.js';
import { untracedObservation } from '../hermetic/hermetic-observation.js';

/** The command a failing vector of the linked sample reproduces with; markup in it shows as text. */
const reproduceOf = (id: string): string => `npx kofun-ctk repro ${id} --process 'p <b>x</b>'`;
const FRESH_REPRODUCE = "npx kofun-ctk run --process 'p <b>x</b>' --id stale/pass --seed 9 --fresh all";

/** The sample report with a reproduce command on every vector that fails the gate, and a failing fresh case. */
function linkedReport(): GateReport {
  const base = sampleReport();
  const vectors = base.vectors.map((v) =>
    gateEffect(v.verdict) === 'passes' ? v : { ...v, reproduce: reproduceOf(v.id) },
  );
  const crash = vectors.find((v) => v.id === 'invalid/crash');
  if (crash === undefined) throw new Error('the sample report has no invalid/crash');
  const judgement = { ...crash, id: 'stale/pass', category: 'stale', reproduce: FRESH_REPRODUCE };
  const fresh = freshPhaseReport(
    { sample: 'all', seed: 9 },
    [{ from: 'stale/pass', seed: 9, fixture_sha256: 'a'.repeat(64), judgement }],
    0,
  );
  return { ...base, vectors, fresh };
}

const CHROMIUM = '/usr/bin/chromium';
const HAVE_CHROMIUM = existsSync(CHROMIUM);
if (!HAVE_CHROMIUM)
  console.log(`SKIP: ${CHROMIUM} (Debian package chromium) is absent; the HTML report is not tested in a browser`);

test(
  'the document itself: one file, no address to fetch, ' + 'the policy allows nothing but its own style and script',
  () => {
    const html = renderHtml(sampleReport());
    // The only links are to rows of the page itself.
    assert.not.match(html, /<[^>]*\s(src|href)=(?!"#)/i);
    assert.match(html, '<a class="anchor" href="#vector-stale/fail">stale/fail</a>');
    assert.not.match(html, /https?:\/\//);
    assert.match(
      html,
      /<meta http-equiv="Content-Security-Policy" content="default-src &#39;none&#39;; style-src &#39;sha256-/,
    );
    assert.match(
      htmlPolicy(),
      /^default-src 'none'; style-src 'sha256-[A-Za-z0-9+/]+=*'; script-src 'sha256-[A-Za-z0-9+/]+=*'/,
    );
    // The provider's markup only ever appears escaped.
    assert.not.match(html, /<script>window|<img|<x>/);
    assert.match(
      html,
      /bad&lt;script&gt;window.__pwned=1&lt;\/script&gt;&lt;img src=x onerror=&quot;window.__pwned=2&quot;&gt;/,
    );
  },
);

test('an anchor is escaped in its id and percent-encoded in its link, whatever the vector id holds', () => {
  const base = sampleReport();
  const odd = { ...(base.vectors[0] as GateReport['vectors'][number]), id: 'x/a"b<c> d' };
  const html = renderHtml({ ...base, vectors: [odd] });
  assert.match(html, '<tr class="vector" id="vector-x/a&quot;b&lt;c&gt; d"');
  assert.match(html, '<a class="anchor" href="#vector-x/a%22b%3Cc%3E%20d">x/a&quot;b&lt;c&gt; d</a>');
});

test('the hermetic line is in the summary table, its provider-influenced reason escaped', () => {
  const report = { ...sampleReport(), hermetic: untracedObservation('strace <b>gone</b>') };
  assert.match(
    renderHtml(report),
    '<tr><th>hermetic</th><td>hermetic: not observed (strace &lt;b&gt;gone&lt;/b&gt;): ' +
      'KD-TRUST-09, KD-TRUST-10, KD-EFFECT-04 were not checked</td></tr>',
  );
  assert.not.match(renderHtml(sampleReport()), '<th>hermetic</th>');
});

test('in headless Chromium: counts, filters, provider markup as text, and links to a row with filters', async () => {
  if (!HAVE_CHROMIUM) return;
  const dir = mkdtempSync(join(tmpdir(), 'kofun-ctk-html-'));
  const file = join(dir, 'report.html');
  writeFileSync(file, renderHtml(sampleReport()));
  const linked = join(dir, 'linked.html');
  writeFileSync(linked, renderHtml(linkedReport()));
  let browser: BrowserContext | undefined;
  try {
    // A new, empty profile folder; no sandbox (CI containers have no user namespaces).
    browser = await chromium.launchPersistentContext(join(dir, 'profile'), {
      executablePath: CHROMIUM,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
    const page = await browser.newPage();
    const requests: string[] = [];
    // Only the two report files are ever loaded (with an address's query and fragment).
    page.on('request', (r) => {
      const url = r.url().replace(/[?#].*$/, '');
      if (url !== pathToFileURL(file).href && url !== pathToFileURL(linked).href) requests.push(r.url());
    });
    const violations: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
    });
    await page.goto(pathToFileURL(file).href);
    // Hand-worked from the sample: 7 vectors, one of each verdict.
    assert.is(await page.locator('#shown').textContent(), '7 of 7 vectors');
    for (const v of ['PASS', 'ACCEPTABLE', 'FAIL', 'ERROR', 'NOT-RUN', 'XFAIL', 'XPASS']) {
      assert.is(await page.locator(`td[data-count="${v}"]`).textContent(), '1', v);
    }
    assert.is(await page.locator('#gate').textContent(), 'FAILED');
    const visible = async (): Promise<string[]> => page.locator('tr.vector:visible td:first-child').allTextContents();
    await page.selectOption('#filter-category', 'stale');
    assert.is(await page.locator('#shown').textContent(), '4 of 7 vectors');
    // In severity order: the FAIL (a value), the XPASS, then what passes the gate, the XFAIL before the PASS.
    assert.equal(await visible(), ['stale/fail', 'stale/xpass', 'stale/expected', 'stale/pass']);
    await page.selectOption('#filter-clause', 'KD-CANON-02');
    // stale/expected (XFAIL) and stale/fail (FAIL) violate it; stale/fail also exercises it.
    assert.equal(await visible(), ['stale/fail', 'stale/expected']);
    await page.selectOption('#filter-verdict', 'FAIL');
    assert.equal(await visible(), ['stale/fail']);
    await page.selectOption('#filter-category', '');
    await page.selectOption('#filter-clause', '');
    await page.selectOption('#filter-verdict', 'ERROR');
    assert.equal(await visible(), ['invalid/crash']);

    // The provider name, messages and stderr: shown as the text they are, no element made from them.
    const provider = (await page.locator('#meta tr:nth-child(2) td').textContent()) ?? '';
    assert.ok(
      provider.includes('bad<script>window.__pwned=1</script><img src=x onerror="window.__pwned=2">'),
      provider,
    );
    assert.ok(provider.includes('\\u{1b}[2J'), provider);
    await page.locator('tr.detail:visible details summary').click();
    const stderr = (await page.locator('tr.detail:visible pre.stderr').textContent()) ?? '';
    assert.ok(stderr.includes('<script>window.__pwned=1</script>'), stderr);
    assert.is(await page.locator('img').count(), 0);
    assert.is(await page.locator('x').count(), 0);
    assert.is(await page.locator('script').count(), 1);
    assert.is(await page.evaluate(() => (globalThis as unknown as { __pwned?: number }).__pwned), undefined);
    assert.equal(requests, []);
    assert.equal(violations, []);
    assert.ok(HOSTILE.includes('onerror'));

    // A link to one failing row with a filter: the filter set from the address, the row marked, its details open and
    // its reproduce command shown.
    const base = pathToFileURL(linked).href;
    await page.goto(`${base}#vector-stale/fail&verdict=FAIL`);
    assert.is(await page.locator('#filter-verdict').inputValue(), 'FAIL');
    assert.is(await page.locator('#shown').textContent(), '1 of 7 vectors');
    assert.equal(await visible(), ['stale/fail']);
    const target = page.locator('tr.target');
    assert.equal(await target.locator('td:first-child').allTextContents(), ['stale/fail']);
    const detail = page.locator('tr.target + tr.detail');
    assert.is(await detail.locator('details[open]').count(), 1);
    assert.is(await detail.locator('pre.reproduce').textContent(), reproduceOf('stale/fail'));
    assert.ok(await detail.locator('pre.diff').isVisible());
    const inView = await target.evaluate((row) => {
      const box = row.getBoundingClientRect();
      return box.top >= 0 && box.bottom <= (globalThis as unknown as { innerHeight: number }).innerHeight;
    });
    assert.ok(inView);
    // The opened details fill a row of their own: the columns keep their widths, the detail spans the table.
    const idCell = page.locator('#vectors tr.target td:first-child');
    const idWidth = (await idCell.boundingBox())?.width ?? 0;
    const tableWidth = (await page.locator('#vectors').boundingBox())?.width ?? 0;
    const detailWidth = (await detail.locator('td').boundingBox())?.width ?? 0;
    assert.ok(detailWidth > 0.95 * tableWidth, `${detailWidth} of ${tableWidth}`);
    await detail.locator('details summary').click();
    assert.is(await detail.locator('details[open]').count(), 0);
    assert.is((await idCell.boundingBox())?.width, idWidth);
    // Every failing row shows its reproduce command without opening anything; a passing one has none.
    await page.selectOption('#filter-verdict', '');
    for (const id of ['stale/fail', 'stale/xpass', 'invalid/crash', 'invalid/not-run']) {
      const cmd = page.locator(`[id="vector-${id}"] + tr.detail pre.reproduce`);
      assert.ok(await cmd.isVisible(), id);
      assert.is(await cmd.textContent(), reproduceOf(id));
    }
    assert.is(await page.locator('[id="vector-stale/pass"] + tr.detail pre.reproduce').count(), 0);

    // Changing a filter writes it into the address (the anchor goes: the reader moved on); the address alone
    // restores it, and the same filters given as a query are read too.
    await page.selectOption('#filter-verdict', 'ERROR');
    assert.is(new URL(page.url()).hash, '#verdict=ERROR');
    assert.is(await page.locator('tr.target').count(), 0);
    await page.selectOption('#filter-category', 'invalid');
    assert.is(new URL(page.url()).hash, '#verdict=ERROR&category=invalid');
    await page.goto('about:blank');
    await page.goto(`${base}#verdict=ERROR&category=invalid`);
    assert.equal(await visible(), ['invalid/crash']);
    await page.goto(`${base}?category=stale&clause=KD-CANON-02`);
    assert.equal(await visible(), ['stale/fail', 'stale/expected']);
    // An unknown value is no filter; an anchor that names no row is nothing to mark.
    await page.goto(`${base}#verdict=BOGUS&nothing-here`);
    assert.is(await page.locator('#shown').textContent(), '7 of 7 vectors');
    assert.is(await page.locator('tr.target').count(), 0);

    // A fresh case has its anchor too, and its id cell links to it.
    await page.goto(`${base}#fresh-stale/pass-seed-9`);
    assert.equal(await page.locator('tr.fresh.target td:first-child').allTextContents(), [
      'fresh case from stale/pass (seed 9)',
    ]);
    assert.is(await page.locator('tr.fresh.target + tr.detail details[open]').count(), 1);
    assert.is(await page.locator('tr.fresh.target + tr.detail pre.reproduce').textContent(), FRESH_REPRODUCE);
    await page.locator('[id="vector-invalid/crash"] a.anchor').click();
    assert.is(new URL(page.url()).hash, '#vector-invalid/crash');
    assert.equal(await page.locator('tr.vector.target td:first-child').allTextContents(), ['invalid/crash']);
    assert.equal(requests, []);
    assert.equal(violations, []);
  } finally {
    await browser?.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

test.run();
