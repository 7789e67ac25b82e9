// The pictures of a position as the library draws them (/api/drawing, one a part):
// each part's SVG with every move its clicks can make, a move being the shapes a
// player marks to make it (their `data-id`), the shapes it lights as a preview, the
// position it leaves and its words. This file knows no rule of any game and reads
// no position: a click marks a shape; marks that are exactly one move's, with no
// move marking more, make it at once; where a move marks more, the move is offered
// to confirm and the shapes that would add to it are shown (class addable). The hint and the last
// move are the library's too: the hinted move's shapes are marked, and the picture
// marks what the last move did.
//
// A classic script, not a module, as app.js is: the pages then open from files too
// (the static site), where a browser refuses modules. Its names are the page's.

'use strict';

/** The smallest a picture's longer side is shown, in pixels (at most twice its own size). */
const DRAWN_AT_LEAST = 280;

/**
 * The scale a part's picture is shown at: its longer side at least DRAWN_AT_LEAST
 * pixels, at most twice its own size. A game keeps the scale of its first picture
 * (ctx.scale), so that the board does not jump as it shrinks.
 */
const fittingScale = (part) => Math.min(2, Math.max(1, DRAWN_AT_LEAST / Math.max(part.width, part.height)));

/** The words a shape says (its `<title>`), for its label. */
const titleOf = (e) => e.querySelector(':scope > title')?.textContent ?? '';

/** Whether the set `a` holds exactly the items of `b`. */
const sameSet = (a, b) => a.size === b.length && b.every((x) => a.has(x));

/**
 * Makes `e` a button for mouse, touch and keyboard (drawnPart wires what it does).
 */
function clickable(e) {
  e.setAttribute('tabindex', '0');
  e.setAttribute('role', 'button');
  e.setAttribute('aria-label', titleOf(e));
  e.classList.add('hit');
  e.addEventListener('click', (ev) => ev.preventDefault());
  e.addEventListener('keydown', (ev) => { if (ev.key === 'Enter' || ev.key === ' ') ev.preventDefault(); });
  return e;
}

/**
 * The picture of one part, playable: `part` is the library's drawing (svg, label,
 * how, and its moves, or moves_on_request where they are too many to list);
 * `ctx` has
 *   select   the board's Selection (the marks, shared by the parts: a click on
 *            another part clears them)
 *   index    this part's place in the position
 *   play(to, words)  make the move to the position `to` (a whole position)
 *   say(text)        tell the player something
 *   hinted   the position the hint leaves, or null
 *   scale    the scale to show it at (fittingScale of the game's first picture)
 *   marking(marks)   the library's answer for a picture whose moves are asked
 *            for: { exact, more } (the moves whose marks are exactly `marks`, and
 *            the shapes that add to them toward a move)
 *   leading(to)      the library's move to `to` on this picture, or null
 *
 * A strip (data-cells) is a row of cells in one shape: its cell i is marked as
 * `ID:i`, and cells i to j lit as `ID:i-j`; those marks are drawn over it.
 */
