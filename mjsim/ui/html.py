"""A replay page: one self-contained HTML file (styles, script and tiles inline, nothing fetched)
that steps through a game with the keyboard.

Right and Left step a move, ] and [ (or Page Down and Page Up) a hand, Home and End go to the
ends; v shows the game as one seat saw it (its own frames, :attr:`mjsim.ui.replay.Replay.seen`,
made by the one rule of :mod:`mjsim.players.seen`: the others' hands and draws face down, their
concealed kongs without their kind, only what it heard said, no step for a move it could not
see) or with every hand open; at a win, the scoring stands beside the table. The tiles are drawn
as inline SVG.
"""

from __future__ import annotations

import html
import json
from typing import IO

from mjsim.ui.replay import Replay

_STYLE = """
body { font-family: system-ui, sans-serif; background: #1d3b2a; color: #f4f1e8; margin: 1em; }
h1 { font-size: 1.2em; margin: 0 0 .3em 0; }
#bar { display: flex; gap: 1em; align-items: center; margin-bottom: .5em; }
#bar button { font-size: 1em; }
.seat { background: #24513a; border-radius: 6px; padding: .4em .6em; margin: .3em 0; }
.seat.actor { outline: 2px solid #f2c14e; }
.name { font-weight: bold; display: inline-block; min-width: 9em; }
.row { margin: .2em 0; min-height: 30px; }
.label { display: inline-block; width: 4em; color: #b9d3c2; font-size: .85em; }
svg.tile { vertical-align: middle; margin-right: 1px; }
svg.last rect { stroke: #f2c14e; stroke-width: 3; }
#said { min-height: 1.5em; color: #f2c14e; }
#ended { white-space: pre; font-family: monospace; background: #f4f1e8; color: #111;
         padding: .5em; border-radius: 6px; display: none; }
#keys { color: #b9d3c2; font-size: .85em; }
"""

