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
import { untracedObservation } from '../hermetic/hermetic-observation.js';

const CHROMIUM = '/usr/bin/chromium';
const HAVE_CHROMIUM = existsSync(CHROMIUM);
if (!HAVE_CHROMIUM)
  console.log(`SKIP: ${CHROMIUM} (Debian package chromium) is absent; the HTML report is not tested in a browser`);

test(
  'the document itself: one file, no address to fetch, ' + 'the policy allows nothing but its own style and script',
  () => {
    const html = renderHtml(sampleReport());
    assert.not.match(html, /<[^>]*\s(src|href)=/i);
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

test('the hermetic line is in the summary table, its provider-influenced reason escaped', () => {
  const report = { ...sampleReport(), hermetic: untracedObservation('strace <b>gone</b>') };
  assert.match(
    renderHtml(report),
    '<tr><th>hermetic</th><td>hermetic: not observed (strace &lt;b&gt;gone&lt;/b&gt;): ' +
      'KD-TRUST-09, KD-TRUST-10, KD-EFFECT-04 were not checked</td></tr>',
  );
  assert.not.match(renderHtml(sampleReport()), '<th>hermetic</th>');
});

test('in headless Chromium: counts, filters, and provider markup shown as text without running', async () => {
  if (!HAVE_CHROMIUM) return;
  const dir = mkdtempSync(join(tmpdir(), 'kofun-ctk-html-'));
  const file = join(dir, 'report.html');
  writeFileSync(file, renderHtml(sampleReport()));
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
    page.on('request', (r) => {
      if (r.url() !== pathToFileURL(file).href) requests.push(r.url());
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
    await page.locator('tr.vector:visible details summary').click();
    const stderr = (await page.locator('tr.vector:visible pre.stderr').textContent()) ?? '';
    assert.ok(stderr.includes('<script>window.__pwned=1</script>'), stderr);
    assert.is(await page.locator('img').count(), 0);
    assert.is(await page.locator('x').count(), 0);
    assert.is(await page.locator('script').count(), 1);
    assert.is(await page.evaluate(() => (globalThis as unknown as { __pwned?: number }).__pwned), undefined);
    assert.equal(requests, []);
    assert.equal(violations, []);
    assert.ok(HOSTILE.includes('onerror'));
  } finally {
    await browser?.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

test.run();
