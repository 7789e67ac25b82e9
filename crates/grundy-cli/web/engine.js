// The engine in the page, for the static site (crates/grundy-wasm/build-site.sh
// puts this script before board.js, and the module beside it; grundy serve's pages
// go without it): grundy-api's JSON API answered by the grundy engine compiled to
// WebAssembly, in Web Workers so that a long search never freezes the page. Over
// http(s) the module, static/grundy.wasm, is fetched and compiled as it arrives;
// opened from files, where nothing can be fetched, it is read from
// static/engine-inline.js (its bytes in base64, as GRUNDY_WASM), loaded only then.
// A worker is made from a Blob of its own source, which works from files too, where
// a worker script could not be loaded.
//
// grundyEngine.ask(endpoint, query) answers like the server: { status, type, body }.
// Up to WORKERS requests are answered at once, each in its own worker, so that a
// long search holds up no other request (the computer's move, a hint); each within
// TIME_LIMIT_MS of its start: a search past it ends its worker, and a later request
// gets a fresh one.

'use strict';

const grundyEngine = (() => {
  /** The wall-clock limit of one request, as on the server. */
  const TIME_LIMIT_MS = 10_000;
  /** The most requests answered at once: one a core, up to four. */
  const WORKERS = Math.max(1, Math.min(4, navigator.hardwareConcurrency || 1));

  /** The worker: instantiates the module it is sent, then answers each request. */
  function worker() {
    let instance = null;
    self.onmessage = async (e) => {
      if (e.data.module) {
        // The engine reads its deadlines on the page's clock.
        const env = { grundy_clock_ms: () => performance.now() };
        instance = WebAssembly.instantiate(e.data.module, { env });
        return;
      }
      const wasm = (await instance).exports;
      const request = new TextEncoder().encode(`${e.data.endpoint}\n${e.data.query}`);
      // Each call may grow the memory, so its buffer is read after the call.
      const at = wasm.request(request.length);
      new Uint8Array(wasm.memory.buffer, at, request.length).set(request);
      const length = wasm.answer();
      const reply = new Uint8Array(wasm.memory.buffer, wasm.reply(), length).slice();
      self.postMessage(JSON.parse(new TextDecoder().decode(reply)));
    };
  }

  /** Where this script is: the module is beside it. */
  const here = document.currentScript.src;

  /** The module compiled: fetched over http(s), from its base64 script from files. */
  function compile() {
    if (window.location.protocol === 'file:') {
      return new Promise((loaded, failed) => {
        const script = document.createElement('script');
        script.src = new URL('engine-inline.js', here).href;
        script.onload = loaded;
        script.onerror = () => failed(new Error(`${script.src} could not be loaded`));
        document.head.append(script);
      }).then(() => {
        const text = atob(GRUNDY_WASM);
        const bytes = new Uint8Array(text.length);
        for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
        return WebAssembly.compile(bytes);
      });
    }
    const url = new URL('grundy.wasm', here).href;
    const fetched = () => fetch(url).then((response) => {
      if (!response.ok) throw new Error(`${url} answered ${response.status}`);
      return response;
    });
    // A host that sends it as another type than application/wasm cannot stream it:
    // it is compiled from its bytes.
    return WebAssembly.compileStreaming(fetched())
      .catch(() => fetched().then((response) => response.arrayBuffer()).then((b) => WebAssembly.compile(b)));
  }

  const source = URL.createObjectURL(new Blob([`(${worker})()`], { type: 'text/javascript' }));
  const module = compile();
  /** The workers not answering a request now. */
  const idle = [];
  /** How many workers there are, idle or not. */
  let made = 0;
  /** The requests waiting for a worker: each one's wake-up. */
  const waiting = [];

  /** A JSON answer with this status and error. */
  const failed = (status, error) => ({ status, type: 'application/json', body: JSON.stringify({ error }) });

  /** A new worker, once it has been sent the module (and so may be sent requests). */
  function spawn() {
    made += 1;
    const w = new Worker(source);
    return module.then((compiled) => {
      w.postMessage({ module: compiled });
      return w;
    }, (e) => {
      w.terminate();
      give(null);
      throw e;
    });
  }

  /**
   * The first worker, made at once: it starts while the module compiles, for the
   * request that every page makes as it opens.
   */
  let first = spawn();
  first.catch(() => {}); // A module that cannot be loaded is said by each request.

  /** A worker for the next request: the first, an idle one, a new one, or the next one freed. */
  async function take() {
    for (;;) {
      if (first) {
        const w = first;
        first = null;
        return w;
      }
      if (idle.length) return idle.pop();
      if (made < WORKERS) return spawn();
      await new Promise((wake) => waiting.push(wake));
    }
  }

  /** Gives a worker back, or null for one ended, and wakes the next request waiting. */
  function give(w) {
    if (w) idle.push(w);
    else made -= 1;
    waiting.shift()?.();
  }

  /** The worker's answer to one request, or the sentence of its time limit. */
  async function run(endpoint, query) {
    let w;
    try {
      w = await take();
    } catch (e) {
      return failed(500, `the engine could not be loaded: ${e.message}`);
    }
    return new Promise((resolve) => {
      const end = (answer, kept) => {
        clearTimeout(timer);
        if (!kept) w.terminate();
        give(kept ? w : null);
        resolve(answer);
      };
      const timer = setTimeout(() => {
        end(failed(503, `the computation was stopped after ${TIME_LIMIT_MS / 1000} s, the page's time limit for one request (the grundy command has none)`), false);
      }, TIME_LIMIT_MS);
      w.onmessage = (e) => end(e.data, true);
      w.onerror = (e) => end(failed(500, `the engine failed on this request: ${e.message}`), false);
      w.postMessage({ endpoint, query });
    });
  }

  return {
    ask: run,
  };
})();
