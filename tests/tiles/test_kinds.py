from collections import Counter

import pytest

from mjsim import tiles as t


def test_numbering_follows_the_design():
    assert [t.NAMES[k] for k in (0, 8, 9, 17, 18, 26)] == ["1m", "9m", "1p", "9p", "1s", "9s"]
    assert [t.NAMES[k] for k in range(27, 34)] == list("ESWNRGB")
    assert [t.NAMES[k] for k in range(34, 42)] == ["F1", "F2", "F3", "F4", "T1", "T2", "T3", "T4"]
    assert [t.NAMES[k] for k in t.FLOWERS] == ["F1", "F2", "F3", "F4"]
    assert [t.NAMES[k] for k in t.SEASONS] == ["T1", "T2", "T3", "T4"]
    assert len(set(t.NAMES)) == t.N_KINDS == 42


def test_full_set_is_144_tiles():
    assert len(t.ALL_TILES) == 144
    counts = Counter(t.ALL_TILES)
    assert all(counts[k] == 4 for k in t.PLAYING)
    assert all(counts[k] == 1 for k in t.BONUS)


@pytest.mark.parametrize(("name", "members", "size"), [
    ("TERMINALS", "1m 9m 1p 9p 1s 9s", 6),
    ("SIMPLES", None, 21),
    ("HONOR_KINDS", "E S W N R G B", 7),
    ("WIND_KINDS", "E S W N", 4),
    ("DRAGON_KINDS", "R G B", 3),
    ("TERMINALS_AND_HONORS", "1m 9m 1p 9p 1s 9s E S W N R G B", 13),
    ("GREENS", "2s 3s 4s 6s 8s G", 6),
    ("REVERSIBLES", "1p 2p 3p 4p 5p 8p 9p 2s 4s 5s 6s 8s 9s B", 14),
    ("BONUS_KINDS", "F1 F2 F3 F4 T1 T2 T3 T4", 8),
])
def test_classes_match_the_rules_table(name, members, size):
    group = getattr(t, name)
    assert len(group) == size
    if members is not None:
        assert {t.NAMES[k] for k in group} == set(members.split())


def test_no_character_tile_is_reversible():
    assert not any(t.suit(k) == 0 for k in t.REVERSIBLES)


def test_predicates_agree_with_tables():
    for k in t.KINDS:
        assert t.is_terminal(k) == (k in t.TERMINALS)
        assert t.is_simple(k) == (t.is_suited(k) and t.rank(k) in range(2, 9))
        assert t.is_honor(k) == (t.is_wind(k) or t.is_dragon(k))
        assert t.is_terminal_or_honor(k) == (t.is_terminal(k) or t.is_honor(k))
        assert t.is_green(k) == (k in t.GREENS)
        assert t.is_reversible(k) == (k in t.REVERSIBLES)
        assert t.is_bonus(k) == (k >= 34)
        assert t.is_suited(k) + t.is_honor(k) + t.is_bonus(k) == 1


def test_suit_and_rank():
    assert (t.suit(13), t.rank(13)) == (1, 5)
    assert t.suit(t.EAST) is None and t.rank(t.WHITE) is None and t.rank(40) is None
    assert all(t.kind_of(t.suit(k), t.rank(k)) == k for k in t.SUITED)
    for suit_index, rank in [(0, 10), (0, 0), (3, 1), (-1, 5)]:
        with pytest.raises(ValueError, match=f"^no suited tile of suit {suit_index} and rank "
                                             f"{rank}$"):
            t.kind_of(suit_index, rank)
    with pytest.raises(TypeError, match="^suit is a whole number, not 2.0$"):
        t.kind_of(2.0, 9)  # was the kind 26.0
    with pytest.raises(TypeError, match=r"^rank is a whole number, not a bool \(True\)$"):
        t.kind_of(0, True)
    with pytest.raises(ValueError):
        t.copies(42)


def test_glyphs_are_distinct_tiles_of_the_unicode_block():
    assert len(set(t.GLYPHS)) == 42
    assert all(0x1F000 <= ord(g) <= 0x1F029 for g in t.GLYPHS)
    assert t.GLYPHS[t.EAST] == "\U0001F000" and t.GLYPHS[0] == "\U0001F007"
    assert t.GLYPHS[18] == "\U0001F010" and t.GLYPHS[9] == "\U0001F019"
    assert t.LONG_NAMES[t.WHITE] == "White dragon"
