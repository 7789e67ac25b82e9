// The playground's pages: the home page (every family), the game page (a position
// drawn, its analysis, and a game against the computer) and the sequence page (g(n)
// of a heap game, plotted). Everything is computed by the engine's API: the
// server's (grundy serve), or on the static site the engine compiled to WebAssembly
// in the page (engine.js, which defines grundyEngine). The URL holds what is shown,
// so that a page can be shared and reloaded.
//
// A classic script after games.js, whose names it uses: the pages then open from
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
  ? { home: 'index.html', game: 'game.html', sequence: 'sequence.html' }
  : { home: '/', game: '/game', sequence: '/sequence' };

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

/**
 * A position written from its components (as the server lists them: game and
 * position each), with component `index` at `position` instead.
 */
const written = (components, index = -1, position = '') => components
  .map((c, k) => `${c.game} ${k === index ? position : c.position}`)
  .join(' + ');

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
  return head.length <= 28 && head !== f.about ? head.charAt(0).toUpperCase() + head.slice(1) : f.name;
}

async function home() {
  setTitle('');
  main.replaceChildren(
    h('h1', { text: 'Impartial games to see, click and play' }),
    h('p', { class: 'lead' }, [
      'Every game of the notes with a perfect opponent: pick a starting position, play against the computer by clicking the picture, ',
      'and read the analysis beside it (who wins, the nimber, every winning move and why). ',
      'Or type any position, such as ', h('a', { href: gameUrl({ spec: 'nim 13,12,8' }) }, 'nim 13,12,8'), ' or a sum like ',
      h('a', { href: gameUrl({ spec: 'nim 3 + kayles 5 + chomp 3,2' }) }, 'nim 3 + kayles 5 + chomp 3,2'), ', in the box above.',
    ]),
    h('p', { class: 'loading', text: 'Loading the games…' }),
  );
  let all;
  try {
    all = await families();
  } catch (e) {
    main.append(h('p', { class: 'error', role: 'alert', text: e.message }));
    return;
  }
  const groups = new Map();
  for (const f of all) {
    if (!groups.has(f.group)) groups.set(f.group, []);
    groups.get(f.group).push(f);
  }
  const list = h('div', { class: 'families' });
  for (const [group, members] of groups) {
    list.append(h('section', { class: 'family', 'aria-label': group }, [
      h('h2', { text: group }),
      ...members.map((f) => h('div', { class: 'member' }, [
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

// ---------------------------------------------------------------- the game page

/** The URL of a game page. */
function gameUrl({ spec, start, misere, first, graph, toMove }) {
  const q = new URLSearchParams();
  if (start && start !== spec) q.set('start', start);
  q.set('spec', spec);
  if (misere) q.set('misere', '1');
  if (first === 'computer') q.set('first', 'computer');
  if (graph) q.set('graph', graph);
  // Whose turn it is, where the position alone does not say (the computer's).
  if (toMove === 'computer') q.set('turn', 'computer');
  return `${PAGES.game}?${q}`;
}

/** A set of marked elements for moves made by several clicks, with a confirm bar. */
class Selection extends Set {
  constructor(bar) {
    super();
    this.anchor = null;
    this.bar = bar;
  }

  /** Offers the action `label` (null: none yet) for what is marked. */
  offer(label, act) {
    this.bar.replaceChildren();
    this.bar.hidden = !label;
    if (!label) return;
    this.bar.append(
      h('button', { class: 'primary', onclick: act, text: label.charAt(0).toUpperCase() + label.slice(1) }),
      h('button', { onclick: () => { this.reset(); this.onclear?.(); }, text: 'Clear the marks' }),
    );
  }

  reset() {
    this.clear();
    this.anchor = null;
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
    graph: params.get('graph') || '',
    history: history.state?.history ?? [],
    /** The position's components, as the server last listed them. */
    components: null,
    over: null,
    busy: false,
    analysis: localStorage.getItem('grundy-analysis') !== 'hidden',
  };
  // The computer moves first from the very start when asked, and wherever the URL
  // says it is its turn (a page reloaded after the person's move).
  const atStart = state.spec === state.start && state.history.length === 0;
  state.toMove = params.get('turn') === 'computer' || (atStart && state.first === 'computer') ? 'computer' : 'you';
  setTitle(state.spec);

  const status = h('p', { class: 'status', role: 'status', 'aria-live': 'polite' });
  const error = h('p', { class: 'error', role: 'alert', hidden: true });
  const bar = h('div', { class: 'confirm', hidden: true });
  const board = h('div', { class: 'board' });
  const sel = new Selection(bar);
  const moveList = h('ol', { class: 'moves' });
  const moveCount = h('span', { text: '' });
  const played = h('ol', { class: 'played' });
  const analysisBox = h('div', { class: 'analysis-body' });
  const typed = h('input', { id: 'typed-move', name: 'move', autocomplete: 'off', spellcheck: 'false', placeholder: 'e.g. the position you leave' });
  const graphBox = h('textarea', { id: 'graph-text', rows: 6, spellcheck: 'false', 'aria-label': 'The graph, one line a vertex: a -> b c' });
  graphBox.value = state.graph;

  const radio = (name, value, label, checked, onchange) => h('label', {}, [
    h('input', { type: 'radio', name, value, checked, onchange }), ` ${label}`,
  ]);

  const controls = h('div', { class: 'controls' }, [
    h('button', { id: 'hint', onclick: () => hint(), text: 'Hint' }),
    h('button', { id: 'undo', onclick: () => undo(), text: 'Undo' }),
    h('button', { id: 'new-game', onclick: () => newGame(), text: 'New game' }),
    h('fieldset', {}, [h('legend', { text: 'Who starts' }),
      radio('first', 'you', 'You', state.first === 'you', () => { state.first = 'you'; newGame(); }),
      radio('first', 'computer', 'The computer', state.first === 'computer', () => { state.first = 'computer'; newGame(); })]),
    h('fieldset', {}, [h('legend', { text: 'Rule' }),
      radio('play', 'normal', 'Normal (last move wins)', !state.misere, () => { state.misere = false; newGame(); }),
      radio('play', 'misere', 'Misère (last move loses)', state.misere, () => { state.misere = true; newGame(); })]),
  ]);
  const showAnalysis = h('input', { type: 'checkbox', id: 'show-analysis', checked: state.analysis, onchange: (e) => {
    state.analysis = e.target.checked;
    localStorage.setItem('grundy-analysis', state.analysis ? 'shown' : 'hidden');
    aside.classList.toggle('hidden-analysis', !state.analysis);
  } });
  const aside = h('aside', { class: `analysis${state.analysis ? '' : ' hidden-analysis'}`, 'aria-label': 'Analysis' }, [
    h('h2', {}, [h('label', {}, [showAnalysis, ' Analysis'])]),
    analysisBox,
  ]);

  const rules = h('div', { class: 'rules' });
  const heading = h('h1', { text: start });
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
    h('p', { class: 'position' }, ['Position: ', h('code', { id: 'position' })]),
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

  /** Saves the state in the URL and the history entry (reload keeps it, undo too). */
  function remember(push) {
    const url = gameUrl({ spec: state.spec, start: state.start, misere: state.misere, first: state.first, graph: state.graph, toMove: state.toMove });
    const saved = { history: state.history };
    if (push) window.history.pushState(saved, '', url); else window.history.replaceState(saved, '', url);
    setTitle(state.spec);
  }

  function newGame() {
    state.spec = state.start;
    state.history = [];
    state.over = null;
    state.toMove = state.first;
    remember(false);
    refresh();
  }

  function undo() {
    if (state.busy || !state.history.length) return;
    // Back to the last position where it was the player's turn.
    let entry;
    do entry = state.history.pop(); while (entry.by !== 'you' && state.history.length);
    state.spec = entry.from;
    state.over = null;
    state.toMove = entry.by === 'you' ? 'you' : state.first;
    remember(false);
    refresh();
  }

  async function hint() {
    fail('');
    try {
      const v = await api('value', fields());
      if (v.winning_moves.length) {
        const m = v.winning_moves[0];
        say(`Hint: ${m.description}, leaving ${m.position}, a P-position: whatever the opponent does next, there is an answer that wins.`);
        for (const li of moveList.querySelectorAll('li')) li.classList.toggle('winning', li.dataset.position === m.position);
        // Pictures whose elements carry their move (Chomp, Hackenbush) show it too.
        board.querySelectorAll('figure.part').forEach((figure, i) => {
          for (const e of figure.querySelectorAll('[data-move]')) {
            if (written(state.components, i, e.dataset.move) === m.position) e.classList.add('hinted');
          }
        });
      } else if (v.outcome === 'P') {
        say('Hint: every move from here leaves an N-position: against perfect play you lose whatever you do. Make the game long and hope for a mistake.');
      } else if (v.winning_moves_not_computed) {
        say(`Hint: you can win, but ${v.winning_moves_not_computed}.`);
      } else {
        say('Hint: no move wins by force here; keep the draw.');
      }
      if (!state.analysis) showAnalysis.click();
    } catch (e) { fail(e.message); }
  }

  /** The player proposes `text` for the whole position, or `partText` for part `index`. */
  async function propose(text, index = null) {
    if (state.busy) return;
    if (state.over) { fail('The game is over: start a new game, or undo.'); return; }
    if (state.toMove !== 'you') return;
    const move = index !== null && state.components.length > 1 ? written(state.components, index, text) : text;
    fail('');
    busy(true);
    try {
      const checked = await api('check', { ...fields(), move });
      state.history.push({ from: state.spec, to: checked.position, by: 'you', description: checked.description });
      state.spec = checked.position;
      state.toMove = 'computer';
      typed.value = '';
      sel.reset();
      remember(true);
      await refresh();
    } catch (e) {
      busy(false);
      sel.reset();
      fail(e.message);
      drawBoard();
    }
  }

  async function drawBoard() {
    const all = await families().catch(() => []);
    const figures = await Promise.all(state.components.map(async (component, index) => {
      const { game, position } = component;
      const drawer = drawerFor(all.find((f) => f.name === component.family));
      const ctx = {
        game,
        select: sel,
        graph: state.graph,
        play: (t) => propose(t, index),
        say: (t) => fail(t),
        redraw: () => drawBoard(),
        svg: async (spec) => {
          try { return svgElement(await api('draw', { spec })); } catch { return null; }
        },
      };
      let pic = null;
      try { pic = drawer ? await drawer(position, ctx) : null; } catch (e) { console.error(e); pic = null; }
      return h('figure', { class: 'part' }, [
        pic ?? h('p', { class: 'no-picture', text: 'No picture for this position: choose from the list of moves, or type your move.' }),
        h('figcaption', {}, [h('code', { text: `${game} ${position}` })]),
      ]);
    }));
    board.replaceChildren(...figures);
    board.classList.toggle('locked', Boolean(state.over) || state.toMove !== 'you');
    sel.onclear = () => drawBoard();
  }

  function showPlayed() {
    played.replaceChildren(...state.history.map((m) => h('li', {}, [
      h('strong', { text: m.by === 'you' ? 'You' : 'Computer' }), `: ${m.description} → `, h('code', { text: m.to }),
    ])));
  }

  function showAnalysisOf(v, ex, over) {
    const who = over ? ' (no move is left)' : state.toMove === 'you' ? ' (you are to move)' : ' (the computer is to move)';
    analysisBox.replaceChildren(
      h('p', { class: `outcome outcome-${v.outcome}` }, [h('strong', { text: `${v.outcome}-position: ${v.who_wins}` }), who]),
      h('p', {}, [`Nimber: `, h('strong', { id: 'nimber', text: v.nimber_text }), ` (${v.play === 'misere' ? 'misère' : 'normal'} play)`]),
      h('h3', { text: 'Winning moves' }),
      v.winning_moves.length
        ? h('ul', { class: 'winning-moves' }, v.winning_moves.map((m) => h('li', {}, [m.description, ' → ', h('code', { text: m.position })])))
        : h('p', { text: v.winning_moves_not_computed ? `Not computed: ${v.winning_moves_not_computed}.` : 'None: every move leaves a position where the opponent wins (or draws).' }),
      h('h3', { text: 'Why' }),
      ex ? h('pre', { class: 'explanation', text: ex.lines.join('\n') }) : h('p', { class: 'error', text: 'The explanation is not available.' }),
    );
  }

  function showMoves(list) {
    moveCount.textContent = `(${list.moves.length})`;
    const shown = list.moves.slice(0, 300);
    moveList.replaceChildren(...shown.map((m) => h('li', { 'data-position': m.position }, [
      h('button', { class: 'link', onclick: () => propose(m.position), text: m.description }),
      ' → ', h('code', { text: m.position }), ` ${m.outcome}${m.nimber === null ? '' : `, nimber ${m.nimber}`}`,
    ])));
    if (list.moves.length > shown.length) moveList.append(h('li', { text: `… and ${list.moves.length - shown.length} more: type your move.` }));
  }

  /** Shows the position, its analysis, and lets the computer move when it is its turn. */
  async function refresh(note = null) {
    fail('');
    busy(true);
    document.getElementById('position').textContent = state.spec;
    showPlayed();
    say(state.toMove === 'you' ? 'Looking at the position…' : 'The computer is thinking…');
    const [turn, v, ex, list] = await Promise.allSettled([
      api('computer', fields({ turn: state.toMove === 'you' ? 'person' : 'computer' })),
      api('value', fields()), api('explain', fields()), api('moves', fields()),
    ]);
    if (turn.status === 'rejected') {
      busy(false);
      fail(turn.reason.message);
      say('');
      board.replaceChildren();
      analysisBox.replaceChildren();
      return;
    }
    const t = turn.value;
    const first = !state.components;
    state.components = t.components;
    if (first) showRules();
    if (t.position !== state.spec) {
      // The server writes positions in one normal form: keep that one.
      if (state.spec === state.start) state.start = t.position;
      state.spec = t.position;
      remember(false);
      document.getElementById('position').textContent = state.spec;
    }
    if (v.status === 'fulfilled') showAnalysisOf(v.value, ex.status === 'fulfilled' ? ex.value : null, t.terminal);
    else analysisBox.replaceChildren(h('p', { class: 'error', text: v.reason.message }));
    if (list.status === 'fulfilled') showMoves(list.value);
    else { moveCount.textContent = ''; moveList.replaceChildren(h('li', { text: list.reason.message })); }
    if (t.terminal) {
      // Who won, and the sentence, are the library's (the game_over of /api/computer).
      state.over = t.game_over.text;
      say(`${note ? `${note} ` : ''}Game over. ${t.game_over.text}`);
      main.querySelector('.game').dataset.over = t.game_over.victor;
      await drawBoard();
      busy(false);
      return;
    }
    delete main.querySelector('.game').dataset.over;
    if (state.toMove === 'computer') {
      await drawBoard();
      await new Promise((r) => setTimeout(r, 450));
      const m = t.move;
      state.history.push({ from: state.spec, to: m.position, by: 'computer', description: m.description });
      state.spec = m.position;
      state.toMove = 'you';
      remember(false);
      const unproved = t.unproved ? ` (played without a proof that it wins: ${t.unproved})` : '';
      await refresh(`The computer: ${m.description}${unproved}.`);
      return;
    }
    say(note ? `${note} Your move.` : 'Your move: click the picture.');
    await drawBoard();
    busy(false);
  }

  window.onpopstate = () => route();
  remember(false);
  await refresh();
}

// ---------------------------------------------------------------- the sequence page

async function sequence(params) {
  const gameName = params.get('game') || 'kayles';
  const to = Math.max(1, Math.min(Number(params.get('to')) || 100, 5000));
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
    h('label', {}, ['up to heap ', h('input', { name: 'to', type: 'number', min: 1, max: 5000, value: to })]),
    h('label', {}, [h('input', { type: 'checkbox', name: 'misere', checked: misere }), ' misère']),
    h('button', { text: 'Show' }),
  ]);
  const out = h('div', { class: 'sequence' }, h('p', { text: 'Computing…' }));
  main.replaceChildren(
    h('h1', {}, ['The sequence of ', h('code', { text: gameName })]),
    h('p', { class: 'lead', text: 'g(n), the nimber of one heap of n, as a plot and a table, and how often each value occurs; rare values are red, and the period, where one is found, is shaded.' }),
    form, out,
  );
  const fieldsOf = { game: gameName, to, misere: misere ? 'true' : undefined };
  const [table, period, stats, plots] = await Promise.allSettled([
    api('table', fieldsOf),
    misere ? Promise.resolve(null) : api('period', { game: gameName }),
    misere ? Promise.resolve(null) : api('table', { ...fieldsOf, stats: 'true' }),
    Promise.all([api('draw', fieldsOf), misere ? null : api('draw', { ...fieldsOf, histogram: 'true' })]),
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
  else if (period.status === 'rejected' && !misere) words.push(`Period: ${period.reason.message}`);
  out.replaceChildren(
    h('p', { class: 'period', id: 'period', text: words.join(' ') }),
    plots.status === 'fulfilled'
      ? h('div', { class: 'plots' }, plots.value.filter(Boolean).map(svgElement))
      : h('p', { class: 'error', role: 'alert', text: plots.reason.message }),
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
      row('rare/common mask', `${st.mask} (binary ${st.mask.toString(2)})`),
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
