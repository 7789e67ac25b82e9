// Pictures of positions, one drawer for each figure the registry names (a family's
// `figure` in /api/families), each clickable: a click (or Enter on a focused
// element) turns into the position the player means to leave, written in the game's
// own syntax; the server checks it (/api/check) and says why when it is not a legal
// move. No rule of any game is decided here, and the pictures the library draws
// carry the positions their clicks leave: none is parsed here.
//
// A drawer is called as draw(position, ctx) with the part's position text (after
// the game's name) and returns an element, or null where the game has no picture
// (then the list of moves and the typed move are the way to play). ctx has:
//   game        the game's name ("nim", "sub:1,3,4")
//   play(text, words)  propose the position text this part would have after the
//               move; `words`, where the text is not what the player sees (a board),
//               names the move for the sentence saying it is not legal
//   select      a Selection shared by clicks that make one move together
//   svg(url)    fetch a picture from /api/draw (Chomp, Cram, placement, Hackenbush)
//   graph       the lines of a posted graph (graph games)
//   memory      an object kept for this part from one drawing to the next
//   lastBy      who made the last move: 'you', 'computer', or undefined at the start
//
// A classic script, not a module, as app.js is: the pages then open from files too
// (the static site), where a browser refuses modules. Its names are the page's.

'use strict';

const NS = 'http://www.w3.org/2000/svg';

/** An SVG element with attributes and children. */
function s(tag, attrs = {}, children = []) {
  const e = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v !== undefined && v !== null && v !== false) e.setAttribute(k, String(v));
  }
  for (const c of [].concat(children)) {
    if (c === null || c === undefined) continue;
    e.append(typeof c === 'string' ? document.createTextNode(c) : c);
  }
  return e;
}

/** A picture of width x height. */
function picture(width, height, label, children) {
  return s('svg', {
    xmlns: NS, viewBox: `0 0 ${width} ${height}`, width, height, role: 'group',
    'aria-label': label, class: 'picture',
  }, children);
}

/** Makes `e` a button for mouse, touch and keyboard: `act` on click or Enter/Space. */
function clickable(e, label, act) {
  e.setAttribute('tabindex', '0');
  e.setAttribute('role', 'button');
  e.setAttribute('aria-label', label);
  e.classList.add('hit');
  const title = s('title', {}, label);
  e.prepend(title);
  e.addEventListener('click', (ev) => { ev.preventDefault(); act(ev); });
  e.addEventListener('keydown', (ev) => {
    if (ev.key === 'Enter' || ev.key === ' ') { ev.preventDefault(); act(ev); }
  });
  return e;
}

const plural = (n, one, many = one + 's') => `${n} ${n === 1 ? one : many}`;
const numbers = (text) => text.split(',').map((t) => Number(t.trim()));

/** The most chips one heap is drawn with. */
const MAX_CHIPS = 60;

// ---------------------------------------------------------------- heaps of chips

/**
 * Heaps as rows of chips. `mode` says what a click means:
 *   take-tail          take the clicked chip and every chip right of it (Nim, subtraction games)
 *   take-run           mark a run of chips in one heap, then take it (take-and-break codes)
 *   split              split the heap before the clicked chip (Grundy's game)
 *   take-from-several  mark a tail in several heaps, then take them all (Moore's Nim_K)
 */
