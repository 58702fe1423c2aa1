"""The hint: each option's shanten, legal distance and acceptance, and for a ready hand each wait
with the points it would score and whether that reaches the 8-point minimum (a ready hand whose
waits all score less can never win as it stands, however long it waits).

The legal distance (:func:`mjsim.analysis.legal_discards`) is the draws to a win worth eight
points; the options are ranked by it first, then by the shanten.

The waits are scored as the table would score them, on a discard and self-drawn (which adds
Self-Drawn, or Fully Concealed Hand), by the function the engine offers a win by
(:func:`mjsim.game.rules.score_win`): the copies face up count (Last Tile), and a win on the
tile drawn or discarded now has the moment's luck too (:attr:`View.luck`: Last Tile Draw or
Claim, Out with Replacement Tile, a robbed kong), so the hint and the ready line say "legal"
exactly when the engine offers the win.
"""

from __future__ import annotations

from dataclasses import dataclass

from mjsim.analysis import legal_discards, legal_distance, shanten
from mjsim.game.moves import Move, claimed_meld
from mjsim.game.rules import NO_LUCK, score_win
from mjsim.players.rungs import best
from mjsim.players.view import View
from mjsim.scoring import MIN_POINTS
from mjsim.tiles.hand import Hand
from mjsim.tiles.kinds import NAMES
from mjsim.tiles.meld import Meld
from mjsim.tiles.tokens import print_tiles

SHOWN = 4  # discards shown besides rung 3's choice
SEEN = 2  # how far the hint searches the legal distance: beyond it, "at least 3"


@dataclass(frozen=True)
class Wait:
    """A tile that completes the hand, the points a win on it scores on a discard and
    self-drawn (flowers apart), and the unseen copies left."""

    tile: int
    discard: int
    self_drawn: int
    copies: int

    @property
    def legal(self) -> bool:
        return max(self.discard, self.self_drawn) >= MIN_POINTS

    def words(self) -> str:
        points = (f"{self.discard}" if self.discard == self.self_drawn
                  else f"{self.discard} ({self.self_drawn} self-drawn)")
        mark = "" if self.legal else f", below {MIN_POINTS}"
        if self.legal and self.discard < MIN_POINTS:
            mark = ", self-drawn only"
        return f"{NAMES[self.tile]} {points}{mark}, {self.copies} left"


@dataclass(frozen=True)
class Option:
    """One choice: what it is, the shanten and legal distance after it, the unseen copies that
    help, and the waits when it leaves the hand ready."""

    label: str
    shanten: int
    legal: int
    copies: int
    kinds: tuple[int, ...]
    waits: tuple[Wait, ...]

    def words(self) -> str:
        legal = f"{SEEN + 1}+" if self.legal > SEEN else f"{self.legal}"  # 3+: at least 3
        if self.shanten > 0 or not self.waits:
            helped = print_tiles(self.kinds) or "none"
            help_ = "1 tile helps" if self.copies == 1 else f"{self.copies} tiles help"
            return f"{self.label:<13} shanten {self.shanten}, legal {legal}, {help_}: {helped}"
        verdict = ("" if any(w.legal for w in self.waits) else
                   f" (none reaches {MIN_POINTS}: this hand cannot win; legal distance {legal})")
        return (f"{self.label:<13} ready, waits: "
                + "; ".join(w.words() for w in self.waits) + verdict)


def move_words(move: Move) -> str:
    """A move as a verb phrase: "discard 5m", "chow 345s", "pung E", "pass", "win"."""
    if move.tiles is not None:
        return f"chow {print_tiles(move.tiles)}"
    if move.tile is None:
        return move.kind
    return f"{move.kind} {NAMES[move.tile]}"


def waits_of(hand: Hand, view: View) -> tuple[Wait, ...]:
    """The waits of a 13-tile ``hand`` held in ``view``'s seat, each scored."""
    melds = len(hand.melds)
    if shanten.shanten(hand.counts, melds) != 0:
        return ()
    unseen = view.unseen
    found = []
    for tile in shanten.waits(hand.counts, melds):
        won = hand.copy()
        won.counts[tile] += 1
        points = [_points(won, tile, view, self_drawn) for self_drawn in (False, True)]
        found.append(Wait(tile, points[0], points[1], max(0, unseen[tile])))
    return tuple(found)


def _points(hand: Hand, tile: int, view: View, self_drawn: bool) -> int:
    """What ``hand`` (holding ``tile``) scores won on it: with the moment's luck when the tile
    is the one drawn or discarded now, else with only the copies face up."""
    window, face_up, robbing = view.window, view.visible[tile], False
    if self_drawn:
        now = view.drawn == tile
    else:
        now = window is not None and window.tile == tile
        if now and window is not None:
            robbing = window.kind == "rob"
            face_up -= not robbing  # the discard lies in its pool
    try:
        return score_win(hand, tile, view.ruleset_index, view.seat_wind, view.prevalent,
                         self_drawn=self_drawn, face_up=face_up,
                         luck=view.luck if now else NO_LUCK, robbing=robbing).total
    except ValueError:  # a context this hand makes impossible scores nothing
        return 0


