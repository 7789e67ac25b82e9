// The playground in a real browser: Debian's Chromium, headless, driven by
// playwright-core against `grundy serve` on loopback, or (npm run test:static)
// against the static site opened from files, its engine in WebAssembly. Each test
// saves a screenshot under artifacts/.

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { launchBrowser, screenshot, startSite } from './harness.js';

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

/** A new page at `path`, failing the test on any script error. */
async function open(path, viewport = { width: 1200, height: 900 }) {
  const page = await browser.newPage({ viewport });
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.errors = errors;
  await page.goto(site.url(path));
  return page;
}

const gamePath = (spec, extra = {}) => `/game?${new URLSearchParams({ spec, ...extra })}`;

/** Waits until it is the player's turn again, or the game is over; the status. */
async function settled(page) {
  await page.waitForFunction(() => {
    if (document.body.dataset.busy) return false;
    const t = document.querySelector('.status')?.textContent ?? '';
    const e = document.querySelector('.error');
    return /Your move|Game over/.test(t) || (e && !e.hidden);
  });
  return page.textContent('.status');
}

const position = (page) => page.textContent('#position');

test('Nim 3,4,5 played to the end by clicking chips: the computer wins', async () => {
  const page = await open(gamePath('nim 3,4,5'));
  await settled(page);
  assert.match(await page.textContent('.analysis'), /N-position/);
  assert.match(await page.textContent('.explanation'), /nim-sum/);
  let moves = 0;
  for (;;) {
    const status = await settled(page);
    if (/Game over/.test(status)) break;
    // Take one chip from the first heap that has any: never the winning move
    // from 3,4,5, and from then on the computer leaves only P-positions.
    const heaps = (await position(page)).replace('nim ', '').split(',').map(Number);
    const i = heaps.findIndex((h) => h > 0);
    await page.click(`circle.chip[data-heap="${i}"][data-chip="${heaps[i] - 1}"]`);
    moves += 1;
    assert.ok(moves < 20, 'the game ends');
  }
  assert.match(await page.textContent('.status'), /You have no move left: the computer wins/);
  assert.equal(await position(page), 'nim 0,0,0');
  assert.match(await page.textContent('.played'), /Computer: take/);
  await screenshot(page, 'nim-lost');
  // Undo goes back to the player's last turn.
  await page.click('#undo');
  await settled(page);
  assert.notEqual(await position(page), 'nim 0,0,0');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('a reload after the game keeps who won', async () => {
  const page = await open(gamePath('nim 1'));
  await settled(page);
  await page.click('circle.chip[data-heap="0"][data-chip="0"]');
  const won = /The computer has no move left: you win/;
  assert.match(await settled(page), won);
  assert.match(page.url(), /turn=computer/);
  await page.reload();
  assert.match(await settled(page), won);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('the computer starts when asked, and plays the winning move', async () => {
  const page = await open(gamePath('nim 3,4,5', { first: 'computer' }));
  await settled(page);
  assert.equal(await position(page), 'nim 1,4,5');
  assert.match(await page.textContent('.played'), /Computer: take 2 from the heap of 3/);
  await page.close();
});

test('Chomp 4x3: a square is chomped by clicking it', async () => {
  const page = await open(gamePath('chomp 4x3'));
  await settled(page);
  // Each square carries the diagram its chomp leaves: the hint shows the winning one.
  await page.click('#hint');
  await page.waitForSelector('rect.hinted');
  const hinted = await page.getAttribute('rect.hinted', 'data-move');
  assert.match(await page.textContent('.status'), new RegExp(`leaving chomp ${hinted},`));
  // The top right square: row 0 (top), column 3.
  await page.click('rect[data-cell="0,3"]');
  await settled(page);
  const text = await page.textContent('.played');
  assert.match(text, /You: chomp \(4,3\), taking 1 square/);
  assert.match(text, /Computer: chomp/);
  await screenshot(page, 'chomp');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('Hackenbush: an edge is cut by clicking it', async () => {
  const page = await open(gamePath('hackenbush g-a,a-b,a-c,c-c'));
  await settled(page);
  await page.click('.edge-hit[data-edge="c-c"]');
  await settled(page);
  assert.match(await page.textContent('.played'), /You: cut the edge c-c/);
  await screenshot(page, 'hackenbush');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('Cram 3x3: a domino is placed by clicking two cells', async () => {
  const page = await open(gamePath('cram 3x3'));
  await settled(page);
  await page.click('rect[data-cell="1,1"]');
  await page.click('rect[data-cell="1,2"]');
  await settled(page);
  assert.match(await page.textContent('.played'), /You: place a domino on \(2,2\) \(2,3\)/);
  assert.match(await position(page), /#/);
  await screenshot(page, 'cram');
  await page.close();
});

test('placement: a piece is placed by marking its cells, or by confirming where pieces differ in size', async () => {
  let page = await open(gamePath('place:0.0,0.1,1.0 3x3'));
  await settled(page);
  for (const cell of ['0,0', '0,1', '1,0']) await page.click(`rect[data-cell="${cell}"]`);
  await settled(page);
  assert.match(await page.textContent('.played'), /You: place a piece on \(1,1\) \(1,2\) \(2,1\)/);
  await screenshot(page, 'placement');
  assert.deepEqual(page.errors, []);
  await page.close();
  // A monomino or a domino: one marked cell is offered as a piece, to confirm.
  page = await open(gamePath('place:0.0|0.0,0.1 2x3'));
  await settled(page);
  await page.click('rect[data-cell="1,2"]');
  await page.click('.confirm button.primary');
  await settled(page);
  assert.match(await page.textContent('.played'), /You: place a piece on \(2,3\)/);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('keyboard: a chip is taken with Tab and Enter, and the URL holds the position', async () => {
  const page = await open(gamePath('nim 2,2'));
  await settled(page);
  await page.focus('circle.chip[data-heap="0"][data-chip="0"]');
  await page.keyboard.press('Enter');
  await settled(page);
  assert.match(await page.textContent('.played'), /You: take 2 from the heap of 2/);
  const url = new URL(page.url());
  assert.equal(url.searchParams.get('spec'), await position(page));
  assert.equal(url.searchParams.get('start'), 'nim 2,2');
  // Reloading keeps the position and the moves made.
  const was = await position(page);
  await page.reload();
  await settled(page);
  assert.equal(await position(page), was);
  assert.match(await page.textContent('.played'), /You: take 2/);
  await page.close();
});

test('an illegal move is refused with the sentence, and a bad position shows its error', async () => {
  let page = await open(gamePath('nim 3,4'));
  await settled(page);
  await page.fill('#typed-move', '3,9');
  await page.press('#typed-move', 'Enter');
  await page.waitForSelector('.error:not([hidden])');
  assert.match(await page.textContent('.error'), /'3,9' is not a legal move: the heap of 4 cannot grow to 9/);
  await page.close();
  page = await open(gamePath('nim 3,-4'));
  await page.waitForSelector('.error:not([hidden])');
  assert.match(await page.textContent('.error'), /'-4' is not a heap size: expected a whole number such as 7/);
  await screenshot(page, 'bad-position');
  await page.close();
});

test('the sequence page shows the library\'s plots: g(n) with the period and the rare values, and the histogram', async () => {
  for (const [width, name] of [[1280, 'sequence'], [390, 'sequence-phone']]) {
    const page = await open('/sequence?game=kayles&to=100', { width, height: 900 });
    await page.waitForSelector('svg.plot');
    assert.match(await page.textContent('#period'), /Period 12 from heap 71 .*proved/);
    const [values, histogram] = await page.locator('svg.plot').all();
    assert.equal(await page.locator('svg.plot').count(), 2, 'the values and the histogram');
    assert.match(await values.getAttribute('aria-label'), /^g\(n\) of kayles for n from 0 to 100/);
    assert.match(await histogram.getAttribute('aria-label'), /^how many heaps of kayles/);
    assert.equal(await values.locator('circle').count(), 101);
    assert.ok(await values.locator('rect[fill="#f3e6c4"]').count() >= 2, 'the period is shaded');
    // Kayles's rare values (under the mask 15): ten heaps, the last at heap 70, in red.
    await page.waitForSelector('#statistics');
    assert.match(await page.textContent('#statistics'), /rare\/common mask15 \(binary 1111\)/);
    assert.match(await page.textContent('#statistics'), /heaps with a rare value10/);
    assert.match(await page.textContent('#statistics'), /the last of them70/);
    assert.equal(await values.locator('circle[fill="#c0392b"]').count(), 10);
    // The P-positions of the table are the dots at g = 0.
    const zeros = (await values.locator('circle title').allTextContents()).filter((t) => t.endsWith('= 0'));
    assert.equal(zeros.length, await page.locator('table.values td.p').count());
    // Every text of either plot is readable (10 px or more) and overlaps no other.
    for (const plot of [values, histogram]) {
      const boxes = await plot.locator('text').evaluateAll((ts) => ts.map((t) => {
        const r = t.getBoundingClientRect();
        return { text: t.textContent, left: r.left, right: r.right, top: r.top, bottom: r.bottom };
      }));
      for (const [i, a] of boxes.entries()) {
        assert.ok(a.bottom - a.top >= 10, `'${a.text}' is ${a.bottom - a.top} px tall at ${width} px`);
        for (const b of boxes.slice(i + 1)) {
          const apart = a.right <= b.left || b.right <= a.left || a.bottom <= b.top || b.bottom <= a.top;
          assert.ok(apart, `'${a.text}' overlaps '${b.text}' at ${width} px`);
        }
      }
    }
    await screenshot(page, name);
    assert.deepEqual(page.errors, []);
    await page.close();
  }
});

test('the home page lists every family, and each start opens a drawn game', async () => {
  const page = await open('/');
  await page.waitForSelector('a.start');
  const starts = await page.$$eval('a.start', (as) => as.map((a) => a.getAttribute('href')));
  assert.ok(starts.length >= 30, `${starts.length} families`);
  await screenshot(page, 'home');
  for (const href of starts) {
    await page.goto(new URL(href, page.url()).href);
    await settled(page);
    const spec = new URL(page.url()).searchParams.get('spec');
    assert.equal(await page.locator('.error:not([hidden])').count(), 0, `${spec}: ${await page.textContent('.error')}`);
    assert.equal(await page.locator('.no-picture').count(), 0, `${spec} is drawn`);
    assert.ok(await page.locator('.board .hit').count() > 0, `${spec} has something to click`);
  }
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('the home page links a sequence page for exactly the heap games of the registry', async () => {
  const page = await open('/');
  await page.waitForSelector('a.start');
  // The page's own call to the API (the server's, or the engine's in the page).
  const families = await page.evaluate(() => api('families', {}));
  const heapGames = families.filter((f) => f.heap_game).map((f) => f.start.split(' ')[0]);
  assert.ok(heapGames.length >= 10, `${heapGames.length} heap games`);
  const links = await page.$$eval('a.seq', (as) => as.map((a) => new URL(a.href).searchParams.get('game')));
  assert.deepEqual(links, heapGames);
  await page.close();
});

test('a phone-width screen: the game page fits without sideways scrolling', async () => {
  const page = await open(gamePath('wythoff 7,10'), { width: 375, height: 740 });
  await settled(page);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `the page is ${overflow}px wider than the screen`);
  await page.click('rect.target >> nth=0');
  await settled(page);
  assert.match(await page.textContent('.played'), /You: take/);
  await screenshot(page, 'phone-wythoff');
  await page.close();
});
