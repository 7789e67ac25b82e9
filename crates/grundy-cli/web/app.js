// The playground's pages: the home page (every family), the game page (a position
// drawn, its analysis, and a game against the computer) and the sequence page (g(n)
// of a heap game, plotted). Everything is computed by the engine's API: the
// server's (grundy serve), or on the static site the engine compiled to WebAssembly
// in the page (engine.js, which defines grundyEngine). The URL holds what is shown,
// so that a page can be shared and reloaded.
//
// A classic script after board.js, whose names it uses: the pages then open from
// files too, where a browser refuses modules.

'use strict';

const main = document.getElementById('main');

// ---------------------------------------------------------------- helpers

/** An HTML element with attributes (on* as listeners) and children. */
function h(tag, attrs = {}, children = []) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith('on')) e.addEventListener(k.slice(2), v);
    else if (k === 'text') e.textContent = v;
    else e.setAttribute(k, v === true ? '' : String(v));
  }
  for (const c of [].concat(children)) {
    if (c === null || c === undefined || c === false) continue;
    e.append(typeof c === 'string' ? document.createTextNode(c) : c);
  }
  return e;
}

/** An API error: the server's sentence. */
class ApiError extends Error {}

/** The engine in the page (the static site), or null where a server answers. */
const engine = typeof grundyEngine === 'undefined' ? null : grundyEngine;

/** The pages' addresses: the server's paths, or the static site's files. */
const PAGES = engine
  ? { home: 'index.html', game: 'game.html', sequence: 'sequence.html', learn: 'learn.html' }
  : { home: '/', game: '/game', sequence: '/sequence', learn: '/learn' };

/** Which page a URL of this site shows, or null for none. */
function pageOf(url) {
  if (url.origin !== window.location.origin) return null;
  const path = url.pathname;
  if (!engine) return Object.keys(PAGES).find((page) => PAGES[page] === path) ?? null;
  const file = path.slice(path.lastIndexOf('/') + 1);
  return Object.keys(PAGES).find((page) => PAGES[page] === file) ?? (file === '' ? 'home' : null);
}

/** Asks the server: its answer as { status, type, body }. */
async function overHttp(endpoint, query) {
  let response;
  try {
    response = await fetch(`/api/${endpoint}?${query}`);
  } catch {
    throw new ApiError('The server cannot be reached: is grundy serve still running?');
  }
  return { status: response.status, type: response.headers.get('content-type') || '', body: await response.text() };
}

/** Calls the API; the JSON answer (or an SVG's text), or an ApiError with the engine's sentence. */
async function api(endpoint, fields) {
  const query = new URLSearchParams();
  for (const [k, v] of Object.entries(fields)) if (v !== undefined && v !== null && v !== '') query.set(k, v);
  const answer = engine ? await engine.ask(endpoint, query.toString()) : await overHttp(endpoint, query);
  const ok = answer.status >= 200 && answer.status < 300;
  if (!answer.type.includes('json')) {
    if (ok) return answer.body;
    throw new ApiError(`The server answered ${answer.status}.`);
  }
  const body = JSON.parse(answer.body);
  if (!ok) throw new ApiError(sentence(body.error || `The server answered ${answer.status}.`));
  return body;
}

/** The library's picture, an SVG document's text, as an element of the page. */
const svgElement = (text) => document.importNode(new DOMParser().parseFromString(text, 'image/svg+xml').documentElement, true);

/** A message as a sentence: a capital first letter and a full stop. */
const sentence = (m) => {
  const t = m.charAt(0).toUpperCase() + m.slice(1);
  return /[.!?]$/.test(t) ? t : `${t}.`;
};

function setTitle(text) {
  document.title = text ? `${text} · grundy playground` : 'grundy playground';
}

// ---------------------------------------------------------------- the home page

/** Every family (from /api/families), fetched once. */
let familiesOnce = null;
const families = () => (familiesOnce ??= api('families', {}).catch((e) => { familiesOnce = null; throw e; }));

/** A family's short name: the words before the colon of its rules, where short. */
function familyTitle(f) {
  const head = f.about.split(':')[0];
  const title = head.length <= 28 && head !== f.about ? head : f.name;
  return title.charAt(0).toUpperCase() + title.slice(1);
}

/** The groups of the games of the seeds (Ferguson's notes), shown first on the home page. */
const SEED_GROUPS = ['Nim', 'Subtraction games', 'Take-and-break games', 'Graph games', 'Hackenbush', 'Chomp and the divisor game'];

async function home() {
  setTitle('');
  main.replaceChildren(
    h('h1', { text: 'Impartial games to see, click and play' }),
    firstGame(),
    h('p', { class: 'lead' }, [
      'Every game of the notes with a perfect opponent: pick a starting position, play against the computer by clicking the picture, ',
      'and read the analysis beside it (who wins, the nimber, every winning move and why). ',
      'Or type any position, such as ', h('a', { href: gameUrl({ spec: 'nim 13,12,8' }) }, 'nim 13,12,8'), ' or a sum like ',
      h('a', { href: gameUrl({ spec: 'nim 3 + kayles 5 + chomp 3,2' }) }, 'nim 3 + kayles 5 + chomp 3,2'), ', in the box above.',
    ]),
    sumBuilder(),
    h('p', { class: 'loading', text: 'Loading the games…' }),
  );
  let all;
  try {
    all = await families();
  } catch (e) {
    main.append(h('p', { class: 'error', role: 'alert', text: e.message }));
    return;
  }
  const groups = new Map(SEED_GROUPS.map((group) => [group, []]));
  for (const f of all) {
    if (!groups.has(f.group)) groups.set(f.group, []);
    groups.get(f.group).push(f);
  }
  const list = h('div', { class: 'families' });
  for (const [group, members] of groups) {
    if (!members.length) continue;
    list.append(h('section', { class: 'family', 'aria-label': group }, [
      h('h2', { text: group }),
      ...members.map((f) => h('div', { class: 'member' }, [
        f.start ? thumbnail(f) : null,
        h('p', {}, [h('code', { text: f.syntax }), ' — ', f.about]),
        f.start ? h('p', {}, [
          h('a', { class: 'start', href: gameUrl({ spec: f.start, graph: f.graph }) }, `Play ${f.start}`),
          f.heap_game ? h('a', { class: 'seq', href: `${PAGES.sequence}?${new URLSearchParams({ game: f.sequence_game, to: 100 })}` }, 'its sequence') : null,
        ]) : null,
      ])),
    ]));
  }
  main.querySelector('.loading').replaceWith(list);
}

/** The game on the first screen: the start of the home page's Nim. */
const FIRST_GAME = 'nim 1,2,3';

/**
 * The first screen: what a P-position and a nimber are, in two sentences, beside a
 * game of Nim to play at once (a click makes the move, and the game goes on on its
 * page, the computer to answer).
 */
function firstGame() {
  const board = h('div', { class: 'first-board', 'aria-label': `A game of Nim: ${FIRST_GAME}` });
  const select = new Selection(h('div'));
  api('drawing', { spec: FIRST_GAME }).then((drawn) => {
    const part = drawn.parts[0];
    board.replaceChildren(drawnPart(part, {
      select, index: 0, hinted: null, say: () => {},
      play: (to) => {
        const url = gameUrl({ spec: to, start: FIRST_GAME, toMove: 'computer' });
        // The static site's pages are files of their own: the game page is loaded.
        if (engine) { window.location.assign(url); return; }
        window.history.pushState({ history: [{ from: FIRST_GAME, to, by: 'you', description: part.moves.find((m) => m.to === to)?.words ?? to }] }, '', url);
        route();
      },
    }));
  }).catch(() => board.remove());
  return h('section', { class: 'first-screen', 'aria-label': 'Two ideas, and a game' }, [
    h('div', {}, [
      h('p', { class: 'idea' }, [h('strong', { text: 'A P-position' }),
        ' is one the Previous player wins: whoever moves from it loses against perfect play, as in Nim whenever the heaps XOR to 0.']),
      h('p', { class: 'idea' }, [h('strong', { text: 'A nimber' }),
        ' is the Nim heap a position is worth: 0 exactly at P-positions, and the nimbers of games played side by side add by XOR, as Nim heaps do.']),
      h('p', { class: 'muted', text: `Try it: ${FIRST_GAME} XORs to 0, a P-position. Take chips, and see the computer keep the XOR at 0.` }),
    ]),
    board,
  ]);
}