function heaps(mode) {
  return (text, ctx) => {
    const hs = numbers(text);
    if (hs.some((h) => !Number.isSafeInteger(h) || h > MAX_CHIPS) || hs.length > 24) return null;
    const R = 13, STEP = 30, ROW = 36, LEFT = 76;
    const width = LEFT + STEP * Math.max(1, ...hs) + 10, height = ROW * hs.length + 8;
    const sel = ctx.select;
    const kids = [];
    hs.forEach((h, i) => {
      const y = 4 + ROW * i + ROW / 2;
      kids.push(s('text', { x: 6, y: y + 5, class: 'label' }, `heap ${i + 1}: ${h}`));
      const chips = [];
      for (let j = 0; j < h; j++) {
        const marked = sel.has(`${i}:${j}`);
        const chip = s('circle', {
          cx: LEFT + STEP * j + R, cy: y, r: R,
          class: `chip${marked ? ' marked' : ''}`, 'data-heap': i, 'data-chip': j,
        });
        chips.push(chip);
        kids.push(chip);
      }
      chips.forEach((chip, j) => {
        const tail = chips.slice(j);
        const light = (on) => tail.forEach((c) => c.classList.toggle('lit', on));
        if (mode === 'take-tail') {
          chip.addEventListener('mouseenter', () => light(true));
          chip.addEventListener('mouseleave', () => light(false));
          clickable(chip, `take ${plural(h - j, 'chip')} from heap ${i + 1}, leaving ${j}`,
            () => ctx.play(hs.map((x, k) => (k === i ? j : x)).join(',')));
        } else if (mode === 'split') {
          if (j === 0) return;
          chip.addEventListener('mouseenter', () => light(true));
          chip.addEventListener('mouseleave', () => light(false));
          clickable(chip, `split heap ${i + 1} into ${j} and ${h - j}`, () => {
            const out = [...hs.slice(0, i), ...[j, h - j].sort((a, b) => a - b), ...hs.slice(i + 1)];
            ctx.play(out.join(','));
          });
        } else if (mode === 'take-from-several') {
          clickable(chip, `mark ${plural(h - j, 'chip')} of heap ${i + 1} to take`, () => {
            for (let k = 0; k < h; k++) sel.delete(`${i}:${k}`);
            if (sel.anchor !== `${i}:${j}`) {
              for (let k = j; k < h; k++) sel.add(`${i}:${k}`);
              sel.anchor = `${i}:${j}`;
            } else sel.anchor = null;
            sel.offer(sel.size ? `take the ${plural(sel.size, 'marked chip')}` : null, () => {
              const left = hs.map((x, k) => {
                let n = x;
                for (let c = 0; c < x; c++) if (sel.has(`${k}:${c}`)) { n = c; break; }
                return n;
              });
              ctx.play(left.join(','));
            });
          });
        } else {
          clickable(chip, `mark chip ${j + 1} of heap ${i + 1}`, () => {
            const [hi, hj] = (sel.anchor || '').split(':').map(Number);
            sel.clear();
            if (sel.anchor && hi === i && hj !== j) {
              for (let k = Math.min(hj, j); k <= Math.max(hj, j); k++) sel.add(`${i}:${k}`);
            } else if (sel.anchor === `${i}:${j}`) {
              sel.anchor = null;
              sel.offer(null);
              return;
            } else {
              sel.add(`${i}:${j}`);
              sel.anchor = `${i}:${j}`;
            }
            const marked = [...sel].map((k) => Number(k.split(':')[1]));
            const a = Math.min(...marked), b = Math.max(...marked);
            sel.offer(`take the ${plural(b - a + 1, 'marked chip')}`, () => {
              const rest = [a, h - 1 - b].filter((x) => x > 0).sort((x, y) => x - y);
              ctx.play([...hs.slice(0, i), ...rest, ...hs.slice(i + 1)].join(','));
            });
          });
        }
      });
    });
    const words = { 'take-tail': 'click a chip to take it and every chip right of it',
      split: 'click a chip to split its heap just before it',
      'take-from-several': 'click chips to mark what to take from each heap, then take them',
      'take-run': 'click a chip, and another in the same heap to mark a run, then take it' };
    return picture(width, height, `heaps ${text}: ${words[mode]}`, kids);
  };
}

// ---------------------------------------------------------------- pictures from the library

/** The smallest a library picture's longer side is shown, in pixels (at most twice its own size). */
const DRAWN_AT_LEAST = 280;

/**
 * A picture drawn by the library (/api/draw), labelled with what a click does
 * (`how`), shown at a size a finger can play, and made clickable by `wire`.
 */
function drawn(how, wire, numbering = null) {
  return async (text, ctx) => {
    const svg = await ctx.svg(`${ctx.game} ${text}`);
    if (!svg) return null;
    svg.classList.add('picture');
    svg.setAttribute('role', 'group');
    svg.setAttribute('aria-label', `${ctx.game} ${text}: ${how}`);
    if (numbering) axes(svg, numbering(svg));
    const [width, height] = ['width', 'height'].map((side) => Number(svg.getAttribute(side)));
    const scale = Math.min(2, Math.max(1, DRAWN_AT_LEAST / Math.max(width, height)));
    svg.setAttribute('width', Math.round(width * scale));
    svg.setAttribute('height', Math.round(height * scale));
    wire(svg, text, ctx);
    return svg;
  };
}

/** The row and column of a square of a library picture (`data-cell="r,c"`, row 0 at the top). */
const cellOf = (square) => square.dataset.cell.split(',').map(Number);

/** The room the numbers of the rows and columns take beside a board. */
const AXIS_ROOM = 18;

/**
 * Numbers the rows and columns of a library board as its moves are written:
 * `row(r)` and `col(c)` name row r and column c (0 at the top left); the columns
 * are numbered along the top, or along the bottom where `below`. The picture grows
 * to make room, at the left and on that side.
 */
