// The static playground (crates/grundy-wasm/build-site.sh), beyond what the shared
// browser tests check of it: a search past the page's time limit never freezes the
// page, and the same files work from any static web host, links included.

import assert from 'node:assert/strict';
import { createReadStream } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { after, before, test } from 'node:test';
import { launchBrowser, screenshot, siteFolder, startSite } from './harness.js';

let site;
let browser;

before(async () => {
  site = await startSite();
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await site?.stop();
});

test('a search past the time limit is ended, and the page answers all along', async () => {
  const page = await browser.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(site.url(`/game?${new URLSearchParams({ spec: 'nim 1,2' })}`));
  await page.waitForSelector('.board svg');
  // Valuing every move of Chomp 11x11 runs about 12 s natively here, each move's
  // search within the playground's budget of positions (on 11x12 one is past it,
  // and that is said at once): past the 10 s limit. The page's own call to the
  // API, asking for a minute of search (past the web's default of 2 s), left
  // running while we look.
  let done = false;
  const asked = page.evaluate(() => api('moves', { spec: 'chomp 11x11', time: 60 })
    .then(() => 'answered', (e) => e.message))
    .finally(() => { done = true; });
  const started = Date.now();
  let slowest = 0;
  while (!done) {
    const t = Date.now();
    await page.evaluate(() => document.title);
    slowest = Math.max(slowest, Date.now() - t);
    assert.ok(Date.now() - started < 30_000, 'the time limit ends the search');
    await new Promise((r) => setTimeout(r, 200));
  }
  assert.ok(slowest < 1000, `the page answered within ${slowest} ms while the engine searched`);
  assert.match(await asked, /stopped after 10 s, the page's time limit for one request/);
  // The engine is made afresh: the next request is answered.
  const answer = await page.evaluate(() => api('value', { spec: 'nim 1,2,3' }));
  assert.equal(answer.outcome, 'P');
  assert.deepEqual(errors, []);
  await page.close();
});

test('the engine in the page keeps its own time, read on the page\'s clock', async () => {
  const page = await browser.newPage();
  await page.goto(site.url(`/game?${new URLSearchParams({ spec: 'nim 1,2' })}`));
  await page.waitForSelector('.board svg');
  // Chomp 10x8's search (43,757 positions, 0.4 s natively) given 50 ms: the
  // answer keeps strategy stealing's outcome and says that the time ran out.
  const started = Date.now();
  const answer = await page.evaluate(() => api('value', { spec: 'chomp 10x8', time: 0.05 }));
  assert.ok(Date.now() - started < 3000, `the engine answered after ${Date.now() - started} ms`);
  assert.equal(answer.outcome, 'N');
  assert.match(answer.nimber_not_computed, /the time allowed, 50 ms, ran out/);
  await page.close();
});

/** Serves `folder` over HTTP on loopback, as any static host would; its address. */
function staticHost(folder) {
  const types = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml' };
  const server = createServer((request, response) => {
    const path = normalize(decodeURIComponent(new URL(request.url, 'http://host').pathname));
    const file = join(folder, path.endsWith('/') ? `${path}index.html` : path);
    const stream = createReadStream(file);
    stream.on('error', () => { response.writeHead(404).end('not found'); });
    stream.on('open', () => {
      response.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream' });
      stream.pipe(response);
    });
  });
  return new Promise((done) => server.listen(0, '127.0.0.1', () => done({
    url: `http://127.0.0.1:${server.address().port}/`,
    close: () => new Promise((closed) => server.close(closed)),
  })));
}

test('the same files from a static web host: a shared position opens, plays and reloads', async () => {
  const host = await staticHost(siteFolder);
  const page = await browser.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(host.url);
  await page.waitForSelector('a.start');
  // The home page links the game pages of this host.
  const nim = page.locator('a.start', { hasText: 'nim 3,4,5' }).first();
  assert.match(await nim.getAttribute('href'), /^game\.html\?spec=nim/);
  await nim.click();
  await page.waitForFunction(() => /Your move/.test(document.querySelector('.status')?.textContent ?? ''));
  await page.click('circle.chip[data-heap="0"][data-chip="2"]');
  await page.waitForFunction(() => /Your move|Game over/.test(document.querySelector('.status')?.textContent ?? '')
    && !document.body.dataset.busy && document.querySelectorAll('.played li').length === 2);
  const shared = page.url();
  assert.match(shared, /^http:\/\/127\.0\.0\.1:\d+\/game\.html\?/);
  const other = await browser.newPage();
  await other.goto(shared);
  await other.waitForFunction(() => /Your move/.test(document.querySelector('.status')?.textContent ?? ''));
  assert.equal(await other.textContent('#position'), await page.textContent('#position'));
  await screenshot(other, 'static-host');
  assert.deepEqual(errors, []);
  await other.close();
  await page.close();
  await host.close();
});