def _options_after(hand: Hand, view: View, prefix: str = "discard ") -> list[Option]:
    """Each discard of a 14-tile ``hand``, best first."""
    melds = len(hand.melds)
    unseen = [max(0, u) for u in view.unseen]
    distances = {row.tile: row.distance for row in legal_discards(
        hand.counts, hand.melds, view.seat_wind, view.prevalent, unseen=unseen,
        ruleset=view.ruleset, limit=SEEN)}
    options = []
    for row in shanten.discards(hand.counts, melds, unseen):
        after = hand.copy()
        after.counts[row.tile] -= 1
        waits = waits_of(after, view) if row.shanten == 0 else ()
        options.append(Option(f"{prefix}{NAMES[row.tile]}", row.shanten, distances[row.tile],
                              row.copies, tuple(row.kinds), waits))
    return sorted(options, key=_rank)


def _rank(option: Option) -> tuple[int, int, int, int]:
    legal = sum(w.copies for w in option.waits if w.legal)
    return (option.legal, option.shanten, -legal, -option.copies)


def hint(view: View) -> str:
    """What rung 3 would do, then each option with its numbers, best first."""
    move = best(view, 3)
    lines = [f"rung 3 would {move_words(move) if move else 'have no move'}"]
    hand = view.hand
    if view.window is not None:  # a claim: each legal answer, as it would leave the hand
        lines.extend(f"  {option_words(view, option)}" for option in view.legal)
        return "\n".join(lines)
    if any(m.kind == "win" for m in view.legal):
        lines.append(f"  {option_words(view, Move('win'))}")
    elif view.drawn is not None and shanten.shanten(hand.counts, len(hand.melds)) < 0:
        points = _points(hand, view.drawn, view, True)
        lines.append(f"  your hand is complete but scores {points}, below {MIN_POINTS}: "
                     "no legal win")
    options = _options_after(hand, view)
    chosen = (f"discard {NAMES[move.tile]}" if move is not None and move.kind == "discard"
              and move.tile is not None else None)
    shown = options[:SHOWN] + [o for o in options[SHOWN:] if o.label == chosen]
    lines.extend("  " + o.words() for o in shown)
    lines.extend(f"  {option_words(view, m)}" for m in view.legal if m.kind == "kong")
    picked = next((o for o in shown if o.label == chosen), None)
    if picked is not None and _rank(picked) != _rank(shown[0]):
        lines.append(f"  rung 3 plays {picked.label[8:]} over {shown[0].label[8:]}: it weighs more "
                     "than these numbers (the danger of each discard, the value of its plan)")
    return "\n".join(lines)


def option_words(view: View, move: Move) -> str:
    """One legal move of ``view`` with its numbers: shanten, legal distance and acceptance after
    it, the points of its waits when it leaves the hand ready, the points of a win."""
    hand = view.hand
    if move.kind == "win":
        tile = view.drawn if view.window is None else view.window[1]
        return f"win           {_win_words(hand, tile, view, view.window is None)}"
    if move.kind == "discard" and move.tile is not None:
        label = f"discard {NAMES[move.tile]}"
        return next(o.words() for o in _options_after(hand, view) if o.label == label)
    if move.kind == "pass":
        return _standing(hand, view, "pass").words()
    if move.kind in ("chow", "pung") and view.window is not None:
        _kind, tile, source = view.window
        after = hand.after_claim(claimed_meld(move, tile, source))
        claim = move_words(move) if move.kind == "chow" else f"pung {NAMES[tile]}"
        return _options_after(after, view, prefix=f"{claim}, then ")[0].words()
    if move.kind == "kong":
        # The replacement tile is unknown: the numbers are those of the hand that waits for it.
        tile = move.tile if move.tile is not None else view.window[1] if view.window else None
        if tile is not None:
            return _standing(_konged(hand, tile, view), view, f"kong {NAMES[tile]}").words()
    return move_words(move)


def _standing(hand: Hand, view: View, label: str) -> Option:
    """A hand of 13-3m tiles as it stands, waiting for its next tile, labelled ``label``."""
    melds = len(hand.melds)
    accepted = shanten.acceptance(hand.counts, melds)
    unseen = [max(0, u) for u in view.unseen]
    legal = legal_distance(hand.counts, hand.melds, view.seat_wind, view.prevalent,
                           unseen=unseen, ruleset=view.ruleset, limit=SEEN)
    return Option(label, shanten.shanten(hand.counts, melds), legal,
                  sum(unseen[kind] for kind, _ in accepted),
                  tuple(kind for kind, _ in accepted), waits_of(hand, view))


def _konged(hand: Hand, tile: int, view: View) -> Hand:
    """``hand`` after a kong of ``tile``: of a discard in ``view``'s window, of four concealed
    copies, or a pung promoted with the fourth."""
    if view.window is not None:
        _kind, _tile, source = view.window
        return hand.after_claim(Meld.kong(tile, claimed=tile, source=source))
    after = hand.copy()
    if after.counts[tile] == 4:
        after.counts[tile] -= 4
        after.add_meld(Meld.kong(tile, concealed=True))
    else:
        after.counts[tile] -= 1
        after.melds = tuple(Meld.kong(tile, claimed=m.claimed, source=m.source)
                            if m.kind == "pung" and m.tile == tile else m for m in after.melds)
    return after


def _win_words(hand: Hand, tile: int | None, view: View, self_drawn: bool) -> str:
    if tile is None:
        return "a win"
    won = hand.copy()
    if not self_drawn:
        won.counts[tile] += 1
    points = _points(won, tile, view, self_drawn)
    legal = "a legal win" if points >= MIN_POINTS else f"below {MIN_POINTS}: not a legal win"
    return f"{points} points (flowers apart), {legal}"