function axes(svg, { row, col, below }) {
  const [x0, y0, width, height] = svg.getAttribute('viewBox').split(/[\s,]+/).map(Number);
  const rows = new Map(), cols = new Map();
  for (const cell of svg.querySelectorAll('[data-cell]')) {
    const [r, c] = cellOf(cell);
    const at = (side, size) => Number(cell.getAttribute(side)) + Number(cell.getAttribute(size)) / 2;
    rows.set(r, at('y', 'height'));
    cols.set(c, at('x', 'width'));
  }
  for (const [r, y] of rows) svg.append(s('text', { x: x0 - 5, y: y + 4, class: 'label end axis-label', 'data-row': r }, row(r)));
  const y = below ? y0 + height + 14 : y0 - 6;
  for (const [c, x] of cols) svg.append(s('text', { x, y, class: 'label middle axis-label', 'data-col': c }, col(c)));
  svg.setAttribute('viewBox', `${x0 - AXIS_ROOM} ${below ? y0 : y0 - AXIS_ROOM} ${width + AXIS_ROOM} ${height + AXIS_ROOM}`);
  svg.setAttribute('width', Number(svg.getAttribute('width')) + AXIS_ROOM);
  svg.setAttribute('height', Number(svg.getAttribute('height')) + AXIS_ROOM);
}

/** Chomp: each square carries the diagram its chomp leaves (data-move); the poisoned one has none. */
const diagram = drawn('click a square to chomp it, with every square above it and right of it', (svg, text, ctx) => {
  const squares = [...svg.querySelectorAll('[data-cell]')];
  const rows = Math.max(...squares.map((square) => cellOf(square)[0])) + 1;
  for (const square of squares) {
    const [r, c] = cellOf(square);
    // A chomp takes the square and every square right of it and above it.
    const light = (on) => squares.forEach((o) => {
      const [r2, c2] = cellOf(o);
      if (r2 <= r && c2 >= c) o.classList.toggle('lit', on);
    });
    square.addEventListener('mouseenter', () => light(true));
    square.addEventListener('mouseleave', () => light(false));
    if (square.dataset.move === undefined) {
      square.append(s('title', {}, 'the poisoned square (1,1): whoever must take it loses'));
      continue;
    }
    clickable(square, `chomp the square (${c + 1},${rows - r})`, () => ctx.play(square.dataset.move));
  }
}, (svg) => {
  // Chomp writes a square (column, row), counted from the poisoned square at the bottom left.
  const rows = Math.max(...[...svg.querySelectorAll('[data-cell]')].map((square) => cellOf(square)[0])) + 1;
  return { row: (r) => String(rows - r), col: (c) => String(c + 1), below: true };
});

/**
 * Cram and placement: mark empty cells; a move is placed once they make a piece. The
 * picture carries the board as text (data-board), each empty cell its place in that
 * text (data-index), and the sizes of the pieces (data-piece-sizes); a marked cell is
 * written '#', as a filled one.
 */
/**
 * The pieces placed on a board so far, as the pictures drawn one after another
 * show them: the cells filled since the picture shown before are one piece, placed
 * by whoever moved last (`ctx.lastBy`). `memory` keeps, for each board text seen,
 * its filled cells and its pieces (a board first seen on a reload has no pieces).
 */
function piecesOf(svg, memory, lastBy) {
  memory.seen ??= new Map();
  const text = svg.dataset.board;
  if (!memory.seen.has(text)) {
    const filled = [...svg.querySelectorAll('[data-cell]:not([data-index])')].map((cell) => cell.dataset.cell);
    const before = memory.seen.get(memory.shown);
    const fresh = before ? filled.filter((cell) => !before.filled.includes(cell)) : [];
    const pieces = [...(before?.pieces ?? []), ...(fresh.length ? [{ cells: fresh, by: lastBy }] : [])];
    memory.seen.set(text, { filled, pieces });
  }
  memory.shown = text;
  return memory.seen.get(text).pieces;
}

