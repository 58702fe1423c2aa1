# Types for mjsim/game/rules.py, compiled in Cython's pure-Python mode (the module stays plain
# Python). Public attributes and methods keep their Python names and types; the hot private
# ones are C. A local ``state = self.state`` is typed HandState by Cython's type inference, so
# its fields are C accesses too.

cimport cython
from libc.stdint cimport int64_t, uint8_t

from mjsim.tiles.wall cimport SplitWall, Wall
from mjsim.game.window cimport Window, open_window
from mjsim_core.shanten cimport _shanten_of as shanten
from mjsim_core.shanten cimport _wait_mask_of as wait_mask
from mjsim_core.shanten cimport _waits_of as formal_waits


cdef class Table


# Module constants read on every draw and discard, as C (the kinds' counts too, imported).
cdef int _AFTER_FLOWERS, N_PLAYING, N_SUITED
cdef dict _NO_SCORES
cdef tuple _CLAIM_SETS, _CHOW_NEEDS
cdef int _WIN_BIT, _PUNG_BIT, _KONG_BIT, _FIRST_CHOW_BIT
cdef bytes _DEAL
cdef int64_t _UNKNOWN


# What a hand changes, in one record; its fields are read-only outside this module.
cdef class HandState:
    cdef readonly Wall wall
    cdef readonly list hands, pools
    cdef readonly uint8_t[:, ::1] counts   # seat x kind: the hands' counts (each a row)
    cdef readonly str phase
    cdef readonly int turn, drawn          # -1 for none
    cdef readonly bint replacement, claimed_this_turn, last_draw_emptied, last_discard_is_last
    cdef readonly Window window            # None when no window is open
    cdef readonly dict scores              # seat -> its scored win on the window's tile
    cdef readonly int64_t waits[4]         # per seat: its waits, a bit a kind, or _UNKNOWN (-1)
    cdef readonly int64_t waits_before_draw  # the seat on turn's, before its draw, or _UNKNOWN
    cdef readonly bint turn_win_known
    cdef readonly object turn_win          # a Scored (a Python class) or None
    cdef readonly bint kong_draw
    cdef readonly tuple census
    cdef readonly uint8_t[::1] shown       # kind: copies face up (pools, exposed melds)

    # Seat four hands, their counts made rows of counts.
    cdef _seat_hands(self, list hands)

    @cython.locals(state=HandState)
    cpdef HandState copy(self)


