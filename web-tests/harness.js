// Starts `grundy serve` on a free loopback port and Debian's Chromium (headless,
// through playwright-core: no browser is downloaded), for the browser tests and
// the screenshots.

import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
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
  const path = join(artifacts, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}