/** Calls `act` once `e` is (nearly) on the screen. */
function whenSeen(e, act) {
  const seen = new IntersectionObserver((entries) => {
    if (!entries.some((entry) => entry.isIntersecting)) return;
    seen.disconnect();
    act();
  }, { rootMargin: '200px' });
  seen.observe(e);
}

/** A small picture of a family's start, drawn by its drawer once on the screen, not to be played. */
function thumbnail(f) {
  const box = h('div', { class: 'thumb', inert: true, 'aria-hidden': 'true' });
  whenSeen(box, async () => {
    try {
      const drawn = await api('drawing', { spec: f.start, graph: f.graph });
      const select = new Selection(h('div'));
      const pictures = drawn.parts.map((part, index) => (part.svg
        ? drawnPart(part, { select, index, play: () => {}, say: () => {}, hinted: null })
        : null));
      box.replaceChildren(...pictures.filter(Boolean));
    } catch { box.remove(); }
  });
  return box;
}

/**
 * The sum builder: games added one by one, and as they come the nim-sum in binary
 * columns (the explanation's) and the verdict (the value's).
 */
function sumBuilder() {
  const parts = [];
  let asked = 0;
  const input = h('input', { id: 'sum-part', name: 'part', autocomplete: 'off', spellcheck: 'false', placeholder: 'kayles 7' });
  const list = h('ul', { class: 'sum-parts' });
  const out = h('div', { class: 'sum-result', 'aria-live': 'polite' });
  const refused = h('p', { class: 'error', role: 'alert', hidden: true });
  async function show() {
    const mine = ++asked;
    list.replaceChildren(...parts.map((part, i) => h('li', {}, [
      h('code', { text: part }), ' ',
      h('button', { class: 'link', 'aria-label': `Remove ${part}`, text: 'remove', onclick: () => { parts.splice(i, 1); show(); } }),
    ])));
    if (!parts.length) { out.replaceChildren(h('p', { class: 'muted', text: 'Add a game, then another: the nim-sum of their nimbers decides who wins.' })); return; }
    const spec = parts.join(' + ');
    let v, ex;
    try {
      [v, ex] = await Promise.all([api('value', { spec }), api('explain', { spec })]);
    } catch (e) {
      if (mine === asked) out.replaceChildren(h('p', { class: 'error', role: 'alert', text: e.message }));
      return;
    }
    if (mine !== asked) return;
    out.replaceChildren(
      explanation(ex.sections).querySelector('pre.columns') ?? '',
      h('p', { class: 'sum-verdict' }, [`Nim-sum ${v.nimber_text}: `, h('strong', { text: `${v.outcome}-position` }), `, ${v.who_wins}. `,
        h('a', { href: gameUrl({ spec }) }, `Play ${spec}`)]),
    );
  }
  const form = h('form', { class: 'sum-form', onsubmit: async (e) => {
    e.preventDefault();
    const part = input.value.trim();
    if (!part) return;
    try {
      // The part as the engine reads it (its normal form), or the sentence why not.
      parts.push((await api('parts', { spec: part })).position);
      input.value = '';
      refused.hidden = true;
      show();
    } catch (err) {
      // The sum shown stays; the part is refused beside the box, to correct.
      refused.textContent = err.message;
      refused.hidden = false;
      input.select();
    }
  } }, [
    h('label', { for: 'sum-part', text: 'Add a game: ' }), input, h('button', { text: 'Add' }),
  ]);
  show();
  return h('section', { class: 'sum-builder', 'aria-labelledby': 'sum-title' }, [
    h('h2', { id: 'sum-title', text: 'Add games together' }), form, refused, list, out,
  ]);
}

// ---------------------------------------------------------------- the game page

/**
 * How long the computer waits before it moves, so that a person sees the move made;
 * none where a program drives the browser (navigator.webdriver: the browser tests),
 * which has no eyes to wait for.
 */
const COMPUTER_PAUSE_MS = navigator.webdriver ? 0 : 450;

/** The URL of a game page. */
function gameUrl({ spec, start, misere, first, graph, toMove, opponent }) {
  const q = new URLSearchParams();
  if (start && start !== spec) q.set('start', start);
  q.set('spec', spec);
  if (misere) q.set('misere', '1');
  if (first === 'computer') q.set('first', 'computer');
  if (opponent && opponent !== 'computer') q.set('opponent', opponent);
  if (graph) q.set('graph', graph);
  // Whose turn it is, where the position alone does not say (the second side's).
  if (toMove === 'computer') q.set('turn', 'computer');
  return `${PAGES.game}?${q}`;
}

/**
 * Who plays the second side of a game: the computer, a second person at this
 * device, or nobody (free analysis: the user makes every move, with each option's
 * outcome and nimber shown). The first side is always the person at the page.
 */
const OPPONENTS = {
  computer: 'The computer',
  friend: 'A friend on this device',
  nobody: 'Nobody: analyse freely',
};

/** A set of marked elements for moves made by several clicks, with a confirm bar. */
class Selection extends Set {
  /** `bar` shows the action; `home` (the board) takes the focus back once it is used. */
  constructor(bar, home = null) {
    super();
    /** The part whose shapes are marked. */
    this.part = null;
    this.bar = bar;
    this.home = home;
  }

  /** Offers the action `label` (null: none yet) for what is marked. */
  offer(label, act) {
    this.bar.replaceChildren();
    this.bar.hidden = !label;
    if (!label) return;
    this.bar.append(
      h('button', { class: 'primary', onclick: () => { this.home?.focus(); act(); }, text: label.charAt(0).toUpperCase() + label.slice(1) }),
      h('button', { onclick: () => { this.home?.focus(); this.reset(); this.onclear?.(); }, text: 'Clear the marks' }),
    );
  }

  reset() {
    this.clear();
    this.part = null;
    this.offer(null);
  }
}