const board = drawn('click empty cells to mark a piece; it is placed once they make one', (svg, text, ctx) => {
  // Each piece placed outlined in a shade of its own; the computer's last one marked.
  const pieces = piecesOf(svg, ctx.memory, ctx.lastBy);
  pieces.forEach((piece, k) => {
    const last = k === pieces.length - 1 && piece.by === 'computer';
    for (const at of piece.cells) {
      const cell = svg.querySelector(`[data-cell="${at}"]`);
      cell?.classList.add('piece', `piece-${k % 4}`);
      if (last) {
        cell?.classList.add('last-move');
        cell?.append(s('title', {}, "the computer's last move"));
      }
    }
  });
  const cells = [...svg.dataset.board];
  const sizes = numbers(svg.dataset.pieceSizes);
  const sel = ctx.select;
  const after = () => cells.map((x, i) => (sel.has(String(i)) ? '#' : x)).join('');
  // The marked cells in words, for the sentence of a move that is not legal.
  const named = {};
  const marked = () => {
    const list = [...sel].sort((a, b) => a - b).map((key) => named[key]);
    return `placing a piece on ${list.slice(0, -1).join(', ')}${list.length > 1 ? ' and ' : ''}${list[list.length - 1]}`;
  };
  for (const cell of svg.querySelectorAll('[data-index]')) {
    const [r, c] = cellOf(cell);
    const key = cell.dataset.index;
    named[key] = `(${r + 1},${c + 1})`;
    if (sel.has(key)) cell.classList.add('marked');
    clickable(cell, `mark the cell in row ${r + 1}, column ${c + 1}`, () => {
      if (sel.has(key)) sel.delete(key); else sel.add(key);
      cell.classList.toggle('marked', sel.has(key));
      if (sizes.length === 1 && sel.size === sizes[0]) {
        ctx.play(after(), marked());
      } else if (sel.size > Math.max(...sizes)) {
        sel.clear();
        ctx.say(`No piece has more than ${Math.max(...sizes)} cells: the marks are cleared.`);
      } else {
        sel.offer(sizes.includes(sel.size) ? `place a piece on the ${plural(sel.size, 'marked cell')}` : null, () => ctx.play(after(), marked()));
      }
    });
  }
}, () => ({
  // A cell is written (row, column), counted from the top left.
  row: (r) => String(r + 1), col: (c) => String(c + 1),
}));

/** Hackenbush: each edge carries the drawing left by cutting it (data-move). */
const edges = drawn('click an edge to cut it; whatever is no longer joined to the ground falls', (svg, text, ctx) => {
  for (const edge of svg.querySelectorAll('.edge')) {
    // A wide transparent copy of each edge is easier to hit with a finger.
    const hit = edge.cloneNode();
    hit.setAttribute('class', 'edge-hit');
    hit.setAttribute('stroke-width', '16');
    hit.setAttribute('stroke', 'transparent');
    // A loop is hit anywhere inside it too.
    if (hit.tagName === 'circle') hit.setAttribute('fill', 'transparent');
    edge.after(hit);
    const light = (on) => edge.classList.toggle('lit', on);
    hit.addEventListener('mouseenter', () => light(true));
    hit.addEventListener('mouseleave', () => light(false));
    hit.addEventListener('focus', () => light(true));
    hit.addEventListener('blur', () => light(false));
    clickable(hit, `cut the edge ${edge.dataset.edge}`, () => ctx.play(edge.dataset.move));
  }
});

// ---------------------------------------------------------------- coins, boards, cards

/** Staircase Nim: coins on steps 1..n; a coin clicked goes down a step with all above it. */
function staircase(text, ctx) {
  const steps = numbers(text);
  if (steps.some((n) => n > 20) || steps.length > 16) return null;
  const W = 56, H = 22, top = Math.max(...steps, 1) * H + 10;
  const width = W * (steps.length + 1) + 10, height = top + H * steps.length + 26;
  const kids = [s('rect', { x: 0, y: height - 18, width, height: 18, class: 'ground' })];
  kids.push(s('text', { x: 6, y: height - 5, class: 'label on-dark' }, 'ground'));
  steps.forEach((n, k) => {
    const x = W * (k + 1), floor = height - 18 - H * (k + 1);
    kids.push(s('rect', { x, y: floor, width: width - x, height: H * (k + 1), class: 'step' }));
    kids.push(s('text', { x: x + 4, y: floor + 15, class: 'label' }, `step ${k + 1}`));
    for (let j = 0; j < n; j++) {
      const coin = s('ellipse', { cx: x + W / 2, cy: floor - 8 - j * 11, rx: 18, ry: 7, class: 'coin' });
      const m = n - j;
      const after = steps.map((v, i) => (i === k ? v - m : i === k - 1 ? v + m : v));
      clickable(coin, `move ${plural(m, 'coin')} from step ${k + 1} to ${k ? `step ${k}` : 'the ground'}`,
        () => ctx.play(after.join(',')));
      kids.push(coin);
    }
  });
  return picture(width, height, `staircase ${text}: click a coin to carry it and the coins above it one step down`, kids);
}

