"""The replay page in a real headless Chromium (Debian's chromium and chromedriver): it loads
with nothing fetched, steps with the keyboard, hides or opens the hands, and shows the scoring
at a win."""

import re
import shutil

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from mjsim.ui import replay
from tests.ui.conftest import mjsim


@pytest.fixture(scope="module")
def browser():
    options = Options()
    options.binary_location = shutil.which("chromium")
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1000,900",
                     "--disable-dev-shm-usage"):
        options.add_argument(argument)
    driver = webdriver.Chrome(options=options, service=Service(shutil.which("chromedriver")))
    yield driver
    driver.quit()


@pytest.fixture(scope="module")
def page(tmp_path_factory, recorded):
    path = tmp_path_factory.mktemp("html") / "game.html"
    status, out, err = mjsim("replay", str(recorded), "--html", str(path), cwd=path.parent)
    assert status == 0 and err == "" and str(path) in out
    return path


def test_the_page_is_self_contained(page):
    text = page.read_text()
    assert not re.search(r"""(src|href)\s*=\s*["'](?!#)""", text)  # no file, no address
    assert "<link" not in text and "@import" not in text and "url(" not in text


def text_of(browser, element):
    return browser.find_element(By.ID, element).text


def test_step_through_the_game_in_chromium(browser, page, recorded, tmp_path):
    shown = replay.load(recorded)
    browser.get(page.as_uri())
    assert browser.get_log("browser") == []  # no script error
    assert text_of(browser, "step").startswith(f"hand 1 · step 0 of {len(shown.frames) - 1}")
    body = browser.find_element(By.TAG_NAME, "body")
    for _ in range(3):
        body.send_keys(Keys.ARROW_RIGHT)
    body.send_keys(Keys.ARROW_LEFT)
    assert text_of(browser, "step").startswith("hand 1 · step 2 of")
    assert text_of(browser, "said") == "; ".join(shown.frames[2].said)
    for seat in range(4):  # every hand open: each tile as the frame holds it
        tiles = browser.find_elements(By.CSS_SELECTOR, f"#seat-{seat} .hand svg")
        frame_seat = shown.frames[2].seats[seat]
        expected = frame_seat.hand + ([frame_seat.drew] if frame_seat.drew else [])
        assert [t.get_attribute("data-tile") for t in tiles] == expected
    body.send_keys("v")  # as seat 0 saw it: its own frames, the others' hands face down
    assert text_of(browser, "view") == f"as {shown.names[0]} saw it"
    hidden = browser.find_elements(By.CSS_SELECTOR, "#seat-1 .hand svg[data-tile='?']")
    assert hidden and not browser.find_elements(By.CSS_SELECTOR,
                                                "#seat-0 .hand svg[data-tile='?']")
    index = max(i for i, at in enumerate(shown.seen_at[0]) if at <= 2)
    assert text_of(browser, "step").startswith(
        f"hand 1 · step {index} of {len(shown.seen[0]) - 1} · prevalent")  # no move number
    won = next(i for i, frame in enumerate(shown.seen[0]) if frame.ended)
    for _ in range(won - index):
        body.send_keys(Keys.ARROW_RIGHT)
    ended = text_of(browser, "ended")
    assert ended.splitlines() == shown.seen[0][won].ended and "paid on" in ended
    body.send_keys("]")
    assert text_of(browser, "step").startswith("hand 2 ·")
    assert not browser.find_element(By.ID, "ended").is_displayed()
    shot = tmp_path / "replay-page.png"
    assert browser.save_screenshot(str(shot)) and shot.read_bytes()[:4] == b"\x89PNG"