async function game(params) {
  const start = params.get('start') || params.get('spec') || 'nim 3,4,5';
  const state = {
    start,
    spec: params.get('spec') || start,
    misere: ['1', 'true'].includes(params.get('misere')),
    first: params.get('first') === 'computer' ? 'computer' : 'you',
    opponent: OPPONENTS[params.get('opponent')] ? params.get('opponent') : 'computer',
    /** The moves undone, to make again (Forward), latest last. */
    future: [],
    /** The scale of each part's picture, kept through a game. */
    scales: [],
    graph: params.get('graph') || '',
    history: history.state?.history ?? [],
    /** The position's components, as the engine last listed them. */
    components: null,
    /** The analysis of the position (/api/position), or null while there is none. */
    report: null,
    over: null,
    busy: false,
    analysis: false,
  };
  /** Whether a person plays both sides (two players, or free analysis). */
  const people = () => state.opponent !== 'computer';
  /** A side's name: 'you' is the first side, 'computer' the second. */
  const sideName = (side) => (people() ? (side === 'you' ? 'Player 1' : 'Player 2') : side === 'you' ? 'You' : 'The computer');
  const other = (side) => (side === 'you' ? 'computer' : 'you');
  // The computer moves first from the very start when asked, and wherever the URL
  // says it is its turn (a page reloaded after the person's move).
  const atStart = state.spec === state.start && state.history.length === 0;
  state.toMove = params.get('turn') === 'computer' || (atStart && state.first === 'computer') ? 'computer' : 'you';
  setTitle(state.spec);

  const status = h('p', { class: 'status', role: 'status', 'aria-live': 'polite' });
  const error = h('p', { class: 'error', role: 'alert', hidden: true });
  const bar = h('div', { class: 'confirm', hidden: true });
  const board = h('div', {
    class: 'board', tabindex: '-1', onkeydown: onBoardKey,
    onfocusin: (e) => { const at = [...board.querySelectorAll('.hit')].indexOf(e.target); if (at >= 0) rove(board, at); },
  });
  const sel = new Selection(bar, board);
  const moveList = h('ol', { class: 'moves' });
  const moveCount = h('span', { text: '' });
  const played = h('ol', { class: 'played' });
  const analysisBox = h('div', { class: 'analysis-body', id: 'analysis-body', hidden: true });
  const typed = h('input', { id: 'typed-move', name: 'move', autocomplete: 'off', spellcheck: 'false', placeholder: 'e.g. the position you leave' });
  const graphBox = h('textarea', { id: 'graph-text', rows: 6, spellcheck: 'false', 'aria-label': 'The graph, one line a vertex: a -> b c' });
  graphBox.value = state.graph;

  /** A radio button that starts a new game when chosen, once the player agrees to lose the moves made. */
  const radio = (name, value, label, checked, choose) => h('label', {}, [
    h('input', { type: 'radio', name, value, checked, onchange: () => {
      if (name === 'opponent') {
        // Who plays the second side changes mid-game: the game goes on.
        choose();
        state.future = [];
        showControls();
        remember(false);
        refresh();
        return;
      }
      const changing = name === 'first' ? 'who starts' : 'the rule';
      if (state.history.length && !state.over && !window.confirm(`Changing ${changing} starts a new game: the moves made so far are lost. Start a new game?`)) {
        const kept = name === 'first' ? state.first : state.misere ? 'misere' : 'normal';
        for (const r of controls.querySelectorAll(`input[name="${name}"]`)) r.checked = r.value === kept;
        return;
      }
      choose();
      newGame();
    } }), ' ', h('span', { class: 'choice', text: label }),
  ]);

  const controls = h('div', { class: 'controls' }, [
    h('button', { id: 'hint', onclick: () => hint(), text: 'Hint' }),
    h('button', { id: 'undo', onclick: () => undo(), text: 'Undo' }),
    h('button', { id: 'forward', onclick: () => forward(), text: 'Forward', hidden: true }),
    h('button', { id: 'new-game', onclick: () => newGame(), text: 'New game' }),
    h('button', { id: 'rematch', class: 'primary', onclick: () => rematch(), text: 'Rematch, the other side starts', hidden: true }),
    h('fieldset', { class: 'opponent' }, [h('legend', { text: 'Playing against' }),
      ...Object.entries(OPPONENTS).map(([value, label]) => radio('opponent', value, label, state.opponent === value, () => { state.opponent = value; }))]),
    h('fieldset', {}, [h('legend', { text: 'Who starts' }),
      radio('first', 'you', 'You', state.first === 'you', () => { state.first = 'you'; }),
      radio('first', 'computer', 'The computer', state.first === 'computer', () => { state.first = 'computer'; })]),
    h('fieldset', {}, [h('legend', { text: 'Rule' }),
      radio('play', 'normal', 'Normal (last move wins)', !state.misere, () => { state.misere = false; }),
      radio('play', 'misere', 'Misère (last move loses)', state.misere, () => { state.misere = true; })]),
  ]);
  // The analysis names the winning move: hidden until the player asks for it.
  const toggle = h('button', { id: 'show-analysis', 'aria-expanded': 'false', 'aria-controls': 'analysis-body', text: 'Show the analysis', onclick: () => {
    state.analysis = !state.analysis;
    analysisBox.hidden = !state.analysis;
    main.querySelector('.game').classList.toggle('analysed', state.analysis);
    toggle.setAttribute('aria-expanded', String(state.analysis));
    toggle.textContent = state.analysis ? 'Hide the analysis' : 'Show the analysis';
  } });
  const aside = h('aside', { class: 'analysis', 'aria-label': 'Analysis' }, [
    h('h2', { text: 'Analysis' }), toggle, analysisBox,
  ]);

  const rules = h('div', { class: 'rules' });
  const heading = h('h1', { text: state.spec });
  /** The heading and the rules: the families of the position's components. */
  async function showRules() {
    const all = await families().catch(() => []);
    const names = [...new Set(state.components.map((c) => c.family))];
    const found = names.map((n) => all.find((f) => f.name === n)).filter(Boolean);
    heading.textContent = found.length === names.length ? found.map(familyTitle).join(' + ') : names.join(' + ');
    rules.replaceChildren(...found.map((f) => h('p', {}, [h('code', { text: f.syntax }), ' — ', f.about])));
  }
  main.replaceChildren(
    heading,
    rules,
    // The position in words (the pictures' labels); as typed, for copying, on request.
    h('div', { class: 'position' }, ['Position: ', h('span', { id: 'position-words' }), ' ',
      h('details', { class: 'as-typed' }, [h('summary', { text: 'as typed' }), h('code', { id: 'position' })])]),
    h('div', { class: 'game' }, [
      h('section', { class: 'play', 'aria-label': 'The game' }, [
        status, error, board, bar, controls,
        h('form', { class: 'typed', onsubmit: (e) => { e.preventDefault(); if (typed.value.trim()) propose(typed.value.trim()); } }, [
          h('label', { for: 'typed-move', text: 'Or type your move, as the position you leave (for one part, just its position):' }),
          h('div', { class: 'row' }, [typed, h('button', { text: 'Move' })]),
        ]),
        h('details', { class: 'move-list' }, [h('summary', {}, ['Every move ', moveCount]), moveList]),
        state.graph ? h('details', { class: 'graph-edit' }, [
          h('summary', { text: 'The graph' }),
          h('label', { for: 'graph-text', text: 'One line a vertex, "a -> b c" for its followers:' }), graphBox,
          h('button', { onclick: () => { state.graph = graphBox.value; newGame(); }, text: 'Use this graph' }),
        ]) : null,
        h('details', { class: 'history', open: true }, [h('summary', { text: 'Moves so far' }), played]),
      ]),
      aside,
    ]),
  );

  const say = (text) => { status.textContent = text; };
  /** Marks the page busy (a move or an analysis on its way), for people and tests. */
  const busy = (on) => {
    state.busy = on;
    if (on) document.body.dataset.busy = '1'; else delete document.body.dataset.busy;
  };
  const fail = (text) => { error.textContent = text; error.hidden = !text; };
  const fields = (extra = {}) => ({ spec: state.spec, misere: state.misere ? 'true' : undefined, graph: state.graph || undefined, ...extra });
  /** The board takes clicks only on the player's turn of a game still going. */
  const lock = () => board.classList.toggle('locked', Boolean(state.over) || !(people() || state.toMove === 'you'));

  /** The buttons and labels of the mode: Forward where moves were undone, Rematch once the game is over, the sides' names. */
  function showControls() {
    controls.querySelector('#forward').hidden = !people();
    controls.querySelector('#forward').disabled = !state.future.length;
    controls.querySelector('#undo').textContent = people() ? 'Back' : 'Undo';
    controls.querySelector('#rematch').hidden = !state.over;
    for (const side of ['you', 'computer']) controls.querySelector(`input[name="first"][value="${side}"] + .choice`).textContent = sideName(side);
    main.querySelector('.game').dataset.opponent = state.opponent;
    if (state.opponent === 'nobody' && !state.analysis) toggle.click();
  }

  /** Saves the state in the URL and the history entry (reload keeps it, undo too). */
  function remember(push) {
    const url = gameUrl({ spec: state.spec, start: state.start, misere: state.misere, first: state.first, graph: state.graph, toMove: state.toMove, opponent: state.opponent });
    const saved = { history: state.history };
    if (push) window.history.pushState(saved, '', url); else window.history.replaceState(saved, '', url);
    setTitle(state.spec);
  }

  function newGame() {
    state.spec = state.start;
    state.history = [];
    state.future = [];
    state.scales = [];
    state.over = null;
    state.toMove = state.first;
    remember(false);
    refresh();
  }

  /** A new game from the start where the other side moves first. */
  function rematch() {
    state.first = other(state.first);
    for (const r of controls.querySelectorAll('input[name="first"]')) r.checked = r.value === state.first;
    newGame();
  }

  function undo() {
    if (state.busy && !people()) return;
    if (!state.history.length) return;
    let entry;
    if (people()) {
      // One move back, to be made again with Forward.
      entry = state.history.pop();
      state.future.push(entry);
    } else {
      // Back to the last position where it was the player's turn.
      do entry = state.history.pop(); while (entry.by !== 'you' && state.history.length);
    }
    state.spec = entry.from;
    state.over = null;
    state.toMove = people() || entry.by === 'you' ? entry.by : state.first;
    remember(false);
    refresh();
  }

  /** The move undone last made again. */
  function forward() {
    const entry = state.future.pop();
    if (!entry) return;
    state.history.push(entry);
    state.spec = entry.to;
    state.toMove = other(entry.by);
    remember(false);
    refresh();
  }

  /** The winning move in the status line and on the picture; the analysis stays as it is. */
  /** The library's advice for this position in the status line, its move marked on the picture and in the list; the analysis stays as it is. */
  async function hint() {
    fail('');
    const analysed = state.report?.computer;
    if (!analysed && state.busy) {
      say('Hint: the position is still being looked at.');
      return;
    }
    let advice = analysed;
    if (!advice) {
      // No analysis in reach: the move the computer would play, found in a short look.
      const spec = state.spec;
      try {
        advice = await api('computer', fields({ turn: 'person' }));
      } catch (e) {
        say(`Hint: none here: ${e.message}`);
        return;
      }
      if (spec !== state.spec) return;
    }
    say(`Hint: ${advice.hint}`);
    const m = state.report?.value.winning_moves[0] ?? advice.move;
    if (!m || advice.terminal) return;
    for (const li of moveList.querySelectorAll('li')) li.classList.toggle('winning', li.dataset.position === m.position);
    // The picture marks the shapes of the hinted move.
    state.hint = { at: state.spec, to: m.position };
    drawBoard();
  }

  /**
   * The player proposes the position `move` leaves (a whole position, or the text
   * typed), checked by the library; or, `picked` from the picture's moves, the
   * position a move of the library's own leaves in `words`, played as it is.
   */
  async function propose(move, words = null, picked = false) {
    if (state.busy) return;
    if (state.over) { fail('The game is over: start a new game, or undo.'); return; }
    if (!people() && state.toMove !== 'you') return;
    fail('');
    busy(true);
    try {
      const checked = picked ? { position: move, description: words } : await api('check', { ...fields(), move });
      state.history.push({ from: state.spec, to: checked.position, by: state.toMove, description: checked.description });
      state.spec = checked.position;
      state.toMove = other(state.toMove);
      state.future = [];
      typed.value = '';
      sel.reset();
      remember(true);
      await refresh();
    } catch (e) {
      busy(false);
      sel.reset();
      const quoted = `'${move}' is not a legal move: `;
      fail(words && e.message.startsWith(quoted) ? sentence(`${words} is not a legal move: ${e.message.slice(quoted.length)}`) : e.message);
      drawBoard();
    }
  }

  /**
   * The scale a part's picture starts at: as board.js fits it, or for a picture
   * too large to list its moves, the width of the board (its zoom goes further).
   */
  const startingScale = (part) => (part.moves_on_request
    ? Math.min(1, (board.clientWidth - 16) / part.width)
    : fittingScale(part));

  /** Each part's picture, as the library drew it with its moves (/api/drawing). */
  function drawBoard() {
    const drawn = state.drawn;
    const figures = state.components.map((component, index) => {
      const part = drawn.parts[index];
      const ctx = {
        select: sel,
        index,
        play: (to, words) => propose(to, words, true),
        say: (t) => fail(t),
        hinted: state.hint?.at === state.spec ? state.hint.to : null,
        scale: part?.svg ? (state.scales[index] ??= startingScale(part)) : null,
        marking: (marks) => api('marking', { ...fields(), part: index, marks: marks.join(' ') }),
        leading: (to) => api('marking', { ...fields(), move: to }).then((r) => (r.part === index ? r.exact[0] ?? null : null)),
      };
      const none = sentence(part?.refused ?? 'No picture for this position');
      // A picture too large for the screen is shown whole, with zoom.
      const zoom = (by) => {
        state.scales[index] = Math.min(2, Math.max(Math.min(startingScale(part), state.scales[index]), state.scales[index] * by));
        drawBoard();
      };
      // Zoom where the picture is too large to list its moves, or kept at another
      // scale than its own (the scale of a larger picture earlier in the game).
      const zoomable = part?.svg && (part.moves_on_request || ctx.scale !== fittingScale(part));
      return h('figure', { class: `part${zoomable ? ' zoomable' : ''}` }, [
        zoomable ? h('div', { class: 'zoom' }, [
          h('button', { class: 'zoom-in', 'aria-label': 'Zoom in', onclick: () => zoom(2), text: '+' }),
          h('button', { class: 'zoom-out', 'aria-label': 'Zoom out', onclick: () => zoom(0.5), text: '−' }),
        ]) : null,
        part?.svg ? drawnPart(part, ctx) : h('p', { class: 'no-picture', text: `${none.replace(/\.$/, '')}: choose from the list of moves, or type your move.` }),
        h('figcaption', { text: part?.label ?? `${component.game} ${component.position}` }),
      ]);
    });
    // Focus stays on the board when the picture is drawn again (after a move made
    // from the keyboard): on the element at the same place, or the board itself.
    const items = [...board.querySelectorAll('.hit')];
    const focused = items.indexOf(document.activeElement);
    const hadFocus = board.contains(document.activeElement);
    board.replaceChildren(...figures);
    lock();
    sel.onclear = () => drawBoard();
    const kept = rove(board, Math.max(0, focused));
    if (hadFocus) (kept ?? board).focus();
  }

  function showPlayed() {
    played.replaceChildren(...state.history.map((m) => h('li', {}, [
      h('strong', { text: sideName(m.by) }), `: ${m.description} → `, h('a', { href: gameUrl({ spec: m.to, opponent: 'nobody' }), title: `analyse ${m.to} freely` }, m.words ?? m.to),
    ])));
  }

  /** The winning moves listed, and why they are not all there where a search was not made. */
  function winningMoves(v) {
    const listed = v.winning_moves.map((m) => h('li', {}, [m.description, ' → ', h('code', { text: m.position })]));
    const why = v.winning_moves_not_computed;
    return [
      listed.length ? h('ul', { class: 'winning-moves' }, listed) : null,
      why ? h('p', { text: `${listed.length ? 'Not all computed' : 'Not computed'}: ${why}.` }) : null,
      !listed.length && !why ? h('p', { text: 'None: every move leaves a position where the opponent wins (or draws).' }) : null,
    ].filter(Boolean);
  }

  function showAnalysisOf({ value: v, explain: ex }, over) {
    const who = over ? ' (no move is left)' : ` (${people() ? sideName(state.toMove) : state.toMove === 'you' ? 'you are' : 'the computer is'}${people() ? ' is' : ''} to move)`;
    analysisBox.replaceChildren(
      h('p', { class: `outcome outcome-${v.outcome}` }, [h('strong', { text: `${v.outcome}-position: ${v.who_wins}` }), who]),
      h('p', {}, [`Nimber: `, h('strong', { id: 'nimber', text: v.nimber_text }), ` (${v.play === 'misere' ? 'misère' : 'normal'} play)`]),
      h('h3', { text: 'Winning moves' }),
      ...winningMoves(v),
      h('h3', { text: 'Why' }),
      explanation(ex.sections),
    );
  }

  function showMoves(list) {
    moveCount.textContent = `(${list.moves.length})`;
    const shown = list.moves.slice(0, 300);
    // What each move leaves (its outcome and nimber) is the analysis's: shown with it.
    moveList.replaceChildren(...shown.map((m) => h('li', { 'data-position': m.position }, [
      h('button', { class: 'link', onclick: () => propose(m.position), text: m.description }),
      ' → ', h('a', { href: gameUrl({ spec: m.position, opponent: 'nobody', misere: state.misere, graph: state.graph }), title: 'analyse this position freely' }, h('code', { text: m.position })),
      h('span', { class: 'move-value', text: ` ${m.outcome}${m.nimber === null ? '' : `, nimber ${m.nimber}`}` }),
    ])));
    if (list.moves.length > shown.length) moveList.append(h('li', { text: `… and ${list.moves.length - shown.length} more: type your move.` }));
  }

  /** No analysis within the playground's limits: the sentence why, in its place. */
  function showOutOfReach(why) {
    analysisBox.replaceChildren(h('p', { class: 'out-of-reach', text: `The analysis of this position is out of reach here. ${why}` }));
    moveCount.textContent = '';
    moveList.replaceChildren(h('li', { text: 'The list of moves comes with the analysis, out of reach here: click the picture, or type your move.' }));
  }

  /**
   * Shows the position: its picture at once (read without a search), then its
   * analysis (/api/position, one request); the computer moves when it is its turn.
   */
  let refreshing = 0;
  async function refresh(note = null) {
    // A later refresh (a new game, an undo) makes the answers of this one stale.
    const mine = ++refreshing;
    const stale = () => mine !== refreshing;
    fail('');
    busy(true);
    state.report = null;
    const before = note ? `${note} ` : '';
    document.getElementById('position').textContent = state.spec;
    showPlayed();
    // The computer's move is asked for at once, beside the picture (each answer
    // on its own; a long search of the computer's never holds the picture back).
    const computing = !people() && state.toMove === 'computer'
      ? api('computer', fields({ turn: 'computer' })).then((answer) => ({ answer }), (e) => ({ error: e }))
      : null;
    let parts;
    try {
      const history = state.history.map((m) => m.from).join('\n');
      parts = await api('drawing', { ...fields(), history: history || undefined });
    } catch (e) {
      if (stale()) return;
      busy(false);
      if (!state.components) {
        // Nothing to play: no board, no buttons, the way on instead.
        cannotOpen(state.spec, e.message);
        return;
      }
      fail(e.message);
      say('');
      board.replaceChildren();
      analysisBox.replaceChildren();
      return;
    }
    if (stale()) return;
    const first = !state.components;
    state.components = parts.components;
    state.drawn = parts;
    const words = parts.parts.map((part, i) => part.label ?? `${parts.components[i].game} ${parts.components[i].position}`).join(' + ');
    document.getElementById('position-words').textContent = words;
    // The moves so far name the positions they left in the same words.
    const last = state.history[state.history.length - 1];
    if (last && last.to === parts.position && !last.words) { last.words = words; showPlayed(); }
    if (first) showRules();
    if (parts.position !== state.spec) {
      // The engine writes positions in one normal form: keep that one.
      if (state.spec === state.start) state.start = parts.position;
      state.spec = parts.position;
      remember(false);
      document.getElementById('position').textContent = state.spec;
    }
    say(`${before}${people() || state.toMove === 'you' ? 'Looking at the position…' : 'The computer is thinking…'}`);
    showControls();
    await drawBoard();
    if (stale()) return;
    if (computing) {
      // The computer moves at once, from the cheapest proof (a theorem, a table, a
      // search within its time), or the best move a short look finds, said to be
      // unproved; the analysis waits for the person's turn.
      const { answer: t, error } = await computing;
      if (stale()) return;
      if (error) {
        showOutOfReach(error.message);
        say(`${before}The computer cannot move here: ${error.message} Undo, or start a new game.`);
        busy(false);
        return;
      }
      if (!t.terminal) {
        await computerPlays(t, stale);
        return;
      }
    }
    let report;
    try {
      report = await api('position', fields({ turn: people() || state.toMove === 'you' ? 'person' : 'computer' }));
    } catch (e) {
      if (stale()) return;
      // Past the budget or the time limit: the picture stays, and moves are still checked.
      showOutOfReach(e.message);
      say(`${before}${yourMove()}: click the picture (the analysis is out of reach here, but every move is checked).`);
      busy(false);
      return;
    }
    if (stale()) return;
    state.report = report;
    const t = report.computer;
    showAnalysisOf(report, t.terminal);
    if (report.moves) showMoves(report.moves);
    else {
      moveCount.textContent = '';
      moveList.replaceChildren(h('li', { text: `${sentence(`not valued here: ${report.moves_not_computed}`)} Click the picture, or type your move.` }));
    }
    if (t.terminal) {
      // Who won, and the sentence, are the library's (the game_over of the computer's report).
      const victor = t.game_over.victor === 'person' ? state.toMove : other(state.toMove);
      state.over = people()
        ? `${sideName(victor)} wins: ${sideName(state.toMove)} has no move left${state.misere ? ', and in misère play the last move loses' : ''}.`
        : t.game_over.text;
      say(`${before}Game over. ${state.over}`);
      main.querySelector('.game').dataset.over = people() ? 'people' : t.game_over.victor;
      showControls();
      lock();
      busy(false);
      return;
    }
    delete main.querySelector('.game').dataset.over;
    say(note ? `${note} ${yourMove()}.` : `${yourMove()}: click the picture.`);
    busy(false);
  }

  /** Whose move it is, in the words of the mode. */
  function yourMove() {
    if (state.opponent === 'nobody') return `Free analysis, ${sideName(state.toMove)} to move`;
    return people() ? `${sideName(state.toMove)}'s move` : 'Your move';
  }

  /** The computer plays the move of its report `t` (/api/computer or /api/position). */
  async function computerPlays(t, stale) {
    await new Promise((r) => setTimeout(r, COMPUTER_PAUSE_MS));
    if (stale()) return;
    const m = t.move;
    state.history.push({ from: state.spec, to: m.position, by: 'computer', description: m.description });
    state.spec = m.position;
    state.toMove = 'you';
    remember(false);
    const unproved = t.unproved ? ` (played without a proof that it wins: ${t.unproved})` : '';
    await refresh(`The computer: ${m.description}${unproved}.`);
  }

  window.onpopstate = () => route();
  remember(false);
  await refresh();
}