_SCRIPT = """
const data = JSON.parse(document.getElementById('game').textContent);
let frames = data.frames;
let index = 0;
let viewer = -1;  // -1: every hand open; 0-3: as that seat saw the table
// What a seat saw is decided in Python (mjsim.players.seen): its own frames, data.seen[s].
function toggle() {
  const open = viewer < 0 ? index : data.seen_at[viewer][index];
  viewer = viewer === 3 ? -1 : viewer + 1;
  frames = viewer < 0 ? data.frames : data.seen[viewer];
  index = 0;
  if (viewer < 0) index = open;
  else while (index + 1 < frames.length && data.seen_at[viewer][index + 1] <= open) index++;
  show();
}
const SUIT = {m: '#b22222', p: '#1f5fa8', s: '#2e7d32'};
function tile(name, last) {
  const w = 22, h = 30;
  const hidden = name === '?';  // face down: the frame as a seat saw it says which
  const colour = hidden ? '#3c6e55' : '#fbf8ef';
  let text = '', fill = '#222';
  if (!hidden) {
    text = name;
    const suit = name.length === 2 && /[0-9]/.test(name[0]) ? name[1] : '';
    fill = SUIT[suit] || (name === 'R' ? '#c62828' : name === 'G' ? '#2e7d32' : '#222');
    if (suit) text = name[0];
  }
  const sub = (!hidden && name.length === 2 && /[mps]/.test(name[1])) ?
    `<text x="11" y="27" font-size="8" text-anchor="middle" fill="${fill}">${name[1]}</text>` : '';
  return `<svg class="tile${last ? ' last' : ''}" width="${w}" height="${h}" ` +
    `data-tile="${hidden ? '?' : name}" viewBox="0 0 ${w} ${h}">` +
    `<rect x="1" y="1" width="${w - 2}" height="${h - 2}" rx="3" fill="${colour}" ` +
    `stroke="#888"/><text x="11" y="18" font-size="14" font-weight="bold" ` +
    `text-anchor="middle" fill="${fill}">${text}</text>${sub}</svg>`;
}
function tiles(list, lastIndex) {
  return list.map((t, i) => tile(t, i === lastIndex)).join('');
}
const WINDS = 'ESWN';
function show() {
  const f = frames[index];
  document.getElementById('step').textContent =
    `hand ${f.hand_no} · step ${index} of ${frames.length - 1} · ` +
    (viewer < 0 ? `move ${f.number} · ` : '') +
    `prevalent ${WINDS[f.prevalent]} · wall ${f.wall}`;
  document.getElementById('view').textContent =
    viewer < 0 ? 'every hand open' : `as ${data.names[viewer]} saw it`;
  document.getElementById('said').textContent = f.said.length ? f.said.join('; ') : f.move;
  for (let s = 0; s < 4; s++) {
    const seat = f.seats[s];
    const box = document.getElementById('seat-' + s);
    box.className = 'seat' + (f.actor === s ? ' actor' : '');
    const drew = seat.drew ? ' ' + tile(seat.drew, false) : '';
    box.innerHTML =
      `<div><span class="name">${data.names[s]} (${WINDS[(s - f.dealer + 4) % 4]})</span>` +
      `<span class="total">${f.totals[s] >= 0 ? '+' : ''}${f.totals[s]}</span></div>` +
      `<div class="row hand"><span class="label">hand</span>` +
      `${tiles(seat.hand, -1)}${drew}</div>` +
      `<div class="row pool"><span class="label">pool</span>` +
      `${tiles(seat.pool, f.last === s ? seat.pool.length - 1 : -1)}</div>` +
      (seat.melds ? `<div class="row"><span class="label">melds</span>${seat.melds}</div>` : '') +
      (seat.flowers ? `<div class="row"><span class="label">flowers</span>${seat.flowers}` +
       `</div>` : '');
  }
  const ended = document.getElementById('ended');
  ended.textContent = f.ended.join('\\n');
  ended.style.display = f.ended.length ? 'block' : 'none';
}
function handStart(hand) {
  return frames.findIndex(f => f.hand_no === hand);
}
function go(to) { index = Math.max(0, Math.min(frames.length - 1, to)); show(); }
document.addEventListener('keydown', e => {
  const hand = frames[index].hand_no;
  if (e.key === 'ArrowRight' || e.key === ' ') go(index + 1);
  else if (e.key === 'ArrowLeft') go(index - 1);
  else if (e.key === ']' || e.key === 'PageDown') {
    const next = handStart(hand + 1); go(next < 0 ? frames.length - 1 : next);
  } else if (e.key === '[' || e.key === 'PageUp') {
    const start = handStart(hand);
    go(index === start && hand > 1 ? handStart(hand - 1) : start);
  } else if (e.key === 'Home') go(0);
  else if (e.key === 'End') go(frames.length - 1);
  else if (e.key === 'v') toggle();
  else return;
  e.preventDefault();
});
for (const [id, key] of [['prev', 'ArrowLeft'], ['next', 'ArrowRight'], ['toggle', 'v']]) {
  document.getElementById(id).addEventListener('click', () =>
    document.dispatchEvent(new KeyboardEvent('keydown', {key})));
}
show();
"""


def page(replay: Replay) -> str:
    """The replay page's HTML."""
    header = replay.header
    data = {"names": replay.names, "players": header["players"],
            "frames": [frame.to_dict() for frame in replay.frames],
            "seen": [[frame.to_dict() for frame in frames] for frames in replay.seen],
            "seen_at": replay.seen_at}
    # Inside <script>, "</" would end the element early: JSON escapes it as "<\\/".
    payload = json.dumps(data, separators=(",", ":")).replace("</", "<\\/")
    title = html.escape(f"mjsim replay: seed {header['seed']}, {header['ruleset']}")
    stopped = (f"<p>The log stops early: {html.escape(replay.stopped)}; "
               "the page replays up to there.</p>" if replay.stopped else "")
    seats = "\n".join(f'<div class="seat" id="seat-{s}"></div>' for s in range(4))
    players = html.escape(", ".join(f"{n} = {p}" for n, p in zip(replay.names,
                                                                  header["players"])))
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>{title}</title>
<style>{_STYLE}</style></head>
<body>
<h1>{title}</h1>
<p>{players}</p>{stopped}
<div id="bar"><button id="prev">&larr;</button><span id="step"></span>
<button id="next">&rarr;</button><button id="toggle">v</button><span id="view"></span></div>
<div id="keys">&larr; &rarr; a move · [ ] a hand · Home End · v: every hand open, or as one
seat saw it</div>
<div id="said"></div>
{seats}
<div id="ended"></div>
<script type="application/json" id="game">{payload}</script>
<script>{_SCRIPT}</script>
</body></html>
"""


def write_page(replay: Replay, stream: IO[str]) -> None:
    stream.write(page(replay))
