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
 * Makes `e` a button for mouse, touch and keyboard: `act` on click or Enter/Space.
 */
function clickable(e, act) {
  e.setAttribute('tabindex', '0');
  e.setAttribute('role', 'button');
  e.setAttribute('aria-label', titleOf(e));
  e.classList.add('hit');
  let touched = false;
  e.addEventListener('pointerdown', (ev) => { touched = ev.pointerType === 'touch'; });
  e.addEventListener('click', (ev) => { ev.preventDefault(); act(touched); touched = false; });
  e.addEventListener('keydown', (ev) => {
    if (ev.key === 'Enter' || ev.key === ' ') { ev.preventDefault(); act(); }
  });
  return e;
}

/**
 * The picture of one part, playable: `part` is the library's drawing (svg, label,
 * how, moves); `ctx` has
 *   select   the board's Selection (the marks, shared by the parts: a click on
 *            another part clears them)
 *   index    this part's place in the position
 *   play(to, words)  make the move to the position `to` (a whole position)
 *   say(text)        tell the player something
 *   hinted   the position the hint leaves, or null
 *   scale    the scale to show it at (fittingScale of the game's first picture)
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
  const each = (ids, act) => ids.forEach((id) => { const e = shapes.get(id); if (e) act(e); });

  /** Shows the marks, and the shapes that would add to them. */
  function show() {
    const marks = marked();
    const growing = part.moves.filter((m) => m.marks.length > marks.size && [...marks].every((id) => m.marks.includes(id)));
    for (const [id, e] of shapes) {
      e.classList.toggle('marked', marks.has(id));
      e.classList.toggle('addable', marks.size > 0 && growing.some((m) => m.marks.includes(id) && !marks.has(id)));
    }
  }

  /** What a click on `id` would make: the move whose marks are the marks with it. */
  const preview = (id) => {
    const marks = new Set(marked());
    marks.add(id);
    return part.moves.find((m) => sameSet(marks, m.marks));
  };
  const light = (id, on) => each(on ? (preview(id)?.lit ?? [id]) : [...shapes.keys()], (e) => e.classList.toggle('lit', on));

  /** The moves whose marks are exactly the marks, and those that mark more. */
  const making = () => [
    part.moves.filter((m) => sameSet(sel, m.marks)),
    part.moves.filter((m) => m.marks.length > sel.size && [...sel].every((x) => m.marks.includes(x))),
  ];

  /** The shape a first tap previewed (a touch screen has no hover): a second tap on it plays. */
  let armed = null;

  function click(id, touched = false) {
    if (armed?.id === id) { ctx.play(armed.move.to, armed.move.words); return; }
    armed = null;
    if (sel.part !== ctx.index) { sel.clear(); sel.part = ctx.index; }
    if (sel.has(id)) sel.delete(id); else sel.add(id);
    let [exact, larger] = making();
    if (sel.size > 1 && !exact.length && !larger.length) {
      // No move marks these together: the marks start again from this one.
      ctx.say(sentence(`${titleOf(shapes.get(id))}: no move is made of it with the shapes marked before, so the marks start again from it`));
      sel.clear();
      sel.add(id);
      [exact, larger] = making();
    }
    show();
    if (!sel.size) {
      sel.offer(null);
    } else if (exact.length === 1 && !larger.length && touched) {
      // A tap shows what it would do, and offers it; the same tap again makes it.
      armed = { id, move: exact[0] };
      light(id, true);
      sel.offer(exact[0].words, () => ctx.play(exact[0].to, exact[0].words));
    } else if (exact.length === 1 && !larger.length) {
      ctx.play(exact[0].to, exact[0].words);
    } else if (exact.length) {
      sel.offer(exact[0].words, () => ctx.play(exact[0].to, exact[0].words));
    } else {
      sel.offer(null);
    }
  }

  const playable = new Set(part.moves.flatMap((m) => m.marks));
  for (const id of playable) {
    const e = shapes.get(id);
    if (!e) continue;
    clickable(e, (touched) => click(id, touched));
    e.addEventListener('mouseenter', () => light(id, true));
    e.addEventListener('mouseleave', () => light(id, false));
    e.addEventListener('focus', () => light(id, true));
    e.addEventListener('blur', () => light(id, false));
  }
  for (const m of part.moves.filter((move) => move.to === ctx.hinted)) each(m.marks, (e) => e.classList.add('hinted'));
  show();
  return svg;
}