/**
 * The page of a position that cannot be opened (an unknown game, a bad position):
 * the engine's sentence and the ways on, with the text in the box to correct.
 */
function cannotOpen(spec, why) {
  setTitle('Not a position');
  main.replaceChildren(
    h('h1', { text: 'This position cannot be opened' }),
    h('p', { class: 'error', role: 'alert', text: why }),
    h('p', {}, [
      'Correct it in the box at the top of the page, or pick a game from ',
      h('a', { href: PAGES.home }, 'the list of every game'), ', such as ',
      h('a', { href: gameUrl({ spec: 'nim 3,4,5' }) }, 'nim 3,4,5'), ' or ',
      h('a', { href: gameUrl({ spec: 'kayles 10' }) }, 'kayles 10'), '.',
    ]),
  );
  const input = document.getElementById('spec-input');
  input.value = spec;
  input.focus();
  input.select();
}

/**
 * The explanation, drawn from the library's steps (`sections`, docs/json.md): prose
 * that wraps, tables of parts and lists of moves, the verdict in bold, and the
 * binary columns (the library's lines, which line up) in a block that scrolls
 * sideways where it is wider than the screen.
 */
function explanation(sections) {
  const prose = (text) => h('p', { class: 'prose', text });
  const list = (items) => h('ul', { class: 'prose' }, items.map((item) => h('li', {}, item)));
  const step = (s) => {
    switch (s.kind) {
      case 'prose': return [prose(s.text)];
      case 'verdict': return [h('p', { class: 'prose verdict' }, [h('strong', { text: s.text })])];
      case 'theorem': return [prose(`${s.part}:`), list(s.lines)];
      case 'table': return [prose(s.heading), list(s.rows.map((r) => [
        h('code', { text: r.part }), `: ${r.text}`,
        ...(r.steps.length ? [list(r.steps)] : []),
      ]))];
      case 'columns': return [prose(s.heading), h('pre', { class: 'columns', tabindex: '0', text: s.lines.join('\n') })];
      case 'moves': return [prose(s.heading), list(s.moves.map((m) => [`${m.description}: `, h('code', { text: m.position })]))];
      default: return [];
    }
  };
  return h('div', { class: 'explanation' }, sections.map((section) => h('div', { class: 'step' }, section.flatMap(step))));
}