/** Nimble: coins on a strip of squares; click a coin, then a square to its left. */
function nimble(text, ctx) {
  const coins = numbers(text);
  const last = Math.max(...coins, 1);
  if (last > 40) return null;
  const C = 34, width = C * (last + 1) + 4, height = C + 34;
  const sel = ctx.select;
  const chosen = sel.anchor === null || sel.anchor === undefined ? null : Number(sel.anchor);
  const kids = [];
  for (let q = 0; q <= last; q++) {
    const sq = s('rect', { x: 2 + C * q, y: 2, width: C, height: C, class: `square ${q % 2 ? 'dark' : 'light'}${chosen !== null && q < coins[chosen] ? ' target' : ''}` });
    kids.push(sq, s('text', { x: 2 + C * q + C / 2, y: C + 18, class: 'label middle' }, String(q)));
    if (chosen !== null && q < coins[chosen]) {
      clickable(sq, `move the coin on square ${coins[chosen]} to square ${q}`,
        () => ctx.play(coins.map((x, i) => (i === chosen ? q : x)).join(',')));
    }
  }
  const stacked = {};
  coins.forEach((q, i) => {
    const level = (stacked[q] = (stacked[q] ?? -1) + 1);
    const coin = s('circle', { cx: 2 + C * q + C / 2, cy: 2 + C / 2 - level * 5, r: C / 2 - 5, class: `coin${chosen === i ? ' marked' : ''}` });
    if (q > 0) {
      clickable(coin, `choose the coin on square ${q}`, () => {
        sel.anchor = chosen === i ? null : i;
        ctx.redraw();
      });
    }
    kids.push(coin);
  });
  return picture(width, height, `nimble ${text}: click a coin, then a square to its left`, kids);
}

/** Turning Turtles and Mock Turtles: mark coins to turn (the rightmost a head), then turn them. */
function turtles(text, ctx) {
  if (text.length > 40) return null;
  const C = 40, width = C * text.length + 4, height = C + 30;
  const sel = ctx.select;
  const kids = [];
  [...text].forEach((face, i) => {
    const coin = s('circle', {
      cx: 2 + C * i + C / 2, cy: C / 2 + 2, r: C / 2 - 3,
      class: `coin ${face === 'H' ? 'heads' : 'tails'}${sel.has(String(i)) ? ' marked' : ''}`,
    });
    const letter = s('text', { x: 2 + C * i + C / 2, y: C / 2 + 8, class: 'coin-letter middle' }, face);
    kids.push(coin, letter, s('text', { x: 2 + C * i + C / 2, y: C + 22, class: 'label middle' }, String(i + 1)));
    clickable(coin, `mark the coin in place ${i + 1} (${face === 'H' ? 'heads' : 'tails'}) to turn`, () => {
      if (sel.has(String(i))) sel.delete(String(i)); else sel.add(String(i));
      coin.classList.toggle('marked', sel.has(String(i)));
      const after = [...text].map((f, k) => (sel.has(String(k)) ? (f === 'H' ? 'T' : 'H') : f)).join('');
      sel.offer(sel.size ? `turn the ${plural(sel.size, 'marked coin')}` : null, () => ctx.play(after));
    });
  });
  return picture(width, height, `coins ${text}: mark the coins to turn, then turn them`, kids);
}

/** Wythoff's game: a queen at (a, b); she moves left, down, or diagonally down-left. */
function wythoff(text, ctx) {
  const [a, b] = numbers(text);
  const n = Math.max(a, b) + 1;
  if (n > 30) return null;
  const C = Math.max(14, Math.min(34, Math.floor(420 / n))), width = C * n + 30, height = C * n + 26;
  const kids = [];
  const X = (x) => 26 + C * x, Y = (y) => 4 + C * (n - 1 - y);
  for (let x = 0; x < n; x++) {
    kids.push(s('text', { x: X(x) + C / 2, y: height - 6, class: 'label middle' }, String(x)));
    kids.push(s('text', { x: 20, y: Y(x) + C / 2 + 4, class: 'label end' }, String(x)));
    for (let y = 0; y < n; y++) {
      const reach = (y === b && x < a) || (x === a && y < b) || (a - x === b - y && x < a);
      const sq = s('rect', { x: X(x), y: Y(y), width: C, height: C, class: `square ${(x + y) % 2 ? 'dark' : 'light'}${reach ? ' target' : ''}${x === 0 && y === 0 ? ' goal' : ''}` });
      if (reach) clickable(sq, `move the queen to (${x}, ${y})`, () => ctx.play(`${x},${y}`));
      kids.push(sq);
    }
  }
  kids.push(s('text', { x: X(a) + C / 2, y: Y(b) + C * 0.78, class: 'queen middle', 'font-size': C * 0.8 }, '\u265B'));
  return picture(width, height, `a queen at (${a}, ${b}): click a square left of, below, or diagonally below-left of her`, kids);
}

