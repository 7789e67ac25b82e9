// The playground to test and Debian's Chromium (headless, through playwright-core:
// no browser is downloaded), for the browser tests and the screenshots. The
// playground is `grundy serve` on a free loopback port, or, with GRUNDY_SITE=static,
// the static site (WebAssembly, no server) opened from its files.

import { spawn } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';

const here = dirname(fileURLToPath(import.meta.url));
export const root = resolve(here, '..');
export const artifacts = join(here, 'artifacts');

/** The grundy binary: $GRUNDY, or the debug build. */
export const grundyBinary = process.env.GRUNDY ?? join(process.env.CARGO_TARGET_DIR ?? join(root, 'target'), 'debug', 'grundy');

/** Chromium: $CHROMIUM, or Debian's. */
export const chromiumPath = process.env.CHROMIUM ?? '/usr/bin/chromium';

/** A free port on 127.0.0.1. */
function freePort() {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => done(port));
    });
  });
}

/** Starts `grundy serve` with `args`; resolves to { url, stop } once it answers. */
export async function startServer(args = []) {
  const port = await freePort();
  const child = spawn(grundyBinary, ['serve', '--bind', `127.0.0.1:${port}`, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => { output += d; });
  child.stderr.on('data', (d) => { output += d; });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 200; i++) {
    if (child.exitCode !== null) throw new Error(`grundy serve exited: ${output}`);
    try {
      const r = await fetch(`${url}/api/limits`);
      if (r.ok) break;
    } catch { /* not yet listening */ }
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url,
    stop: () => new Promise((done) => {
      if (child.exitCode !== null) return done();
      child.once('exit', done);
      child.kill('SIGINT');
    }),
  };
}

/** Which playground the tests run against: 'served' or 'static'. */
export const siteKind = process.env.GRUNDY_SITE === 'static' ? 'static' : 'served';

/** The static site's files: $GRUNDY_SITE_DIR, or target/site. */
export const siteFolder = process.env.GRUNDY_SITE_DIR ?? join(root, 'target', 'site');

/** The static site's file of each of the server's pages. */
const SITE_FILES = { '/': 'index.html', '/game': 'game.html', '/sequence': 'sequence.html', '/learn': 'learn.html' };

/**
 * Starts the playground of `siteKind`; resolves to { url(path), stop }, where
 * url gives the address of a server path such as /game?spec=nim+3.
 */
/**
 * The time limit of one request on the site under test: the served site's is set
 * short (grundy serve's default is 10 s), so that a test of a search that reaches
 * it waits less; the static site's is its engine's own (engine.js, TIME_LIMIT_MS).
 */
export const SERVED_TIME_LIMIT_MS = 4000;
export const timeLimitMs = siteKind === 'served' ? SERVED_TIME_LIMIT_MS : 10_000;

export async function startSite() {
  if (siteKind === 'served') {
    const server = await startServer(['--time-limit', String(SERVED_TIME_LIMIT_MS / 1000)]);
    return { url: (path) => server.url + path, stop: server.stop };
  }
  if (!existsSync(join(siteFolder, 'index.html'))) {
    throw new Error(`no static site in ${siteFolder}: build it with crates/grundy-wasm/build-site.sh`);
  }
  const base = pathToFileURL(`${siteFolder}/`).href;
  return {
    url: (path) => {
      const { pathname, search, hash } = new URL(path, 'http://server');
      return base + SITE_FILES[pathname] + search + hash;
    },
    stop: async () => {},
  };
}

/** Debian's Chromium, headless, with nothing going out to the network. */
export function launchBrowser() {
  return chromium.launch({
    executablePath: chromiumPath,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
      '--disable-component-update', '--no-first-run'],
  });
}

/** Saves a screenshot of `page` under artifacts/NAME.png; its path. */
export async function screenshot(page, name) {
  mkdirSync(artifacts, { recursive: true });
  const path = join(artifacts, `${siteKind === 'static' ? 'static-' : ''}${name}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}
