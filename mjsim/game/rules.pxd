# Types for mjsim/rules.py, compiled in Cython's pure-Python mode (the module stays plain Python).
# Public attributes and methods keep their Python names and types; the hot private ones are C.

cimport cython
from libc.stdint cimport uint8_t

from mjsim.tiles.wall cimport Wall
from mjsim.game.window cimport Window


cdef class Rules:
    cdef public bytes seed
    cdef public str ruleset, phase, status
    cdef public int hand_no, last_hand, dealer
    cdef public list totals, hands, pools, history, outcomes
    cdef public Wall wall
    cdef public object turn, drawn, drawn_from      # None outside a seat's turn
    cdef public bint replacement, claimed_this_turn, last_draw_emptied, last_discard_is_last
    cdef public long moves

    cdef uint8_t[:, ::1] _counts       # seat x kind: the hands' counts (each hand's is a row)
    cdef list _waits                   # per seat: its waits while its hand is unchanged, or None
    cdef dict _scores                  # seat -> its scored win on the window's tile
    cdef Window _window
    cdef object _turn_win              # None: not known yet; False: no win; else the scored win
    cdef bint _kong_draw               # the seat on turn drew a kong's replacement
    cdef tuple _census                 # copies of each kind in play
    cdef object _last                  # the latest event taken

    # Check and set the game-wide fields.
    cdef _setup(self, seed, ruleset, hand_no, last_hand, totals)
    # Clear the fields of one hand.
    cdef _reset_hand(self)

    # Shuffle, deal, replace the flowers and put the dealer on turn.
    @cython.locals(wall=Wall, dealer=int, seat=int)
    cdef _start_hand(self)

    # Seat four hands, their counts made rows of _counts.
    cdef _set_hands(self, list hands)

    # Draw for the seat until a playing tile comes: (tile, flowers before it), or None.
    @cython.locals(wall=Wall, out=list, tile=int, flowers=int)
    cdef _draw_playing(self, int seat, bint back)

    # Draw and put the seat on turn, or exhaust the hand.
    @cython.locals(tile=int, flowers=int)
    cdef _draw_turn(self, int seat, bint back=*, bint kong=*)

    cpdef list take_outcomes(self)
    cpdef list waiting_on(self)
    cpdef list legal(self, seat)

    # The legal moves of the seat on turn.
    @cython.locals(k=int)
    cdef list _turn_moves(self, int seat)

    cpdef apply(self, seat, move)
    # apply in the discard phase, and in a window.
    cdef _apply_turn(self, int seat, move)

    @cython.locals(window=Window)
    cdef _apply_answer(self, int seat, move)

    # The turn's moves carried out, and their refusals.
    cdef _discard(self, int seat, int tile)
    cdef _end_turn(self)
    cdef _kong_refusal(self, int seat, move)
    cdef _declare_kong(self, int seat, int tile)
    cdef _promote(self, int seat, int tile)
    cdef _self_win(self)
    cdef _score_self_win(self)
    cdef _win_refusal(self, int seat)

    # Ask the seats that can use the tile, or go straight on.
    @cython.locals(nearest=int, step=int, seat=int)
    cdef _open(self, str kind, int source, int tile)

    # (claims the seat may make on the tile, its scored win or None).
    @cython.locals(held=int, a=int, b=int)
    cdef tuple _claims_on(self, int seat, str kind, int source, int tile)

    # The seat's waits, worked out once per change of its hand.
    cdef _waits_of(self, int seat)
    cdef _score_claimed_win(self, int seat, str kind, int tile)

    @cython.locals(window=Window)
    cdef _claim_refusal(self, int seat, move)

    # Carry out a closed window's outcome.
    cdef _close(self, str kind, int source, int tile, outcome)
    cdef _claim(self, int seat, move, int source, int tile)

    # The end of a hand: a win, or an exhausted wall; then settle and deal on.
    cdef _win(self, int seat, str by, source, int tile, scored)
    cdef _exhaust(self)

    @cython.locals(seat=int)
    cdef _finish_hand(self, dict outcome)

    @cython.locals(clone=Rules)
    cpdef Rules clone(self)

    # Copies of each of the 42 kinds anywhere in the game.
    cdef tuple _count_tiles(self)