/** Northcott's game: rows of squares with a white and a black checker; the side to move moves its own. */
function northcott(text, ctx) {
  const [board, side] = text.split(/\s+/);
  const rows = board.split(',');
  const mover = side === 'black' ? 'B' : 'W';
  const next = side === 'black' ? 'white' : 'black';
  const C = 36, cols = Math.max(...rows.map((r) => r.length));
  if (cols > 30 || rows.length > 20) return null;
  const width = C * cols + 70, height = C * rows.length + 28;
  const kids = [s('text', { x: 4, y: height - 6, class: 'label' }, `${side === 'black' ? 'Black' : 'White'} to move`)];
  rows.forEach((row, r) => {
    kids.push(s('text', { x: 4, y: 4 + C * r + C / 2 + 4, class: 'label' }, `row ${r + 1}`));
    const at = row.indexOf(mover), other = row.indexOf(mover === 'W' ? 'B' : 'W');
    [...row].forEach((x, c) => {
      const between = (c > Math.min(at, other) && c < Math.max(at, other));
      const beyond = at < other ? c < at : c > at;
      const reach = between || beyond;
      const sq = s('rect', { x: 64 + C * c, y: 4 + C * r, width: C, height: C, class: `square ${(r + c) % 2 ? 'dark' : 'light'}${reach ? ' target' : ''}` });
      kids.push(sq);
      if (reach) {
        const after = rows.map((rw, k) => {
          if (k !== r) return rw;
          const cells = [...rw];
          cells[at] = '.';
          cells[c] = mover;
          return cells.join('');
        });
        clickable(sq, `move the ${mover === 'W' ? 'white' : 'black'} checker of row ${r + 1} to column ${c + 1}`,
          () => ctx.play(`${after.join(',')} ${next}`));
      }
      if (x === 'W' || x === 'B') {
        kids.push(s('circle', { cx: 64 + C * c + C / 2, cy: 4 + C * r + C / 2, r: C / 2 - 5, class: `checker ${x === 'W' ? 'white' : 'black'}` }));
      }
    });
  });
  return picture(width, height, `Northcott's game: click a square to move your checker of that row there`, kids);
}

/** Empty and Divide: two boxes; click a chip of the box to divide, splitting it there. */
function emptyDivide(text, ctx) {
  const boxes = numbers(text);
  if (boxes.some((n) => n > 40)) return null;
  const STEP = 24, width = 80 + STEP * Math.max(...boxes) + 20, height = 2 * 48 + 10;
  const kids = [];
  boxes.forEach((n, b) => {
    const y = 6 + 48 * b;
    kids.push(s('rect', { x: 70, y, width: STEP * n + 12, height: 40, rx: 6, class: 'box' }));
    kids.push(s('text', { x: 4, y: y + 25, class: 'label' }, `box ${b + 1}: ${n}`));
    for (let j = 0; j < n; j++) {
      const chip = s('circle', { cx: 76 + STEP * j + STEP / 2, cy: y + 20, r: 9, class: 'chip' });
      kids.push(chip);
      if (j > 0) {
        clickable(chip, `empty box ${2 - b} and divide box ${b + 1} into ${j} and ${n - j}`,
          () => ctx.play(`${j},${n - j}`));
      }
    }
  });
  return picture(width, height, `boxes ${text}: click a chip of the box to divide: the other box is emptied, and the chips left of the clicked one go to one box`, kids);
}

/** Dynamic subtraction and Fibonacci Nim: one pile; take a tail of chips up to the limit. */
function pile(factor) {
  return (text, ctx) => {
    const [n, limitText] = text.split('/');
    const chips = Number(n);
    const limit = limitText === undefined ? chips - 1 : Number(limitText);
    if (!Number.isSafeInteger(chips) || chips > 80) return null;
    const PER = 20, STEP = 26, rowsN = Math.ceil(chips / PER) || 1;
    const width = STEP * Math.min(chips, PER) + 20, height = 30 * rowsN + 30;
    const kids = [s('text', { x: 4, y: height - 8, class: 'label' }, `pile of ${chips}; take 1 to ${Math.min(limit, chips)}`)];
    for (let j = 0; j < chips; j++) {
      const take = chips - j;
      const ok = take <= limit;
      const chip = s('circle', { cx: 14 + STEP * (j % PER), cy: 16 + 30 * Math.floor(j / PER), r: 11, class: `chip${ok ? '' : ' dim'}` });
      kids.push(chip);
      clickable(chip, `take ${plural(take, 'chip')}`, () => ctx.play(`${j}/${factor * take}`));
    }
    return picture(width, height, `a pile of ${chips}: click a chip to take it and every chip after it`, kids);
  };
}