cdef class Rules:
    cdef public bytes seed
    cdef public str ruleset, status
    # The C numbers are read-only from Python: a value set there went through a C int, 2.7
    # kept as 2, and the game's own code sets them.
    cdef readonly int ruleset_index
    cdef readonly str table
    cdef Table _table                  # the table's variant: all that differs between tables
    cdef readonly int hand_no, last_hand
    cdef public list totals, history, outcomes
    cdef readonly long moves
    cdef readonly HandState state
    cdef dict _last                    # the latest event taken, or None
    cdef bint _events                  # build events (the constructor's events=)

    # Check and set the game-wide fields.
    cdef _setup(self, seed, ruleset, hand_no, last_hand, totals, Table table, bint events)

    # Draw for the seat until a playing tile comes: (tile, flowers before it), or None.
    @cython.locals(wall=Wall, table=Table, out=list, tile=int, flowers=int, waits=int64_t)
    cdef int _draw_playing(self, int seat, bint back) except -2

    # Draw and put the seat on turn, or exhaust the hand.
    @cython.locals(drawn=int, tile=int, flowers=int)
    cdef _draw_turn(self, int seat, bint back=*, bint kong=*)

    cpdef list take_outcomes(self)
    cpdef list waiting_on(self)
    cpdef list legal(self, seat)

    # The legal moves of the seat on turn, and the tiles it may declare a kong of.
    cdef list _turn_moves(self, int seat)

    @cython.locals(k=int, kongs=list, tile=int)
    cdef _turn_kongs(self, int seat)

    cpdef apply(self, seat, move)
    # apply in the discard phase, and in a window.
    cdef _apply_turn(self, int seat, move)
    cdef _apply_answer(self, int seat, move, Window window)
    # A legal move carried out: apply's, once checked, and the compiled loop's.
    cdef _take_turn(self, int seat, str kind, int tile)
    cdef _answer(self, int seat, move, Window window)

    # The turn's moves carried out, and their refusals (tile: any int the move named).
    cdef _discard(self, int seat, int tile)
    cdef _end_turn(self)

    cdef _kong_refusal(self, int seat, tile)
    cdef _declare_kong(self, int seat, int tile)
    cdef _promote(self, int seat, int tile)
    cdef _self_win(self)

    @cython.locals(seat=int, tile=int)
    cdef _score_self_win(self)
    cdef _win_refusal(self, int seat)

    # Ask the seats that can use the tile, or go straight on.
    @cython.locals(nearest=int, step=int, seat=int, waits=int64_t)
    cdef _open(self, str kind, int source, int tile)

    @cython.locals(rank=int, counts=uint8_t[:, ::1])
    cdef bint _chow_possible(self, int seat, int tile) except -1

    # The seat's scored win on the tile, or None; the claims it may make on it (a shared tuple).
    cdef _claim_win(self, int seat, str kind, int tile)

    @cython.locals(bits=int, held=int, i=int, a=int, b=int)
    cdef tuple _claims_on(self, int seat, str kind, int source, int tile, bint wins)

    # The seat's waits, worked out once per change of its hand.
    @cython.locals(waits=int64_t)
    cdef int64_t _waits_of(self, int seat) except -2
    cdef _score_claimed_win(self, int seat, str kind, int tile)
    cdef _claim_refusal(self, int seat, move, Window window)

    # Carry out a closed window's outcome.
    cdef _close(self, str kind, int source, int tile, int seat, move)

    @cython.locals(other=int)
    cdef _claim(self, int seat, move, int source, int tile)

    # The end of a hand: a win, or an exhausted wall; then settle and deal on.
    cdef _win(self, int seat, str by, source, int tile, scored)
    cdef _exhaust(self)

    @cython.locals(seat=int)
    cdef _finish_hand(self, dict outcome)

    @cython.locals(clone=Rules)
    cpdef Rules clone(self)

    cdef int _visible(self, int kind) except -1

    # Copies of each of the 42 kinds anywhere in the game.
    cdef tuple _count_tiles(self)


# What a table decides (the MCR table's answers; a variant overrides them).
cdef class Table:
    cdef readonly str name
    cdef readonly bint deal_luck       # a win on the dealt tiles counts as one
    cdef list _order                   # the MCR table's given wall of one hand, or None

    cpdef tuple hands(self, hand_no, last_hand)

    @cython.locals(wall=Wall, dealer=int, seat=int, after_dealer=int, tile=int, last_tile=int,
                   counts="unsigned char[:, ::1]", state=HandState, events=bint)
    cdef deal(self, Rules game)

    cdef int prevalent_of(self, int hand_no)
    cdef Py_ssize_t left(self, Wall wall, int seat) except -1
    cdef int take(self, Wall wall, int seat, bint back) except -1
    cdef bint is_last(self, HandState state, int seat)
    cdef bint kong_blocked(self, HandState state, int seat)
    cdef kong_refusal(self, int seat)
    cdef claim_refusal(self, int source)
    cpdef parts(self, Wall wall)


cdef class BotzoneTable(Table):
    cdef readonly int quan             # the prevalent wind
    cdef SplitWall _wall               # the wall as dealt (each game deals a copy)
    cdef tuple _census                 # the copies of each kind it holds

    cpdef tuple hands(self, hand_no, last_hand)

    @cython.locals(wall=SplitWall, seat=int, tile=int, state=HandState)
    cdef deal(self, Rules game)

    cdef int prevalent_of(self, int hand_no)
    cdef Py_ssize_t left(self, Wall wall, int seat) except -1
    cdef int take(self, Wall wall, int seat, bint back) except -1
    cdef bint is_last(self, HandState state, int seat)

    @cython.locals(parts=SplitWall)
    cdef bint kong_blocked(self, HandState state, int seat)
    cdef kong_refusal(self, int seat)
    cdef claim_refusal(self, int source)
    cpdef parts(self, Wall wall)


cdef SplitWall _split(Wall wall)


# A seat argument, checked: the plain int 0-3 passes with no call (rules.py's _seat says more).
cdef int _seat(seat) except -1


# Botzone's wall and its census: the given walltiles counted in one pass.
cdef tuple _split_wall(bytes seed, walltiles)


@cython.locals(order=list, census=list, index=Py_ssize_t, tiles=bytes, kind=Py_ssize_t)
cdef tuple _counted(walltiles)
