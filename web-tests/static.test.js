// The static playground (crates/grundy-wasm/build-site.sh), beyond what the shared
// browser tests check of it: a search past the page's time limit never freezes the
// page, and the same files work from any static web host, links included; there the
// engine is fetched as static/grundy.wasm (from files, read from its base64 script),
// at most 400 KB gzipped, and the sequence page is about as fast as grundy serve's.

import assert from 'node:assert/strict';
import { createReadStream, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { after, before, test } from 'node:test';
import { grundyBinary, launchBrowser, screenshot, siteFolder, startServer, startSite } from './harness.js';

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

/**
 * Serves `folder` over HTTP on loopback, as any static host would; its address.
 * `wasmType` is the type it sends .wasm files as (some hosts know no better than
 * application/octet-stream).
 */
function staticHost(folder, wasmType = 'application/wasm') {
  const types = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml', '.wasm': wasmType };
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

/** The files of the static site a page asked for, by name (`static/grundy.wasm`). */
function asked(page) {
  const names = [];
  page.on('request', (r) => names.push(new URL(r.url()).pathname.split('/').slice(-2).join('/')));
  return names;
}

/** A page of the game of Nim 1,2,3 at `url`: the engine's answer, read in the page. */
async function answers(page, url) {
  await page.goto(url);
  await page.waitForSelector('.board svg');
  const answer = await page.evaluate(() => api('value', { spec: 'nim 1,2,3' }));
  assert.equal(answer.outcome, 'P');
}

test('the engine is at most 400 KB gzipped (gzip -9), as downloaded from a host that compresses', () => {
  const engine = readFileSync(join(siteFolder, 'static', 'grundy.wasm'));
  const gzipped = gzipSync(engine, { level: 9 }).length;
  assert.ok(gzipped <= 400_000, `the engine is ${gzipped} bytes gzipped (${engine.length} bytes)`);
});

test('over http the engine is fetched as a .wasm file and compiled as it arrives; from files it is read from its base64 script', async () => {
  const game = `game.html?${new URLSearchParams({ spec: 'nim 1,2' })}`;
  const host = await staticHost(siteFolder);
  let page = await browser.newPage();
  let names = asked(page);
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  // Streaming compilation is what the page asks for: counted in the page.
  await page.addInitScript(() => {
    window.streamed = 0;
    const compileStreaming = WebAssembly.compileStreaming;
    WebAssembly.compileStreaming = (...args) => { window.streamed += 1; return compileStreaming(...args); };
  });
  await answers(page, host.url + game);
  assert.ok(names.includes('static/grundy.wasm'), names.join(', '));
  assert.ok(!names.includes('static/engine-inline.js'), names.join(', '));
  assert.equal(await page.evaluate(() => window.streamed), 1);
  await page.close();

  // A host that sends the module as application/octet-stream: compiled from its bytes.
  const plainHost = await staticHost(siteFolder, 'application/octet-stream');
  page = await browser.newPage();
  page.on('pageerror', (e) => errors.push(e.message));
  await answers(page, plainHost.url + game);
  await page.close();
  await plainHost.close();

  // From files: the base64 script, and no fetch.
  page = await browser.newPage();
  names = asked(page);
  page.on('pageerror', (e) => errors.push(e.message));
  await answers(page, `${pathToFileURL(siteFolder).href}/${game}`);
  assert.ok(names.includes('static/engine-inline.js'), names.join(', '));
  assert.ok(!names.includes('static/grundy.wasm'), names.join(', '));
  await page.close();
  assert.deepEqual(errors, []);
  await host.close();
});

test('the sequence page of kayles to 1000 over http, within 1.5 times grundy serve\'s time (the figures are printed)', async (t) => {
  const host = await staticHost(siteFolder);
  const server = await startServer();
  try {
    /** The time from navigation to the sequence shown. */
    const timed = async (url) => {
      const page = await browser.newPage();
      await page.goto(url);
      await page.waitForSelector('#period', { timeout: 30_000 });
      const time = await page.evaluate(() => performance.now());
      await page.close();
      return time;
    };
    // Five loads of each, in turn, so that whatever else the machine does weighs on
    // both alike; the medians compared.
    const served = [];
    const hosted = [];
    for (let i = 0; i < 5; i++) {
      served.push(await timed(`${server.url}/sequence?game=kayles&to=1000`));
      hosted.push(await timed(`${host.url}sequence.html?game=kayles&to=1000`));
    }
    const median = (times) => Math.round(times.sort((a, b) => a - b)[2]);
    t.diagnostic(`the sequence page of kayles to 1000: ${median(hosted)} ms static over http, ${median(served)} ms from grundy serve (${grundyBinary}); medians of five`);
    assert.ok(median(hosted) <= 1.5 * median(served), `${median(hosted)} ms static, ${median(served)} ms served`);
  } finally {
    await server.stop();
    await host.close();
  }
});

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