/**
 * Makes the clickable elements of `board` one Tab stop (a roving tabindex): the one
 * at `index` (or the first) takes Tab, arrow keys move between them by where they
 * are drawn, Home and End go to the first and last. Returns the element with the stop.
 */
function rove(board, index) {
  const items = [...board.querySelectorAll('.hit')];
  items.forEach((e) => e.setAttribute('tabindex', '-1'));
  const stop = items[Math.min(index, items.length - 1)] ?? null;
  stop?.setAttribute('tabindex', '0');
  return stop;
}

/** The element nearest to `from` in the direction of an arrow key, or null. */
function nearest(items, from, key) {
  const centre = (e) => { const r = e.getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]; };
  const [x0, y0] = centre(from);
  const [ax, ay] = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] }[key];
  let best = null, bestScore = Infinity;
  for (const e of items) {
    if (e === from) continue;
    const [x, y] = centre(e);
    const along = (x - x0) * ax + (y - y0) * ay;
    if (along <= 0.5) continue;
    const across = Math.abs((x - x0) * ay) + Math.abs((y - y0) * ax);
    const score = along + 2 * across;
    if (score < bestScore) { best = e; bestScore = score; }
  }
  return best;
}

/** Arrow keys, Home and End move the focus between the board's clickable elements. */
function onBoardKey(ev) {
  const board = ev.currentTarget;
  const items = [...board.querySelectorAll('.hit')];
  const from = ev.target;
  if (!items.includes(from)) return;
  let to = null;
  if (ev.key === 'Home') to = items[0];
  else if (ev.key === 'End') to = items[items.length - 1];
  else if (ev.key.startsWith('Arrow')) to = nearest(items, from, ev.key);
  else return;
  ev.preventDefault();
  if (!to) return;
  rove(board, items.indexOf(to));
  to.focus();
}

// ---------------------------------------------------------------- the sequence page

/** The largest heap the sequence page shows (the grundy command goes further). */
const SEQUENCE_MOST = 5000;