/** The Thirty-one game: four cards of each value 1-6; click a card to turn it. */
function thirtyOne(text, ctx) {
  const turned = text === '-' ? [] : numbers(text);
  const total = turned.reduce((a, b) => a + b, 0);
  const W = 46, H = 62, width = 6 * (W + 8) + 8, height = 4 * 18 + H + 40;
  const kids = [s('text', { x: 8, y: height - 8, class: 'label' }, `total ${total} (never above 31)`)];
  for (let v = 1; v <= 6; v++) {
    const down = turned.filter((x) => x === v).length;
    // Turned cards lie under the pile; the card to turn is the one on top.
    for (let k = 0; k < 4; k++) {
      const x = 8 + (v - 1) * (W + 8), y = 6 + k * 18;
      const faceDown = k < down;
      const card = s('rect', { x, y, width: W, height: H, rx: 5, class: `card${faceDown ? ' down' : ''}` });
      kids.push(card, s('text', { x: x + 8, y: y + 14, class: `card-value${faceDown ? ' gone' : ''}` }, String(v)));
      if (k === 3 && !faceDown) {
        kids.push(s('text', { x: x + W / 2, y: y + H - 12, class: 'card-big middle' }, String(v)));
        clickable(card, `turn a ${v}, making the total ${total + v}`,
          () => ctx.play([...turned, v].join(',')));
      }
    }
  }
  return picture(width, height, `the cards: click a card to turn it`, kids);
}

/** SOS: each empty square has an S and an O to click. */
function sos(text, ctx) {
  if (text.length > 30) return null;
  const C = 44, width = C * text.length + 4, height = C + 24;
  const kids = [];
  [...text].forEach((x, i) => {
    const X = 2 + C * i;
    kids.push(s('rect', { x: X, y: 2, width: C, height: C, class: 'square light' }));
    kids.push(s('text', { x: X + C / 2, y: C + 18, class: 'label middle' }, String(i + 1)));
    if (x !== '-') {
      kids.push(s('text', { x: X + C / 2, y: C / 2 + 12, class: 'sos-letter middle' }, x));
      return;
    }
    for (const [k, letter] of ['S', 'O'].entries()) {
      const half = s('g', { class: 'sos-choice' }, [
        s('rect', { x: X + 3, y: 4 + k * (C / 2 - 2), width: C - 6, height: C / 2 - 4, rx: 3 }),
        s('text', { x: X + C / 2, y: 4 + k * (C / 2 - 2) + 15, class: 'middle' }, letter),
      ]);
      clickable(half, `write ${letter} in square ${i + 1}`,
        () => ctx.play(text.slice(0, i) + letter + text.slice(i + 1)));
      kids.push(half);
    }
  });
  return picture(width, height, `the SOS row: click S or O in an empty square`, kids);
}

/** The divisors of n, and its prime factors with their exponents. */
function factor(n) {
  const primes = [];
  let m = n;
  for (let p = 2; p * p <= m; p++) {
    let e = 0;
    while (m % p === 0) { m /= p; e++; }
    if (e) primes.push([p, e]);
  }
  if (m > 1) primes.push([m, 1]);
  return primes;
}

/** Schuh's divisor game: the divisors of N laid out by their exponents; click one to name it. */
function divisors(text, ctx) {
  const m = text.match(/^(\d+)(?:\s+without\s+([\d,\s]+))?$/);
  if (!m) return null;
  const n = Number(m[1]);
  const removed = m[2] ? numbers(m[2]) : [];
  const primes = factor(n);
  if (!Number.isSafeInteger(n) || primes.length > 3) return null;
  const count = primes.reduce((a, [, e]) => a * (e + 1), 1);
  if (count > 120) return null;
  // Lay out by the exponent of the first prime (x) and of the rest (y, in mixed radix).
  const [p0, e0] = primes[0] ?? [1, 0];
  const rest = primes.slice(1);
  const ys = rest.reduce((a, [, e]) => a * (e + 1), 1);
  const C = 46, width = C * (e0 + 1) + 20, height = C * ys + 20;
  const kids = [];
  const gone = (d) => removed.some((r) => d % r === 0);
  for (let x = 0; x <= e0; x++) {
    for (let y = 0; y < ys; y++) {
      let d = p0 ** x, k = y;
      for (const [p, e] of rest) { d *= p ** (k % (e + 1)); k = Math.floor(k / (e + 1)); }
      const cx = 10 + C * x + C / 2, cy = height - 10 - C * y - C / 2;
      const isGone = gone(d);
      const dot = s('circle', { cx, cy, r: C / 2 - 4, class: `divisor${isGone ? ' gone' : ''}${d === 1 ? ' poisoned' : ''}` });
      kids.push(dot, s('text', { x: cx, y: cy + 5, class: `divisor-label middle${isGone ? ' gone' : ''}` }, String(d)));
      if (!isGone && d !== 1) {
        const after = [...removed.filter((r) => r % d !== 0), d].sort((a, b) => a - b);
        clickable(dot, `name ${d}, removing it and its multiples`, () => ctx.play(`${n} without ${after.join(',')}`));
      }
    }
  }
  return picture(width, height, `the divisors of ${n} left: click one to name it (1 loses)`, kids);
}

// ---------------------------------------------------------------- graphs

