"""The replay page's one-seat view runs the page's own script (in Node, on a stub of the few DOM
calls it makes, where Chromium is not at hand) and shows another seat's concealed kong face down:
it once said ``concealed kong 9999p`` of seat 1's kong to seat 0."""

import io
import json
import shutil
import subprocess

import pytest

from mjsim.game import gamelog
from mjsim.ui import html, replay
from tests.ui.conftest import record

NODE = shutil.which("node")
DOM = """
const fs = require('fs');
const page = fs.readFileSync(process.argv[1], 'utf8');
const els = {game: {textContent: page.split('id="game">')[1].split('</script>')[0]}};
const el = id => els[id] || (els[id] = {textContent: '', innerHTML: '', className: '',
                                        style: {}, addEventListener() {}});
let keydown = null;
global.document = {getElementById: el, addEventListener: (k, f) => { keydown = f; },
                   dispatchEvent() {}};
global.KeyboardEvent = function () {};
eval(page.split('<script>')[1].split('</script>')[0]);
const shown = [];
for (const key of JSON.parse(process.argv[2])) {
  keydown({key, preventDefault() {}});
  shown.push({view: el('view').textContent, step: el('step').textContent,
              seats: [0, 1, 2, 3].map(s => el('seat-' + s).innerHTML)});
}
console.log(JSON.stringify(shown));
"""


@pytest.mark.skipif(NODE is None, reason="no node")
def test_the_one_seat_view_shows_another_seats_concealed_kong_face_down(tmp_path):
    _, moves = gamelog.read(io.StringIO(record("k4", (1, 3, 3, 3), 1)))
    shown = replay.build({"seed": "k4", "ruleset": "green-book", "players": ["1", "3", "3", "3"]},
                         moves)
    kong = next(i for i, frame in enumerate(shown.frames) if "9999p" in frame.seats[1].melds)
    path = tmp_path / "k4.html"
    path.write_text(html.page(shown))
    keys = ["ArrowRight"] * (kong + 2) + ["v"]
    done = subprocess.run([NODE, "-e", DOM, str(path), json.dumps(keys)], capture_output=True,
                          text=True, check=True, timeout=60)
    *_, open_view, seat_view = json.loads(done.stdout)
    assert "concealed kong 9999p" in open_view["seats"][1]
    assert seat_view["view"] == "as seat0 saw it" and "move" not in seat_view["step"]
    assert "concealed kong" in seat_view["seats"][1] and "9999p" not in seat_view["seats"][1]
    assert 'data-tile="9p"' not in seat_view["seats"][1]