async function sequence(params) {
  const gameName = params.get('game') || 'kayles';
  const asked = Number(params.get('to')) || 100;
  const to = Math.max(1, Math.min(asked, SEQUENCE_MOST));
  const misere = ['1', 'true'].includes(params.get('misere'));
  setTitle(`${gameName} sequence`);
  const form = h('form', { class: 'sequence-form', onsubmit: (e) => {
    e.preventDefault();
    const d = new FormData(e.target);
    const q = new URLSearchParams({ game: d.get('game'), to: d.get('to') });
    if (d.get('misere')) q.set('misere', '1');
    window.history.pushState({}, '', `${PAGES.sequence}?${q}`);
    route();
  } }, [
    h('label', {}, ['Heap game ', h('input', { name: 'game', value: gameName, required: true, spellcheck: 'false' })]),
    h('label', {}, ['up to heap ', h('input', { name: 'to', type: 'number', min: 1, max: SEQUENCE_MOST, value: to })]),
    h('label', {}, [h('input', { type: 'checkbox', name: 'misere', checked: misere }), ' misère']),
    h('button', { text: 'Show' }),
  ]);
  const out = h('div', { class: 'sequence' }, h('p', { text: 'Computing…' }));
  main.replaceChildren(
    h('h1', {}, ['The sequence of ', h('code', { text: gameName })]),
    h('p', { class: 'lead', text: 'g(n), the nimber of one heap of n, as a plot and a table, and how often each value occurs; rare values are red, and the period, where one is found, is shaded.' }),
    form, out,
  );
  // A game of the registry that is not a heap game (Chomp) has no sequence: say so.
  const family = (await families().catch(() => [])).find((f) => f.name === gameName.split(':')[0]);
  if (family && !family.heap_game) {
    out.replaceChildren(h('p', { class: 'error', role: 'alert' }, [
      `${familyTitle(family)} is not a heap game: it has no sequence g(n) to show here. `,
      family.start ? h('a', { href: gameUrl({ spec: family.start, graph: family.graph }) }, `Play ${family.start}`) : '',
      family.start ? ' on the game page instead.' : '',
    ]));
    return;
  }
  const fieldsOf = { game: gameName, to, misere: misere ? 'true' : undefined };
  const [table, period, stats, plot, histogram] = await Promise.allSettled([
    api('table', fieldsOf),
    misere ? Promise.resolve(null) : api('period', { game: gameName }),
    misere ? Promise.resolve(null) : api('table', { ...fieldsOf, stats: 'true' }),
    api('draw', fieldsOf),
    misere ? Promise.resolve(null) : api('draw', { ...fieldsOf, histogram: 'true' }),
  ]);
  if (table.status === 'rejected') {
    out.replaceChildren(h('p', { class: 'error', role: 'alert', text: table.reason.message }));
    return;
  }
  const t = table.value;
  const p = period.status === 'fulfilled' ? period.value : null;
  const pList = t.outcomes.map((o, n) => (o === 'P' ? n : null)).filter((n) => n !== null);
  const words = [];
  if (p && p.period) {
    words.push(`Period ${p.period} from heap ${p.preperiod} (preperiod ${p.preperiod})${p.saltus ? `, saltus ${p.saltus}` : ''}: `
      + (p.proved ? `proved by the periodicity theorem from the values up to heap ${p.checked_to}.` : `seen up to heap ${p.checked_to}, not proved.`));
  } else if (p) words.push(`No period found up to heap ${p.checked_to ?? '…'}.`);
  else if (period.status === 'rejected' && !misere) words.push(`No period is looked for: ${period.reason.message}`);
  out.replaceChildren(
    asked > SEQUENCE_MOST ? h('p', { class: 'note', id: 'capped', text: `This page shows heaps up to ${SEQUENCE_MOST.toLocaleString('en')}, not ${asked.toLocaleString('en')}: the grundy command goes further (grundy table ${gameName} --to ${asked}).` }) : '',
    h('p', { class: 'period', id: 'period', text: words.join(' ') }),
    plot.status === 'fulfilled'
      ? h('div', { class: 'plots' }, [plot.value, histogram.value].filter(Boolean).map(svgElement))
      : h('p', { class: 'error', role: 'alert', text: plot.reason.message }),
    // What a game with cycles has not (nimbers to count): said, in the library's words.
    ...[['No histogram', histogram], ['No statistics', stats]].filter(([, r]) => r.status === 'rejected')
      .map(([what, r]) => h('p', { class: 'muted not-shown', text: `${what}: ${r.reason.message}` })),
    t.outcomes.includes('D') ? h('p', { class: 'note', id: 'draws', text: 'D marks a draw: from that heap neither player can force a win, and with perfect play the game goes on forever (the game has cycles, so its values are outcomes, not nimbers).' }) : '',
    h('p', {}, [`P-positions (${pList.length}): `, h('span', { class: 'p-list', text: pList.slice(0, 200).join(', ') + (pList.length > 200 ? ', …' : '') })]),
    valueTable(t, p, gameName),
    stats.status === 'fulfilled' && stats.value ? statistics(stats.value) : '',
  );
}

/** The statistics of the values shown, as `grundy table --stats` counts them. */
function statistics(st) {
  const row = (label, value) => h('tr', {}, [h('th', { text: label }), h('td', { text: String(value) })]);
  return h('section', { id: 'statistics', 'aria-label': 'Statistics' }, [
    h('h2', { text: 'Statistics' }),
    h('table', { class: 'statistics' }, [
      row('rare/common mask', `${st.mask} (binary ${st.mask.toString(2)}): ${st.rare_means}`),
      row('heaps with a rare value', st.rare),
      row('the last of them', st.last_rare ?? 'none'),
      row('largest value', st.largest),
      row('first at heap', st.largest_first),
    ]),
  ]);
}

/** g(n) in rows of ten, P-positions highlighted, the preperiod's end marked. */
function valueTable(t, p, gameName) {
  const rows = [];
  for (let start = 0; start < t.outcomes.length; start += 10) {
    const cells = [h('th', { scope: 'row', text: String(start) })];
    for (let n = start; n < Math.min(start + 10, t.outcomes.length); n++) {
      const v = t.values[n] ?? t.outcomes[n];
      const classes = [t.outcomes[n] === 'P' ? 'p' : '', p && p.period && n >= p.preperiod ? 'periodic' : ''].join(' ').trim();
      cells.push(h('td', { class: classes || null }, [h('a', { href: gameUrl({ spec: `${gameName} ${n}` }), title: `play ${gameName} ${n}`, text: String(v) })]));
    }
    rows.push(h('tr', {}, cells));
  }
  const head = h('tr', {}, [h('th', { text: 'n' }), ...Array.from({ length: 10 }, (_, k) => h('th', { scope: 'col', text: `+${k}` }))]);
  return h('table', { class: 'values' }, [h('caption', { text: 'g(n); P-positions highlighted; click a value to play that heap' }), h('thead', {}, head), h('tbody', {}, rows)]);
}

// ---------------------------------------------------------------- learn

/** Where the exercises solved in this browser are kept (nothing is sent anywhere). */
const SOLVED_KEY = 'grundy-learn-solved';

/** Where the practice exercises solved in this browser are counted, by kind. */
const PRACTICE_KEY = 'grundy-learn-practice';

/** An exercise's name among those solved. */
const solvedKey = (e) => `${e.kind}|${e.what}|${e.misere}`;

/** What this browser keeps under `key`, or `empty` where nothing (or nothing readable) is. */
function stored(key, empty) {
  try {
    return JSON.parse(localStorage.getItem(key)) ?? empty;
  } catch {
    return empty;
  }
}

/** The exercises solved in this browser, by solvedKey. */
const solvedSet = () => new Set(stored(SOLVED_KEY, []));

/** The lessons, kinds and levels of Learn (from /api/lessons), fetched once. */
let lessonsOnce = null;
const learning = () => (lessonsOnce ??= api('lessons', {}).catch((e) => { lessonsOnce = null; throw e; }));

/**
 * The Learn page: the lessons of the notes (the library's, /api/lessons), one at a
 * time (`?lesson=ID`), each with its idea, a position to play with, a worked
 * example to step through, and exercises whose answers the engine checks, each
 * mistake explained, with a ladder of hints; or practice (`?practice=KIND`).
 */
