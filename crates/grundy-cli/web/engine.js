// The engine in the page, for the static site (crates/grundy-wasm/build-site.sh
// puts this script before board.js, with the module's bytes before it in base64 as
// GRUNDY_WASM; grundy serve's pages go without it): grundy-api's JSON API answered
// by the grundy engine compiled to WebAssembly, in a Web Worker so that a long
// search never freezes the page. The worker is made from a Blob of its own source,
// which works from files too, where a worker script could not be loaded.
//
// grundyEngine.ask(endpoint, query) answers like the server: { status, type, body }.
// Requests are answered one at a time, each within TIME_LIMIT_MS of its start; a
// search past it ends the worker, which is made afresh for the next request.

'use strict';

const grundyEngine = (() => {
  /** The wall-clock limit of one request, as on the server. */
  const TIME_LIMIT_MS = 10_000;

  /** The worker: instantiates the module it is sent, then answers each request. */
  function worker() {
    let wasm = null;
    self.onmessage = async (e) => {
      if (e.data.module) {
        // The engine reads its deadlines on the page's clock.
        const env = { grundy_clock_ms: () => performance.now() };
        wasm = (await WebAssembly.instantiate(e.data.module, { env })).exports;
        return;
      }
      const request = new TextEncoder().encode(`${e.data.endpoint}\n${e.data.query}`);
      // Each call may grow the memory, so its buffer is read after the call.
      const at = wasm.request(request.length);
      new Uint8Array(wasm.memory.buffer, at, request.length).set(request);
      const length = wasm.answer();
      const reply = new Uint8Array(wasm.memory.buffer, wasm.reply(), length).slice();
      self.postMessage(JSON.parse(new TextDecoder().decode(reply)));
    };
  }

  const source = URL.createObjectURL(new Blob([`(${worker})()`], { type: 'text/javascript' }));
  const module = WebAssembly.compile(Uint8Array.from(atob(GRUNDY_WASM), (c) => c.charCodeAt(0)));
  let current = null;
  let queue = Promise.resolve();

  /** A JSON answer with this status and error. */
  const failed = (status, error) => ({ status, type: 'application/json', body: JSON.stringify({ error }) });

  /** The worker's answer to one request, or the sentence of its time limit. */
  async function run(endpoint, query) {
    if (!current) {
      current = new Worker(source);
      current.postMessage({ module: await module });
    }
    const w = current;
    return new Promise((resolve) => {
      const end = (answer) => { clearTimeout(timer); resolve(answer); };
      const timer = setTimeout(() => {
        w.terminate();
        current = null;
        end(failed(503, `the computation was stopped after ${TIME_LIMIT_MS / 1000} s, the page's time limit for one request (the grundy command has none)`));
      }, TIME_LIMIT_MS);
      w.onmessage = (e) => end(e.data);
      w.onerror = (e) => {
        w.terminate();
        current = null;
        end(failed(500, `the engine failed on this request: ${e.message}`));
      };
      w.postMessage({ endpoint, query });
    });
  }

  return {
    ask(endpoint, query) {
      const answer = queue.then(() => run(endpoint, query));
      queue = answer;
      return answer;
    },
  };
})();