/** The lines of a graph file as vertices and their followers. */
function parseGraph(text) {
  const names = [], next = new Map();
  for (const raw of text.split('\n')) {
    const line = raw.split('#')[0];
    const [head, tail = ''] = line.split('->');
    const v = head.trim();
    if (!v) continue;
    if (!next.has(v)) { names.push(v); next.set(v, []); }
    next.get(v).push(...tail.split(/\s+/).filter(Boolean));
  }
  for (const fs of next.values()) for (const f of fs) if (!next.has(f)) { names.push(f); next.set(f, []); }
  return { names, next };
}

/** A graph game: vertices in layers, tokens on them; click a token, then a vertex it may move to. */
function graphGame(text, ctx) {
  if (!ctx.graph) return null;
  const { names, next } = parseGraph(ctx.graph);
  if (names.length > 40) return null;
  const tokens = text.split(',').map((t) => t.trim());
  // Layers: the longest way down to a vertex with no move, where there is no cycle.
  const depth = new Map();
  const visiting = new Set();
  const down = (v) => {
    if (depth.has(v)) return depth.get(v);
    if (visiting.has(v)) return 0;
    visiting.add(v);
    const d = next.get(v).length ? 1 + Math.max(...next.get(v).map(down)) : 0;
    visiting.delete(v);
    depth.set(v, d);
    return d;
  };
  names.forEach(down);
  const layers = [];
  for (const v of names) (layers[depth.get(v)] ??= []).push(v);
  const top = layers.length - 1;
  const widest = Math.max(...layers.map((l) => l?.length ?? 0));
  const GAP = 80, width = Math.max(200, GAP * widest + 40), height = GAP * layers.length + 20;
  const at = new Map();
  layers.forEach((layer = [], d) => layer.forEach((v, i) => at.set(v, [width * (i + 1) / (layer.length + 1), 30 + GAP * (top - d)])));
  const sel = ctx.select;
  const chosen = sel.anchor ?? null;
  const kids = [s('defs', {}, s('marker', { id: 'arrow', viewBox: '0 0 10 10', refX: 10, refY: 5, markerWidth: 7, markerHeight: 7, orient: 'auto-start-reverse' }, s('path', { d: 'M 0 0 L 10 5 L 0 10 z', class: 'arrow-head' })))];
  for (const v of names) {
    for (const w of next.get(v)) {
      const [x1, y1] = at.get(v), [x2, y2] = at.get(w);
      if (v === w) continue;
      const len = Math.hypot(x2 - x1, y2 - y1) || 1, R = 17;
      kids.push(s('line', { x1: x1 + (x2 - x1) * R / len, y1: y1 + (y2 - y1) * R / len, x2: x2 - (x2 - x1) * R / len, y2: y2 - (y2 - y1) * R / len, class: 'arc', 'marker-end': 'url(#arrow)' }));
    }
  }
  for (const v of names) {
    const [x, y] = at.get(v);
    const held = tokens.filter((t) => t === v).length;
    const reach = chosen !== null && next.get(tokens[chosen]).includes(v);
    const node = s('circle', { cx: x, cy: y, r: 16, class: `vertex${held ? ' token' : ''}${reach ? ' target' : ''}${chosen !== null && tokens[chosen] === v ? ' marked' : ''}` });
    kids.push(node, s('text', { x, y: y + 5, class: 'vertex-label middle' }, held > 1 ? `${v}×${held}` : v));
    if (reach) {
      clickable(node, `move the token from ${tokens[chosen]} to ${v}`,
        () => ctx.play(tokens.map((t, i) => (i === chosen ? v : t)).join(',')));
    } else if (held && next.get(v).length) {
      clickable(node, `choose the token on ${v}`, () => {
        const i = tokens.indexOf(v);
        sel.anchor = chosen === i ? null : i;
        ctx.redraw();
      });
    }
  }
  return picture(width, height, `the graph with tokens on ${text}: click a token, then a vertex it may move to`, kids);
}

// ---------------------------------------------------------------- the drawers by figure

/** The drawer of each figure the registry names, one a line (a Rust test reads them). */
const DRAWERS = {
  'heaps-take-tail': heaps('take-tail'),
  'heaps-take-run': heaps('take-run'),
  'heaps-split': heaps('split'),
  'heaps-take-from-several': heaps('take-from-several'),
  pile: pile(1),
  'pile-doubling': pile(2),
  staircase,
  strip: nimble,
  'coin-row': turtles,
  queen: wythoff,
  checkers: northcott,
  boxes: emptyDivide,
  cards: thirtyOne,
  letters: sos,
  divisors,
  graph: graphGame,
  diagram,
  board,
  edges,
};

/** The drawer of a family's figure (its entry of /api/families), if it has one. */
const drawerFor = (family) => DRAWERS[family?.figure] ?? null;