async function learn(params) {
  setTitle('Learn');
  main.replaceChildren(h('h1', { text: 'Learn' }), h('p', { text: 'Loading the lessons…' }));
  let course;
  try {
    course = await learning();
  } catch (e) {
    main.replaceChildren(h('h1', { text: 'Learn' }), h('p', { class: 'error', role: 'alert', text: e.message }));
    return;
  }
  const { lessons } = course;
  const practising = params.has('practice');
  const lesson = practising ? null : lessons.find((l) => l.id === params.get('lesson')) ?? lessons[0];
  const solved = solvedSet();
  const link = (l) => `${PAGES.learn}?${new URLSearchParams({ lesson: l.id })}`;
  const nav = h('nav', { class: 'lessons', 'aria-label': 'Lessons' }, h('ol', {}, [
    ...lessons.map((l) => {
      const done = l.exercises.filter((e) => solved.has(solvedKey(e))).length;
      return h('li', {}, [
        h('a', { href: link(l), 'aria-current': l === lesson ? 'page' : null, text: l.title }),
        h('span', { class: 'progress', text: ` ${done}/${l.exercises.length}` }),
      ]);
    }),
    h('li', { class: 'practice-link' }, h('a', { href: `${PAGES.learn}?practice=${course.kinds[0].name}`, 'aria-current': practising ? 'page' : null, text: 'Practice' })),
  ]));
  const intro = [
    h('h1', { text: 'Learn' }),
    h('p', { class: 'lead', text: 'The theory of the notes, a lesson at a time: the idea, a game to play, a worked example, and exercises that the grundy engine checks, explaining each mistake. Your progress stays in this browser.' }),
    nav,
  ];
  if (practising) {
    setTitle('Practice · Learn');
    main.replaceChildren(...intro, practice(course, params));
    return;
  }
  setTitle(`${lesson.title} · Learn`);
  main.replaceChildren(...intro, lessonArticle(lesson, solved));
  // A link to one exercise (#exercise-2) shows it, now that it is drawn.
  if (window.location.hash) document.getElementById(window.location.hash.slice(1))?.scrollIntoView();
}

/** A lesson: its idea, a position to play, its worked example, its exercises, and an answer key to print. */
function lessonArticle(lesson, solved) {
  const answerKey = h('section', { class: 'answer-key', 'aria-label': 'Answers' });
  const printButton = h('button', {
    type: 'button',
    text: 'Print with answers',
    onclick: async () => {
      printButton.disabled = true;
      try {
        await fillAnswerKey(lesson, answerKey);
        window.print();
      } finally {
        printButton.disabled = false;
      }
    },
  });
  return h('article', { class: 'lesson' }, [
    h('h2', { text: lesson.title }),
    h('p', { class: 'notes', text: `Ferguson, Game Theory, Part I: ${lesson.notes}.` }),
    ...lesson.idea.map((t) => h('p', { text: t })),
    h('p', {}, ['Play it: ', h('a', { href: gameUrl({ spec: lesson.play }), text: lesson.play }), ', against the computer, with Hint and the analysis at hand.']),
    lesson.worked ? workedExample(lesson.worked) : null,
    h('h3', { text: 'Exercises' }),
    h('ol', { class: 'exercises' }, lesson.exercises.map((e, i) => exerciseItem(e, `exercise-${i + 1}`, { done: solved.has(solvedKey(e)) }))),
    answerKey,
    h('aside', { class: 'teachers' }, [
      h('h3', { text: 'For teachers' }),
      h('p', {}, [
        'This page\'s address opens this lesson; add ', h('code', { text: '#exercise-2' }), ' for one exercise. ',
        'Practice links such as ', h('code', { text: 'learn?practice=nimber&level=2&seed=7' }), ' open one generated exercise, the same for everyone. ',
        'Every exercise is checked by the command line too, a whole class at once: ',
        h('code', { text: `grundy exercise ${lesson.exercises[0].kind} '${lesson.exercises[0].what}' --answers answers.txt` }), '.',
      ]),
      printButton,
    ]),
  ]);
}

/** The answer key of a lesson, printed after its exercises: each exercise's answer, from the engine. */
async function fillAnswerKey(lesson, key) {
  if (key.childElementCount) return;
  const answers = await Promise.all(lesson.exercises.map((e) => api('exercise', { kind: e.kind, what: e.what, misere: e.misere ? '1' : '', hints: '1' })));
  key.replaceChildren(
    h('h3', { text: 'Answers' }),
    h('ol', {}, answers.map((a) => h('li', {}, [h('p', { text: a.question }), h('pre', { class: 'hint-text', text: a.hints.answer })]))),
  );
}

/** A worked example: its steps shown one at a time (or all), for a position the student may change. */
function workedExample(example) {
  const what = h('input', { id: 'worked-what', class: 'answer', value: example.what, autocomplete: 'off', spellcheck: 'false' });
  const steps = h('ol', { class: 'steps', 'aria-live': 'polite' });
  const picture = h('div', { class: 'worked-picture' });
  const counter = h('span', { class: 'counter' });
  let worked = null;
  let shown = 0;
  const show = () => {
    steps.replaceChildren(...worked.steps.slice(0, shown).map((s, i) => h('li', { class: i === shown - 1 ? 'step current' : 'step' }, [
      h('p', { text: s.say }),
      s.lines && i === shown - 1 ? h('pre', { class: 'hint-text', text: s.lines.join('\n') }) : null,
    ])));
    // The picture of the latest step shown that has one.
    const drawn = worked.steps.slice(0, shown).findLast((s) => s.picture);
    picture.replaceChildren(...(drawn ? [svgElement(drawn.picture)] : []));
    counter.textContent = `Step ${shown} of ${worked.steps.length}`;
    next.disabled = shown >= worked.steps.length;
    back.disabled = shown <= 1;
    all.disabled = shown >= worked.steps.length;
  };
  const work = async (e) => {
    e?.preventDefault();
    try {
      worked = await api('worked', { kind: example.kind, what: what.value });
    } catch (err) {
      steps.replaceChildren(h('li', { class: 'error', role: 'alert', text: err.message }));
      return;
    }
    shown = 1;
    show();
  };
  const next = h('button', { type: 'button', class: 'primary', text: 'Next step', onclick: () => { shown += 1; show(); } });
  const back = h('button', { type: 'button', text: 'Back', onclick: () => { shown -= 1; show(); } });
  const all = h('button', { type: 'button', text: 'All steps', onclick: () => { shown = worked.steps.length; show(); } });
  work();
  return h('section', { class: 'worked' }, [
    h('h3', { text: 'Worked example' }),
    h('form', { class: 'answer-form', onsubmit: work }, [
      h('label', { for: 'worked-what', text: 'Work through ' }), what, h('button', { text: 'Work it' }),
    ]),
    picture,
    steps,
    h('p', { class: 'step-buttons' }, [back, next, all, ' ', counter]),
  ]);
}

/**
 * Practice: endless exercises of a kind at a level, generated by the engine
 * (/api/practice), timed or not; the count solved of each kind kept in this browser.
 */
