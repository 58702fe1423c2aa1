"""`mjsim shanten` shows the legal distance beside the shanten, for the seat, round and way of
winning asked, and the legal distance after each discard of 14 tiles."""

import json

from mjsim import Hand
from mjsim.analysis import legal_discards, legal_distance
from mjsim.ui.cli import main


def test_shanten_shows_the_legal_distance(capsys):
    assert main(["shanten", "123m 567p 234s 678s 9p"]) == 0
    out = capsys.readouterr().out
    assert "shanten: 0 (ready)" in out
    # Counted as the shanten: 0 a legal wait (one draw from the win), not "draws to" the win.
    assert ("legal distance: 2 (counted as the shanten, to a win worth 8 on a discard; seat E, "
            "prevalent E)") in out


def test_a_far_hand_shows_the_bound(capsys):
    assert main(["shanten", "1m 5m 9m 2p 6p 1s 5s 9s E S W N R"]) == 0
    assert "legal distance: at least 4" in capsys.readouterr().out


def test_the_winds_and_the_way_of_winning_are_asked(capsys):
    """East's pung of East scores for the East seat in an East round, not for West in a West
    round: the same ready hand is 1 or 2 from a legal win (issue 25)."""
    text = "pung(EEE) pung(SSS) 234m 78s 99p"
    hand = Hand.parse(text)
    for argv, seat, prevalent, drawn in (([], 0, 0, False), (["--seat", "W", "--prevalent", "w"],
                                                              2, 2, False),
                                         (["--seat", "W", "--self-drawn"], 2, 0, True)):
        assert main(["shanten", text, *argv]) == 0
        far = legal_distance(hand.counts, hand.melds, seat, prevalent, self_drawn=drawn)
        how = "self-drawn" if drawn else "on a discard"
        assert (f"legal distance: {far} (counted as the shanten, to a win worth 8 {how}; seat "
                f"{'ESWN'[seat]}, prevalent {'ESWN'[prevalent]})") in capsys.readouterr().out
    assert [legal_distance(hand.counts, hand.melds, s, s) for s in (0, 2)] == [1, 2]


def test_json_gives_the_legal_distance_overall_and_after_each_discard(capsys):
    text = "123m 567p 234s 678s 9p 9s"
    hand = Hand.parse(text)
    assert main(["shanten", text, "--seat", "S", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["legal_distance"] == legal_distance(hand.counts, seat_wind=1) == 1
    assert (data["seat"], data["prevalent"], data["self_drawn"]) == ("S", "E", False)
    after = {row.tile: row.distance for row in legal_discards(hand.counts, seat_wind=1)}
    assert {Hand.parse(d["tile"]).tiles()[0]: d["legal_distance"]
            for d in data["discards"]} == after
    assert main(["shanten", text, "--seat", "S"]) == 0
    lines = capsys.readouterr().out.splitlines()
    for d in data["discards"]:   # the text says the same, discard by discard
        shown = f"{d['legal_distance']}{'+' if d['legal_distance'] > 3 else ' '}"
        assert any(line.split()[:1] == [d["tile"]] and f"legal {shown}" in line
                   for line in lines)


def test_a_complete_hand_that_is_no_legal_win_lists_its_discards_as_json_does(capsys):
    """Complete (shanten -1) but 1 from a win worth eight: the text once stopped at the legal
    distance, where --json ("the same") listed all its discards."""
    text = "123m 567p 234s 678s 99p"
    hand = Hand.parse(text)
    assert legal_distance(hand.counts) == 1  # complete, and no legal win
    assert main(["shanten", text]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert "shanten: -1 (complete)" in lines
    first = lines.index("discards, best first (shanten after, then copies accepted):") + 1
    after = {row.tile: row.distance for row in legal_discards(hand.counts)}
    shown = {Hand.parse(line.split()[0]).tiles()[0]:
             int(line.split("legal ")[1].split()[0].rstrip("+")) for line in lines[first:]}
    assert shown == after and len(shown) == len(set(hand.tiles())) == 13
    assert main(["shanten", text, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert sorted(d["tile"] for d in data["discards"]) == sorted(
        line.split()[0] for line in lines[first:])


def test_json_ranks_the_discards_as_the_text_does(capsys):
    """The README's "--json gives the same": the discards best first (the shanten after, then
    the copies accepted), where the JSON once listed them by kind."""
    text = "123456789m 1234p E"
    assert main(["shanten", text]) == 0
    lines = capsys.readouterr().out.splitlines()
    first = lines.index("discards, best first (shanten after, then copies accepted):") + 1
    assert main(["shanten", text, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [d["tile"] for d in data["discards"]] == [line.split()[0] for line in lines[first:]]
    assert data["discards"][0]["tile"] == "E"