function drawnPart(part, ctx) {
  const svg = svgElement(part.svg);
  svg.classList.add('picture');
  svg.setAttribute('role', 'group');
  svg.setAttribute('aria-label', `${part.label}: ${part.how}`);
  const scale = ctx.scale ?? fittingScale(part);
  svg.setAttribute('width', Math.round(part.width * scale));
  svg.setAttribute('height', Math.round(part.height * scale));
  const shapes = new Map([...svg.querySelectorAll('[data-id]')].map((e) => [e.dataset.id, e]));
  const sel = ctx.select;
  if (sel.part !== ctx.index) sel.clear();
  const marked = () => (sel.part === ctx.index ? sel : new Set());

  /** Draws `cls` on the shapes (or strip cells) `ids`, and off every other. */
  function paint(cls, ids) {
    for (const e of shapes.values()) e.classList.remove(cls);
    for (const e of svg.querySelectorAll(`rect.over.${cls}`)) e.remove();
    for (const id of ids) {
      const e = shapes.get(id);
      if (e) { e.classList.add(cls); continue; }
      const [name, range] = id.split(':');
      const strip = shapes.get(name);
      if (!strip || range === undefined) continue;
      const [from, to = from] = range.split('-').map(Number);
      const cells = Number(strip.dataset.cells);
      const x = Number(strip.getAttribute('x'));
      const width = Number(strip.getAttribute('width')) / cells;
      const over = document.createElementNS('http://www.w3.org/2000/svg', 'rect');
      for (const [k, v] of Object.entries({ x: x + from * width, y: strip.getAttribute('y'), width: (to - from + 1) * width, height: strip.getAttribute('height'), class: `over ${cls}` })) over.setAttribute(k, v);
      svg.append(over);
    }
  }

  /** What the marks make: of the moves listed, or asked of the library. */
  async function marking(marks) {
    if (part.moves_on_request) return ctx.marking([...marks]);
    const holds = (m) => [...marks].every((id) => m.marks.includes(id));
    return {
      exact: part.moves.filter((m) => sameSet(marks, m.marks)),
      more: [...new Set(part.moves.filter((m) => m.marks.length > marks.size && holds(m)).flatMap((m) => m.marks))].filter((id) => !marks.has(id)),
    };
  }

  /** Shows the marks, and the shapes that would add to them. */
  async function show() {
    const marks = new Set(marked());
    paint('marked', [...marks]);
    paint('addable', marks.size ? (await marking(marks)).more : []);
  }

  /** Lights what a click on `id` would do (its move's `lit`), or nothing (null). */
  let lighting = 0;
  async function light(id) {
    const mine = ++lighting;
    if (id === null) { paint('lit', []); return; }
    const marks = new Set(marked());
    marks.add(id);
    const move = (await marking(marks)).exact[0];
    if (mine === lighting) paint('lit', move?.lit ?? [id]);
  }

  /** The shape or strip cell an event points at, by name. */
  const pointed = (e, ev) => {
    if (!e.dataset.cells) return e.dataset.id;
    const box = e.getBoundingClientRect();
    const cells = Number(e.dataset.cells);
    const i = Math.min(cells - 1, Math.max(0, Math.floor(((ev.clientX - box.left) / box.width) * cells)));
    return `${e.dataset.id}:${i}`;
  };

  /** The shape a first tap previewed (a touch screen has no hover): a second tap on it plays. */
  let armed = null;

  async function click(id, touched = false) {
    if (armed?.id === id) { ctx.play(armed.move.to, armed.move.words); return; }
    armed = null;
    if (sel.part !== ctx.index) { sel.clear(); sel.part = ctx.index; }
    if (sel.has(id)) sel.delete(id); else sel.add(id);
    let { exact, more } = await marking(sel);
    if (sel.size > 1 && !exact.length && !more.length) {
      // No move marks these together: the marks start again from this one.
      ctx.say(sentence(`${titleOf(shapes.get(id.split(':')[0]))}: no move is made of it with the shapes marked before, so the marks start again from it`));
      sel.clear();
      sel.add(id);
      ({ exact, more } = await marking(sel));
    }
    await show();
    if (!sel.size) {
      sel.offer(null);
    } else if (exact.length === 1 && !more.length && touched) {
      // A tap shows what it would do, and offers it; the same tap again makes it.
      armed = { id, move: exact[0] };
      paint('lit', exact[0].lit);
      sel.offer(exact[0].words, () => ctx.play(exact[0].to, exact[0].words));
    } else if (exact.length === 1 && !more.length) {
      ctx.play(exact[0].to, exact[0].words);
    } else if (exact.length) {
      sel.offer(exact[0].words, () => ctx.play(exact[0].to, exact[0].words));
    } else {
      sel.offer(null);
      if (part.moves_on_request && sel.size === 1 && !more.length) {
        sel.clear();
        paint('marked', []);
        ctx.say(sentence(`${id.includes(':') ? 'that cell' : titleOf(shapes.get(id))} makes no move`));
      }
    }
  }

  const playable = part.moves_on_request ? [...shapes.keys()] : [...new Set(part.moves.flatMap((m) => m.marks))];
  for (const id of playable) {
    const e = shapes.get(id);
    if (!e) continue;
    let touched = false;
    clickable(e);
    e.addEventListener('pointerdown', (ev) => { touched = ev.pointerType === 'touch'; });
    e.addEventListener('click', (ev) => { click(pointed(e, ev), touched); touched = false; });
    e.addEventListener('keydown', (ev) => { if (ev.key === 'Enter' || ev.key === ' ') click(e.dataset.cells ? `${id}:0` : id); });
    e.addEventListener('mousemove', (ev) => { if (e.dataset.cells) light(pointed(e, ev)); });
    e.addEventListener('mouseenter', (ev) => light(pointed(e, ev)));
    e.addEventListener('mouseleave', () => light(null));
    e.addEventListener('focus', () => light(e.dataset.cells ? `${id}:0` : id));
    e.addEventListener('blur', () => light(null));
  }
  // The hint's move, marked on the picture.
  if (ctx.hinted) {
    const listed = part.moves.filter((m) => m.to === ctx.hinted);
    (listed.length ? Promise.resolve(listed) : part.moves_on_request ? ctx.leading(ctx.hinted).then((m) => (m ? [m] : [])) : Promise.resolve([]))
      .then((moves) => {
        paint('hinted', moves.flatMap((m) => m.marks));
        svg.querySelector('.hinted')?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
      });
  }
  show();
  return svg;
}