function practice(course, params) {
  const kind = course.kinds.find((k) => k.name === params.get('practice')) ?? course.kinds[0];
  const level = course.levels.find((l) => String(l.level) === params.get('level')) ?? course.levels[0];
  const seedGiven = params.get('seed');
  const counts = stored(PRACTICE_KEY, {});
  const select = (id, label, options, chosen) => [
    h('label', { for: id, text: label }),
    h('select', { id }, options.map(([value, text]) => h('option', { value, selected: value === chosen, text }))),
  ];
  const form = h('form', { class: 'practice-form' }, [
    ...select('practice-kind', 'Kind ', course.kinds.map((k) => [k.name, k.name]), kind.name),
    ...select('practice-level', ' Level ', course.levels.map((l) => [String(l.level), `${l.level}, ${l.about}`]), String(level.level)),
    h('label', {}, [h('input', { type: 'checkbox', id: 'practice-timed', checked: params.get('timed') === '1' }), ' timed']),
    h('button', { class: 'primary', text: 'New exercise' }),
  ]);
  const slot = h('div', { class: 'practice-slot' });
  const tally = h('p', { class: 'progress', role: 'status' });
  const showTally = (k) => { tally.textContent = `Solved in practice in this browser: ${stored(PRACTICE_KEY, {})[k] ?? 0} of kind ${k}.`; };
  let timer = null;
  const ask = async (seed) => {
    const chosen = { kind: form.querySelector('#practice-kind').value, level: form.querySelector('#practice-level').value };
    const timed = form.querySelector('#practice-timed').checked;
    window.history.replaceState({}, '', `${PAGES.learn}?${new URLSearchParams({ practice: chosen.kind, level: chosen.level, seed, ...(timed ? { timed: '1' } : {}) })}`);
    showTally(chosen.kind);
    clearInterval(timer);
    slot.replaceChildren(h('p', { text: 'Choosing an exercise…' }));
    let exercise;
    try {
      exercise = await api('practice', { ...chosen, seed });
    } catch (e) {
      slot.replaceChildren(h('p', { class: 'error', role: 'alert', text: e.message }));
      return;
    }
    const clock = h('p', { class: 'clock', 'aria-live': 'off' });
    const started = Date.now();
    if (timed) {
      const tick = () => { clock.textContent = `Time: ${Math.floor((Date.now() - started) / 1000)} s`; };
      tick();
      timer = setInterval(tick, 1000);
    }
    const onSolved = () => {
      clearInterval(timer);
      if (timed) clock.textContent = `Solved in ${Math.round((Date.now() - started) / 1000)} s.`;
      const now = stored(PRACTICE_KEY, {});
      now[exercise.kind] = (now[exercise.kind] ?? 0) + 1;
      localStorage.setItem(PRACTICE_KEY, JSON.stringify(now));
      showTally(exercise.kind);
    };
    slot.replaceChildren(timed ? clock : '', h('ol', { class: 'exercises' }, exerciseItem(exercise, 'practice-exercise', { onSolved })));
    slot.querySelector('input.answer')?.focus();
  };
  const newSeed = () => String(Math.floor(Math.random() * 2 ** 32));
  form.addEventListener('submit', (e) => { e.preventDefault(); ask(newSeed()); });
  ask(seedGiven ?? newSeed());
  return h('article', { class: 'lesson practice' }, [
    h('h2', { text: 'Practice' }),
    h('p', { text: 'Exercises generated by the engine, as many as you like: choose a kind and a level. Each answer is checked and each mistake explained, as in the lessons. The address names the exercise, to share it.' }),
    form,
    tally,
    slot,
  ]);
}

/**
 * One exercise: its question, an answer to type or click and check, and hints
 * one step at a time. `done`: solved in this browser before; `onSolved`: called
 * when it is answered rightly.
 */
function exerciseItem(exercise, id, { done = false, onSolved = null } = {}) {
  const key = solvedKey(exercise);
  const fields = { kind: exercise.kind, what: exercise.what, misere: exercise.misere ? '1' : '' };
  const input = h('input', { id: `${id}-answer`, class: 'answer', autocomplete: 'off', spellcheck: 'false', placeholder: placeholderOf(exercise.kind) });
  const verdict = h('div', { class: 'verdict', role: 'status', 'aria-live': 'polite' });
  const hints = h('ol', { class: 'hints' });
  let shown = 0;
  const check = async (e) => {
    e?.preventDefault();
    verdict.replaceChildren(h('p', { text: 'Checking…' }));
    try {
      const report = await api('exercise', { ...fields, answer: input.value });
      if (report.correct) {
        const solved = solvedSet();
        solved.add(key);
        localStorage.setItem(SOLVED_KEY, JSON.stringify([...solved]));
        item.classList.add('solved');
        verdict.replaceChildren(h('p', { class: 'right', text: 'Right.' }));
        onSolved?.();
      } else {
        verdict.replaceChildren(h('p', { class: 'wrong', text: 'Not right:' }), h('ul', {}, report.mistakes.map((m) => h('li', { text: sentence(m) }))));
      }
    } catch (err) {
      verdict.replaceChildren(h('p', { class: 'error', role: 'alert', text: err.message }));
    }
  };
  // The hints are asked for once, and shown one at a time.
  let asked = null;
  const hint = async () => {
    asked ??= api('exercise', { ...fields, hints: '1' });
    const { hints: said } = await asked;
    const ladder = [['A nudge', said.nudge], ['The method', said.method], ['The answer', said.answer]];
    if (shown >= ladder.length) return;
    const [title, text] = ladder[shown++];
    // Answers in several lines (binary columns, a graph's steps) keep their lines.
    hints.append(h('li', {}, [h('strong', { text: `${title}: ` }), h(text.includes('\n') ? 'pre' : 'span', { class: 'hint-text', text })]));
    if (shown === ladder.length) hintButton.disabled = true;
  };
  const hintButton = h('button', { type: 'button', class: 'hint', onclick: hint, text: 'Hint' });
  const item = h('li', { id, class: done ? 'exercise solved' : 'exercise' }, [
    h('p', { class: 'question' }, [h('label', { for: `${id}-answer`, text: exercise.question })]),
    exercise.picture ? h('div', { class: 'exercise-picture' }, svgElement(exercise.picture)) : null,
    choicesOf(exercise, input, check),
    h('form', { class: 'answer-form', onsubmit: check }, [input, h('button', { class: 'primary', text: 'Check' }), hintButton]),
    verdict,
    hints,
  ]);
  return item;
}

/**
 * The answers to click, where the library offers a few: one that answers at once
 * (who wins), or several toggled into the typed answer (a labelling's P-positions,
 * the winning moves among a position's moves).
 */
function choicesOf(exercise, input, check) {
  const choices = exercise.choices;
  if (!choices) return null;
  if (!choices.several) {
    return h('p', { class: 'choices', role: 'group', 'aria-label': choices.prompt }, choices.options.map((c) => h('button', {
      type: 'button',
      class: 'choice',
      text: c.label,
      onclick: () => { input.value = c.answer; check(); },
    })));
  }
  const separator = choices.separator.trim();
  const picked = () => new Set(input.value.split(separator).map((a) => a.trim()).filter(Boolean));
  const buttons = choices.options.map((c) => h('button', {
    type: 'button',
    class: c.label === c.answer ? 'choice short' : 'choice',
    'aria-pressed': 'false',
    title: c.answer,
    text: c.label,
    onclick: (e) => {
      const set = picked();
      if (set.has(c.answer)) set.delete(c.answer); else set.add(c.answer);
      input.value = choices.options.filter((x) => set.has(x.answer)).map((x) => x.answer).join(choices.separator);
      e.currentTarget.setAttribute('aria-pressed', String(set.has(c.answer)));
    },
  }));
  input.addEventListener('input', () => {
    const set = picked();
    choices.options.forEach((c, i) => buttons[i].setAttribute('aria-pressed', String(set.has(c.answer))));
  });
  const group = h('div', { class: 'choices', role: 'group', 'aria-label': choices.prompt }, buttons);
  // A long list of moves waits behind its prompt, so that the question stays short.
  const long = buttons.length > 12 && !buttons[0].classList.contains('short');
  return long ? h('details', { class: 'choices-more' }, [h('summary', { text: `${choices.prompt} (${buttons.length} moves)` }), group]) : group;
}

/** What an answer of `kind` looks like, as the input's placeholder. */
function placeholderOf(kind) {
  return {
    'p-positions': 'the P-positions, e.g. 0, 4, 8',
    period: 'the period, a number',
    'nim-sum': 'a number',
    xor: 'x, a number',
    'winning-moves': 'the positions they leave, separated by ; (or none)',
    winner: 'first or second',
    nimber: 'a number',
    'graph-values': 'each vertex\'s value, e.g. a=1, b=0',
  }[kind] ?? '';
}

// ---------------------------------------------------------------- routing

function route() {
  const url = new URL(window.location.href);
  window.onpopstate = () => route();
  const input = document.getElementById('spec-input');
  const page = pageOf(url);
  if (page === 'game') {
    input.value = url.searchParams.get('spec') || '';
    return game(url.searchParams);
  }
  if (page === 'sequence') return sequence(url.searchParams);
  if (page === 'learn') return learn(url.searchParams);
  return home();
}

document.getElementById('spec-form').addEventListener('submit', (e) => {
  e.preventDefault();
  const spec = document.getElementById('spec-input').value.trim();
  if (!spec) return;
  window.history.pushState({}, '', gameUrl({ spec }));
  route();
});

// Links inside the app change the page without reloading it (on a server: files
// opened from disk load their pages afresh).
document.addEventListener('click', (e) => {
  const a = e.target.closest('a');
  if (!a || engine || e.ctrlKey || e.metaKey || e.shiftKey || a.target) return;
  if (!pageOf(new URL(a.href))) return;
  e.preventDefault();
  window.history.pushState({}, '', a.href);
  route();
  window.scrollTo(0, 0);
});

// The header's links, and what answers, for this site.
for (const a of document.querySelectorAll('a[data-page]')) a.href = PAGES[a.dataset.page];
if (engine) document.getElementById('answered-by').textContent = 'Answered in this page by the grundy engine compiled to WebAssembly: no server is asked.';

route();
