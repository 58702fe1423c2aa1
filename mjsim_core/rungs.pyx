"""The rungs' choices, compiled: one call per decision, reading a
:class:`mjsim.players.view.View`.

:func:`turn_choices` and :func:`answer_choices` return the indexes into ``view.legal`` of the
moves a rung ranks best, in legal order; :func:`mjsim.players.rungs.best` breaks a tie by the
view's word. ``ideas`` is a bit set over :data:`mjsim.players.rungs.IDEAS` (bit 0 ``shanten``,
1 ``claims``, 2 ``defence``, 3 ``planning``, 4 ``eight``, 5 ``eight2``).
:mod:`mjsim.reference.rungs` is the readable twin the tests hold every choice to;
:mod:`mjsim.players.rungs` says what each rung does.

The shanten work shares one set of parts across a hand's discards (``discard_parts``) and asks
for acceptance only of the discards still in the running, where the Python ``discards`` gives
every discard's. The acceptances are remembered across decisions (:func:`acceptance_counts`):
the hand a turn's discard leaves comes back the next turn when the tile drawn goes.

The choices themselves are C functions over a :c:type:`Seat` (``rungs.pxd``), rung 4's (the
idea ``eight``) among them: the two Python entry points read a view into one, and the compiled
game loop (:mod:`mjsim.players.loop`) fills one from the engine's own state, so both make the
same choice by the same code. The last tie-break, :func:`seat_word` (and :func:`rekeyed` for a
salt), is written here too, from a view's fields or from the engine's lists alike;
:mod:`mjsim.reference.measures` writes it out in Python.

Rung 4 pays for the legal search (``mjsim_core.legal``), nearly all of its time: one search of
the 14 tiles a turn serves every discard; in a window the hand held is searched once, and
remembered across windows (its caps only tighten as tiles are seen: :func:`between_counts`
counts the hits), and a claim's own search is made only when it can change the answer.
"""

from cpython.mem cimport PyMem_Free, PyMem_Malloc, PyMem_Realloc
from cpython.object cimport PyObject
from cpython.unicode cimport PyUnicode_AsUTF8AndSize

from libc.stdint cimport uint8_t, uint32_t, uint64_t
from libc.string cimport memcmp, memcpy, memset

from mjsim_core._types cimport (count_t, N_KINDS, N_SUITED, FIRST_HONOR, FIRST_DRAGON, MAX_COPIES,
                                is_terminal)
from mjsim_core.score cimport (LAST_COPY, MELD_CHOW, MELD_CONCEALED_KONG, MELD_KONG, MELD_PUNG,
                               Scoring, encode_melds, score_kernel)
from mjsim_core.shanten cimport (DiscardParts, accepted_after, accepted_each, accepted_kinds,
                                 discard_parts, distance, distance_after)
from mjsim_core.counts cimport check_length, counts_of
from mjsim_core.blake2b cimport Blake2b, final, init, update
from mjsim_core.legal cimport (LIST_DEEPEST, Drawn, Found, Lists, Memo, Question, Target,
                               copies_of, distance_drawn, hash_words, is_open, prepare,
                               search, search_drawn)

from mjsim_core.elements import BY_NUMBER
from mjsim_core.score import MIN_POINTS


cdef enum:
    SHANTEN = 1
    CLAIMS = 2
    DEFENCE = 4
    PLANNING = 8
    EIGHT = 16
    EIGHT2 = 32
    NO_SUIT = -1
    DRAGON_PUNG = 59            # the elements the honour pungs declared score, by number
    TWO_DRAGON_PUNGS = 54
    BIG_THREE_DRAGONS = 2
    BIG_THREE_WINDS = 38
    BIG_FOUR_WINDS = 1

# By the dragon pungs declared: nothing, Dragon Pung, Two Dragon Pungs, Big Three Dragons (which
# suppress the lesser ones; all worth the same in both rulesets).
cdef int DRAGON_POINTS[4]
DRAGON_POINTS[:] = [0] + [BY_NUMBER[n].points
                          for n in (DRAGON_PUNG, TWO_DRAGON_PUNGS, BIG_THREE_DRAGONS)]
cdef int _BIG_THREE_WINDS = BY_NUMBER[BIG_THREE_WINDS].points
cdef int _BIG_FOUR_WINDS = BY_NUMBER[BIG_FOUR_WINDS].points

KONG_BIT = 40
"""turn_pick's answer names a kong by the bit ``KONG_BIT`` + its index, above every kind's bit."""
THREAT_MELDS = 3
"""A seat with this many melds declared is close enough to ready to defend against."""
FLUSH_OUTSIDE = 3
"""A flush is in the making when at most this many tiles lie outside one suit and the honours."""
PUNGS_SETS = 5
"""A pungs hand is in the making with this many pairs and pungs and no chow."""

EIGHT_LIMIT = 1
"""How far rung 4 sees the legal distance: exactly up to this, beyond it "at least
EIGHT_LIMIT + 1"; with the idea ``eight2``, one step further (:data:`EIGHT2_LIMIT`)."""
EIGHT2_LIMIT = 2
"""How far rung 4 sees with the idea ``eight2``."""

cdef int _MIN_POINTS = MIN_POINTS
cdef int _KONG_BIT = KONG_BIT
cdef int _EIGHT_LIMIT = EIGHT_LIMIT
cdef int _EIGHT2_LIMIT = EIGHT2_LIMIT
cdef int _THREAT_MELDS = THREAT_MELDS
cdef int _FLUSH_OUTSIDE = FLUSH_OUTSIDE
cdef int _PUNGS_SETS = PUNGS_SETS


cdef struct Targets:
    # mjsim.reference.measures.Targets: a flush's suit (NO_SUIT for none), whether it is pure, a
    # pungs hand, and the scoring kinds held as pairs (a flag per kind).
    int flush
    bint pure
    bint pungs
    int n_pairs
    bint pair[N_KINDS]


# ------------------------------------------------------------------------------ reading the view

cdef int read_seat(Seat* seat, const count_t* counts, object melds, int me, int dealer,
                   int prevalent, int ruleset, object pools, object exposed,
                   bint by_hand, const count_t* shown) except -1:
    seat.counts = counts
    seat.n_melds = encode_melds(melds, seat.melds)
    seat.me = me
    seat.wind = (me - dealer + 4) % 4
    seat.prevalent = prevalent
    seat.ruleset = ruleset
    seat.pools = <PyObject*>pools
    seat.exposed = <PyObject*>exposed
    seat.by_hand = by_hand
    seat.shown = shown
    seat.have_unseen = False
    return 0


cdef int _read(object view, object counts, Seat* seat) except -1:
    return read_seat(seat, counts_of(counts), view.hand.melds, view.seat,
                     view.dealer, view.prevalent, view.ruleset_index, view.pools,
                     view.exposed, False, NULL)


cdef object _melds_of(const Seat* seat, int other):
    """The melds ``other`` shows (another seat's concealed kongs among them: skip those)."""
    cdef object exposed = <object>seat.exposed
    return exposed[other].melds if seat.by_hand else exposed[other]


cdef const int* _unseen(Seat* seat) except NULL:
    """View.unseen: 4 less the copies held and the copies seen in pools and melds (also as
    bytes, in seat.unseen_bytes)."""
    cdef int k, i, other
    cdef int* out = seat.unseen
    if seat.have_unseen:
        return out
    for k in range(N_KINDS):
        out[k] = MAX_COPIES - seat.counts[k]
    seat.have_unseen = True
    if seat.shown != NULL:
        # The engine keeps the copies face up; the seat sees its own concealed kongs too.
        for k in range(N_KINDS):
            out[k] -= seat.shown[k]
        for i in range(seat.n_melds):
            if seat.melds[i] >> 6 == MELD_CONCEALED_KONG:
                out[seat.melds[i] & 63] -= MAX_COPIES
    else:
        for pool in <object>seat.pools:
            for kind in pool:
                out[<int>kind] -= 1
        for other in range(4):
            for meld in _melds_of(seat, other):
                # A view shows another seat's concealed kong with no tiles; the hand's has four.
                if other != seat.me and meld.concealed:
                    continue
                for kind in meld.tiles:
                    out[<int>kind] -= 1
    for k in range(N_KINDS):
        seat.unseen_bytes[k] = <count_t>out[k]
    return out


# ------------------------------------------------------------------------- the measures (rungs)

cdef int _isolation(const count_t* held, int kind) noexcept nogil:
    """mjsim.reference.measures.isolation."""
    cdef int near = held[kind] - 1, other, first
    if kind < N_SUITED:
        first = kind - kind % 9
        for other in range(max(first, kind - 2), min(first + 8, kind + 2) + 1):
            if other != kind:
                near += held[other]
    return 3 * near + (0 if kind >= N_SUITED else 1 if is_terminal(kind) else 2)


cdef inline bint _scores_alone(int kind, int wind, int prevalent) noexcept nogil:
    """mjsim.reference.measures.scores_alone."""
    return (kind >= FIRST_DRAGON or kind == FIRST_HONOR + wind or kind == FIRST_HONOR + prevalent
            or is_terminal(kind))


cdef int _meld_floor(const uint8_t* melds, int n, int wind, int prevalent) noexcept nogil:
    """mjsim.reference.measures.meld_floor, over meld bytes."""
    cdef int dragons = 0, winds = 0, plain = 0, seats = 0, points = 0, i, kind, tile, both
    for i in range(n):
        kind = melds[i] >> 6
        tile = melds[i] & 63
        if kind == MELD_CHOW:
            continue
        if kind == MELD_KONG:
            points += 1
        elif kind == MELD_CONCEALED_KONG:
            points += 2
        if tile >= FIRST_DRAGON:
            dragons += 1
        elif tile >= FIRST_HONOR:
            winds += 1
            both = (tile - FIRST_HONOR == wind) + (tile - FIRST_HONOR == prevalent)
            seats += 2 * both
            plain += both == 0
        elif is_terminal(tile):
            points += 1
    points += DRAGON_POINTS[dragons]
    if winds < 3:
        return points + plain + seats
    return points + (_BIG_THREE_WINDS + seats if winds == 3 else _BIG_FOUR_WINDS)


cdef void _targets(const count_t* held, const Seat* seat, Targets* out) noexcept nogil:
    """mjsim.reference.measures.targets."""
    cdef int suits[3]
    cdef int scoring[5]
    cdef int honours = 0, k, i, s, tile, main, outside, sets = 0
    cdef bint chowless = True
    # Plain loops, which the compiler vectorises.
    for s in range(3):
        suits[s] = 0
        for k in range(9 * s, 9 * s + 9):
            suits[s] += held[k]
    for k in range(N_SUITED, N_KINDS):
        honours += held[k]
    for k in range(N_KINDS):
        sets += held[k] >= 2
    for i in range(seat.n_melds):
        tile = seat.melds[i] & 63
        chowless = chowless and seat.melds[i] >> 6 != MELD_CHOW
        if tile < N_SUITED:
            suits[tile // 9] += 3
        else:
            honours += 3
    main = 0
    for k in range(1, 3):
        if suits[k] > suits[main]:
            main = k
    outside = suits[0] + suits[1] + suits[2] - suits[main]
    out.flush = main if outside <= _FLUSH_OUTSIDE else NO_SUIT
    for i in range(seat.n_melds):
        tile = seat.melds[i] & 63
        if tile < N_SUITED and tile // 9 != main:
            out.flush = NO_SUIT
    out.pure = out.flush != NO_SUIT and honours == 0
    out.pungs = chowless and sets + seat.n_melds >= _PUNGS_SETS
    # The pairs that score as pungs: the dragons, the seat's wind and the prevalent one.
    memset(out.pair, 0, sizeof(out.pair))
    out.n_pairs = 0
    scoring[:] = [FIRST_DRAGON, FIRST_DRAGON + 1, FIRST_DRAGON + 2, FIRST_HONOR + seat.wind,
                  FIRST_HONOR + seat.prevalent]
    for i in range(5):
        k = scoring[i]
        if held[k] >= 2 and not out.pair[k]:
            out.pair[k] = True
            out.n_pairs += 1


cdef inline bint _any_target(const Targets* plan) noexcept nogil:
    return plan.flush != NO_SUIT or plan.pungs or plan.n_pairs > 0


cdef int _keeps(const Targets* plan, const count_t* held, int tile) noexcept nogil:
    """Targets.keeps."""
    return ((plan.flush != NO_SUIT and tile < N_SUITED and tile // 9 != plan.flush)
            + (plan.pungs and held[tile] == 1) + (plan.n_pairs > 0 and not plan.pair[tile]))


cdef bint _fits(const Targets* plan, bint chow, int tile, int floor) noexcept nogil:
    """Targets.fits."""
    if (plan.flush != NO_SUIT and (tile >= N_SUITED or tile // 9 == plan.flush)
            and (plan.pure or plan.n_pairs > 0 or floor >= 2)):
        return True
    return plan.pungs and not chow and (plan.n_pairs > 0 or floor >= 2)


cdef int _win_points(count_t* held, const uint8_t* melds, int n_melds, int wait,
                     const Seat* seat) noexcept nogil:
    """mjsim.reference.measures.win_points: ``held`` is the ready hand, given back as it came."""
    cdef Scoring scored
    cdef int i, tile, exposed = 0, points
    for i in range(n_melds):
        tile = melds[i] & 63
        if melds[i] >> 6 == MELD_CHOW:
            exposed += tile <= wait <= tile + 2
        elif melds[i] >> 6 != MELD_CONCEALED_KONG and tile == wait:
            exposed += 4 if melds[i] >> 6 == MELD_KONG else 3
    held[wait] += 1
    points = score_kernel(held, melds, n_melds, wait, LAST_COPY if exposed == 3 else 0,
                          seat.wind, seat.prevalent, seat.ruleset, &scored)
    held[wait] -= 1
    return scored.total if points == 0 else 0


cdef int _winning_copies(count_t* held, const uint8_t* melds, int n_melds, const count_t* waits,
                         const int* unseen, const Seat* seat, int enough) noexcept nogil:
    """mjsim.reference.measures.winning_copies (``enough`` 0 counts them all); ``waits`` flags
    the kinds."""
    cdef int bonus = 2, total = 0, wait, points, i
    for i in range(n_melds):
        if melds[i] >> 6 != MELD_CONCEALED_KONG:
            bonus = 1
    for wait in range(N_KINDS):
        if not waits[wait] or unseen[wait] <= 0:
            continue
        points = _win_points(held, melds, n_melds, wait, seat)
        if points >= _MIN_POINTS:
            total += 4 * unseen[wait]
        elif points + bonus >= _MIN_POINTS:
            total += unseen[wait]
        if enough and total >= enough:
            break
    return total


# ---------------------------------------------------------------------------- one's own turn

cdef inline int _keep_best(int* tiles, int n, const int* key) noexcept nogil:
    """Keep, in order, the tiles whose key is greatest; returns how many (with no branch on
    the keys, which no predictor guesses)."""
    cdef int i, tile, top = key[tiles[0]], kept = 0
    # One pass, so one loop's end to mispredict: a greater key starts the kept ones again (they
    # are written over from the front, behind the tile being read).
    for i in range(n):
        tile = tiles[i]
        kept *= key[tile] <= top
        top = max(top, key[tile])
        tiles[kept] = tile
        kept += key[tile] == top
    return kept


cdef int _safe(Seat* seat, int* tiles, int n) except -1:
    """Keep the discards safe against every seat with three melds (every copy out, or discarded
    by each such seat), if any is; returns how many are kept."""
    cdef bint safe[N_KINDS]
    cdef bint in_pool[N_KINDS]
    cdef int k, other, kept = 0, threats = 0
    cdef const int* unseen
    for k in range(N_KINDS):
        safe[k] = True
    pools = <object>seat.pools
    for other in range(4):
        if other == seat.me or len(_melds_of(seat, other)) < _THREAT_MELDS:
            continue
        threats += 1
        for k in range(N_KINDS):
            in_pool[k] = False
        for kind in pools[other]:
            in_pool[<int>kind] = True
        for k in range(N_KINDS):
            safe[k] = safe[k] and in_pool[k]
    if not threats:
        return n
    unseen = _unseen(seat)
    for k in range(n):
        if unseen[tiles[k]] == 0 or safe[tiles[k]]:
            tiles[kept] = tiles[k]
            kept += 1
    if not kept:
        return n
    return kept


cdef enum:
    ACCEPTANCE_BITS = 8         # the acceptances _accepted_each remembers: 2^8
    ACCEPTANCE_WORDS = 5        # a key: the concealed tiles' counts and a mark of a slot used


cdef struct Acceptance:
    # The kinds that bring a hand one nearer. Its counts are the key: they tell its melds too
    # (13 tiles less three a meld).
    uint64_t key[ACCEPTANCE_WORDS]
    count_t kinds[N_KINDS]


# Held under the GIL, as _between is. An acceptance is a function of the key alone, so the
# games do not depend on what the memo holds. Its hits are the hand a turn's discard left,
# met again the next turn when the tile drawn is the one discarded.
cdef Acceptance _acceptances[1 << ACCEPTANCE_BITS]
cdef long long _acceptances_asked = 0, _acceptances_kept = 0


cdef Acceptance* _acceptance_slot(const count_t* hand, uint64_t* key) noexcept:
    """The memo's slot for the hand (its key made in ``key``), counted as asked."""
    global _acceptances_asked
    cdef uint8_t* bytes = <uint8_t*>key
    memset(key, 0, ACCEPTANCE_WORDS * sizeof(uint64_t))
    memcpy(bytes, hand, N_KINDS)
    bytes[N_KINDS] = 1
    _acceptances_asked += 1
    return &_acceptances[hash_words(key, ACCEPTANCE_WORDS) >> (64 - ACCEPTANCE_BITS)]


cdef void _accepted_each(count_t* hand, int n_melds, const int* tiles, int n,
                         DiscardParts* parts, count_t (*accepted)[N_KINDS]) noexcept:
    """accepted_each (shanten.pyx) of the ``n`` discards in ``tiles``, reading the memo of
    acceptances and working out only the ones it lacks."""
    global _acceptances_kept
    cdef count_t missed[N_KINDS][N_KINDS]
    cdef int distances[N_KINDS]
    cdef int at[N_KINDS]
    cdef int lacking[N_KINDS]
    cdef uint64_t key[N_KINDS][ACCEPTANCE_WORDS]
    cdef Acceptance* slot[N_KINDS]
    cdef int i, j, m = 0
    for i in range(n):
        hand[tiles[i]] -= 1
        slot[i] = _acceptance_slot(hand, key[i])
        hand[tiles[i]] += 1
        if memcmp(slot[i].key, key[i], sizeof(key[i])) == 0:
            _acceptances_kept += 1
            memcpy(accepted[i], slot[i].kinds, N_KINDS)
        else:
            at[m] = i
            lacking[m] = tiles[i]
            m += 1
    if not m:
        return
    accepted_each(hand, n_melds, lacking, m, parts, missed, distances)
    for j in range(m):
        i = at[j]
        memcpy(accepted[i], missed[j], N_KINDS)
        memcpy(slot[i].key, key[i], sizeof(key[i]))
        memcpy(slot[i].kinds, missed[j], N_KINDS)


def acceptance_counts() -> tuple:
    """(asked, kept): how often, in this process, a rung asked for the acceptance a discard
    keeps, and how often the memo of acceptances answered (its hit rate, which
    ``scripts/bench_sim.py`` prints)."""
    return (_acceptances_asked, _acceptances_kept)


cdef void _copies_after(count_t* hand, int n_melds, const int* tiles, int n,
                        DiscardParts* parts, const count_t* unseen, int* key) noexcept:
    """For each of the ``n`` discards in ``tiles``, ``key[tile]``: the unseen copies
    (``unseen``: Seat.unseen_bytes) of the kinds that bring ``hand`` one nearer once it is
    discarded (the acceptance a discard keeps, rung 2's and 3's tie-break and rung 4's past
    its sight)."""
    cdef count_t accepted[N_KINDS][N_KINDS]
    cdef int i
    _accepted_each(hand, n_melds, tiles, n, parts, accepted)
    for i in range(n):
        key[tiles[i]] = copies_of(accepted[i], unseen)


cdef int _most_winning(Seat* seat, count_t* hand, DiscardParts* parts, int* tiles,
                       int n) except -1:
    """Keep the discards leaving a ready hand whose waits win the most copies. Candidates go in
    order of four times their unseen waits, which bounds what they can win, and the rest are
    skipped once none can reach the best."""
    cdef count_t waits[N_KINDS][N_KINDS]
    cdef int distances[N_KINDS]
    cdef int bound[N_KINDS]
    cdef int value[N_KINDS]
    cdef int order[N_KINDS]
    cdef int i, j, tile, top = -1, kept = 0
    cdef const int* unseen = _unseen(seat)
    accepted_each(hand, seat.n_melds, tiles, n, parts, waits, distances)
    for i in range(n):
        bound[i] = 4 * copies_of(waits[i], seat.unseen_bytes)
        value[i] = -1
        # A stable insertion sort, by bound descending.
        j = i
        while j > 0 and bound[order[j - 1]] < bound[i]:
            order[j] = order[j - 1]
            j -= 1
        order[j] = i
    for j in range(n):
        i = order[j]
        if bound[i] < top:
            break
        tile = tiles[i]
        hand[tile] -= 1
        value[i] = _winning_copies(hand, seat.melds, seat.n_melds, waits[i], unseen, seat, 0)
        hand[tile] += 1
        if value[i] > top:
            top = value[i]
    for i in range(n):
        if value[i] == top:
            tiles[kept] = tiles[i]
            kept += 1
    return kept


def turn_choices(view, int ideas) -> tuple:
    """The indexes into ``view.legal`` of the moves the rung ranks best on its own turn: one
    kong, or the discards left tied (at least one). ``view.legal`` holds no win."""
    cdef object counts = view.hand.counts      # held while the seat reads it
    cdef Seat seat
    cdef Choices out
    cdef int index[N_KINDS]
    cdef int kongs[N_KINDS]
    cdef int at[N_KINDS]
    cdef int n_kongs = 0, i, tile
    _read(view, counts, &seat)
    out.n = 0
    for i, move in enumerate(view.legal):
        tile = move.tile
        if move.kind == "discard":
            index[tile] = i
            out.items[out.n] = tile
            out.n += 1
        elif move.kind == "kong":
            at[n_kongs] = i
            kongs[n_kongs] = tile
            n_kongs += 1
    turn_kernel(&seat, ideas, kongs, n_kongs, &out)
    if out.kong >= 0:
        return (at[out.kong],)
    return tuple([index[out.items[i]] for i in range(out.n)])


cdef inline int _kinds_held(const count_t* counts, int* held) noexcept nogil:
    """The kinds held, ascending, into ``held``; returns how many. Listed with no branch, so
    that the loops over them take none on the hand either (which kinds a hand holds, no
    predictor guesses)."""
    cdef int k, n = 0
    # Two kinds a step (34 is even): half the loop's steps and tests, and a shorter loop, whose
    # end a predictor misses less often.
    for k in range(0, N_KINDS, 2):
        held[n] = k
        n += counts[k] != 0
        held[n] = k + 1
        n += counts[k + 1] != 0
    return n


cdef int turn_kernel(Seat* seat, int ideas, const int* kongs, int n_kongs,
                     Choices* out) except -1:
    cdef DiscardParts parts
    cdef count_t hand[N_KINDS]
    cdef count_t after[N_KINDS]
    cdef int dist[N_KINDS]
    cdef int key[N_KINDS]
    cdef int held[N_KINDS]
    cdef int n = out.n, i, k, tile, now = 0, least = 0, road, n_held
    cdef int* tiles = out.items
    cdef const count_t* counts = seat.counts
    cdef Targets plan
    cdef bint by_shanten = ideas & SHANTEN
    if ideas & EIGHT and by_shanten:    # eight refines the shanten: alone it does nothing
        seat.sight = _sight(ideas)
        return _turn_eight(seat, ideas, kongs, n_kongs, out)
    out.kong = -1
    memcpy(hand, counts, N_KINDS)
    if by_shanten:
        discard_parts(counts, seat.n_melds, &parts)
        now = 99
        n_held = _kinds_held(counts, held)
        for i in range(n_held):
            k = held[i]
            hand[k] -= 1
            dist[k] = distance_after(hand, seat.n_melds, k, &parts)
            hand[k] += 1
            now = min(now, dist[k])
        # A kong that leaves the road no longer than the best discard does.
        for i in range(n_kongs):
            tile = kongs[i]
            if counts[tile] == MAX_COPIES:
                memcpy(after, counts, N_KINDS)
                after[tile] = 0
                road = distance(after, seat.n_melds + 1)
            else:
                road = dist[tile]
            if road <= now:
                out.kong = i
                return 0
    if ideas & DEFENCE and (now if by_shanten else distance(counts, seat.n_melds)) >= 3:
        n = _safe(seat, tiles, n)
    if by_shanten:
        least = 99
        for i in range(n):
            least = min(least, dist[tiles[i]])
        for k in range(N_KINDS):
            key[k] = -dist[k] if counts[k] else 0
        n = _keep_best(tiles, n, key)
    if ideas & PLANNING and n > 1 and (not by_shanten or least > 1):
        _targets(counts, seat, &plan)
        if _any_target(&plan):
            for i in range(n):
                key[tiles[i]] = _keeps(&plan, counts, tiles[i])
            n = _keep_best(tiles, n, key)
    if by_shanten and n > 1:
        if least > 1:
            _unseen(seat)
            _copies_after(hand, seat.n_melds, tiles, n, &parts, seat.unseen_bytes, key)
            n = _keep_best(tiles, n, key)
        else:
            n = _most_winning(seat, hand, &parts, tiles, n)
    for i in range(n):
        key[tiles[i]] = -_isolation(counts, tiles[i])
    out.n = _keep_best(tiles, n, key)
    return 0


# ------------------------------------------------------------------------------- the window

cdef bint _ready_to_win(Seat* seat, count_t* after, int n_melds, bint drawn) except -1:
    """Whether the hand after a claim (and, unless a kong, its discard) is ready to win eight."""
    cdef count_t waits[N_KINDS]
    cdef DiscardParts parts
    cdef const int* unseen = _unseen(seat)
    cdef int k
    if drawn:
        if accepted_kinds(after, n_melds, waits) != 1:
            return False
        return _winning_copies(after, seat.melds, n_melds, waits, unseen, seat, 1) > 0
    discard_parts(after, n_melds, &parts)
    for k in range(N_KINDS):
        if not after[k]:
            continue
        after[k] -= 1
        if (distance_after(after, n_melds, k, &parts) == 1
                and accepted_after(after, n_melds, k, &parts, waits) == 1
                and _winning_copies(after, seat.melds, n_melds, waits, unseen, seat, 1)):
            after[k] += 1
            return True
        after[k] += 1
    return False


def answer_choices(view, int ideas) -> tuple:
    """The indexes into ``view.legal`` of the claims the rung ranks best in a window (a kong
    before a pung before a chow, then the shorter road), or () to pass."""
    cdef object counts
    cdef Seat seat
    cdef Choices out
    cdef uint8_t claims[N_KINDS]
    cdef int i, n, tile
    if not ideas & CLAIMS:
        return ()
    counts = view.hand.counts
    _read(view, counts, &seat)
    tile = view.window.tile
    n = _claim_bytes(view.legal, tile, claims)
    answer_kernel(&seat, ideas, tile, claims, n, &out)
    return tuple([out.items[i] for i in range(out.n)])


cdef int _claim_bytes(object moves, int tile, uint8_t* claims) except -1:
    """Each move of a window as answer_kernel weighs it: the meld byte of a claim, or
    NOT_A_CLAIM; returns how many (at most N_KINDS are read)."""
    cdef int n = 0
    for move in moves:
        if n == N_KINDS:
            break
        name = move.kind
        if name == "chow":
            claims[n] = <int>move.tiles[0] | MELD_CHOW << 6
        elif name == "pung" or name == "kong":
            claims[n] = tile | (MELD_PUNG if name == "pung" else MELD_KONG) << 6
        else:
            claims[n] = NOT_A_CLAIM
        n += 1
    return n


cdef void _claimed(const count_t* counts, int claim, int tile, count_t* after) noexcept:
    """``after``: the concealed tiles once ``claim`` (a meld code) takes ``tile``, the hand's
    tiles that join it set aside (two of a chow, two of a pung, three of a kong)."""
    cdef int kind = claim >> 6, lowest = claim & 63, k
    memcpy(after, counts, N_KINDS)
    if kind == MELD_CHOW:
        for k in range(lowest, lowest + 3):
            if k != tile:
                after[k] -= 1
    else:
        after[tile] -= 3 if kind == MELD_KONG else 2


cdef void _keep_lowest(const int* keys, int n, Choices* out) noexcept:
    """The claims of the lowest key (-1: not worth claiming) into ``out``, in their order."""
    cdef int i, best = -1
    for i in range(n):
        if keys[i] >= 0 and (best < 0 or keys[i] < best):
            best = keys[i]
    if best < 0:
        return
    for i in range(n):
        if keys[i] == best:
            out.items[out.n] = i
            out.n += 1


cdef int answer_kernel(Seat* seat, int ideas, int tile, const uint8_t* claims, int n,
                       Choices* out) except -1:
    cdef Targets plan
    cdef count_t after[N_KINDS]
    cdef int keys[N_KINDS]        # rank then road, lower first; -1: not worth claiming
    cdef int i, lowest, road, before, floor, rank, kind
    cdef bint chow, kong, planning = ideas & PLANNING, pays
    out.n = 0
    out.kong = -1
    if not ideas & CLAIMS:
        return 0
    if ideas & EIGHT and ideas & SHANTEN:
        seat.sight = _sight(ideas)
        return _answer_eight(seat, ideas, tile, claims, n, out)
    before = distance(seat.counts, seat.n_melds)
    if planning:
        _targets(seat.counts, seat, &plan)
    for i in range(n):
        keys[i] = -1
        if claims[i] == NOT_A_CLAIM:
            continue
        kind = claims[i] >> 6
        lowest = claims[i] & 63
        chow, kong = kind == MELD_CHOW, kind == MELD_KONG
        _claimed(seat.counts, claims[i], tile, after)
        seat.melds[seat.n_melds] = claims[i]
        road = distance(after, seat.n_melds + 1)
        # A kong draws a replacement rather than discarding: keeping the shanten is progress.
        if road > before or (road == before and not kong):
            continue
        floor = _meld_floor(seat.melds, seat.n_melds + 1, seat.wind, seat.prevalent)
        pays = not chow and (_scores_alone(lowest, seat.wind, seat.prevalent) or floor >= 8)
        pays = pays or (planning and road <= 2 and _fits(&plan, chow, lowest, floor))
        pays = pays or (road == 1 and _ready_to_win(seat, after, seat.n_melds + 1, kong))
        if pays:
            rank = 100 * (2 * chow + (kind == MELD_PUNG)) + road
            keys[i] = rank
    _keep_lowest(keys, n, out)
    return 0


# ------------------------------------------------------------------------- the tie-break word

cdef enum:
    WORD_ROOM = 256             # a word's text fits here but for a far longer phase or pools


cdef struct Text:
    # A byte string written piece by piece, on the stack until it outgrows WORD_ROOM.
    char* data
    Py_ssize_t n, room
    char local[WORD_ROOM]


cdef int _put(Text* text, const char* piece, Py_ssize_t n) except -1:
    cdef char* grown
    if text.n + n > text.room:
        text.room = 2 * (text.n + n)
        if text.data == text.local:
            grown = <char*>PyMem_Malloc(text.room)
            if grown != NULL:
                memcpy(grown, text.local, text.n)
        else:
            grown = <char*>PyMem_Realloc(text.data, text.room)
        if grown == NULL:
            raise MemoryError()
        text.data = grown
    memcpy(text.data + text.n, piece, n)
    text.n += n
    return 0


cdef int _put_int(Text* text, long long value) except -1:
    """The decimal digits of ``value`` as ``%lld`` writes them (snprintf's format parsing was
    half the cost of a word)."""
    cdef char digits[24]
    cdef int at = 24
    # Negated as unsigned, so that the most negative value has a magnitude too.
    cdef unsigned long long left = 0 - <unsigned long long>value if value < 0 else value
    while True:
        at -= 1
        digits[at] = c'0' + <char>(left % 10)
        left //= 10
        if not left:
            break
    if value < 0:
        at -= 1
        digits[at] = c'-'
    return _put(text, digits + at, 24 - at)


cdef int _put_str(Text* text, str value) except -1:
    cdef Py_ssize_t n
    cdef const char* utf8 = PyUnicode_AsUTF8AndSize(value, &n)
    return _put(text, utf8, n)


cdef int _put_pool(Text* text, object pool) except -1:
    """The pool as bytes(pool) writes it: a byte per kind."""
    cdef char byte
    cdef int kind
    for value in pool:
        kind = value
        if not 0 <= kind < 256:
            raise ValueError("bytes must be in range(0, 256)")
        byte = <char>kind
        _put(text, &byte, 1)
    return 0


cpdef unsigned long long seat_word(const count_t[::1] counts, int seat, int seat_wind,
                                   object pools, object exposed, bint by_hand, str phase,
                                   int drawn, object window) except? 0:
    """:attr:`mjsim.players.view.View.word`, the rungs' last tie-break: the 8-byte BLAKE2b (as
    a little-endian number) of what the seat sees from its own chair, written as
    ``b"%d/%s/%s|%s|%s|%s/%d%d%d%d/%s/%d/%s"`` of its wind, its ``counts`` (raw bytes), the four
    pools from its own round the table (a byte per kind), the melds each of the four shows,
    the phase, the tile it drew (-1 for none) and the window (``b""``, or ``b"%s %d %d"`` of
    its kind, tile and source counted round from the seat). ``exposed`` holds the four seats'
    melds, or with ``by_hand`` four hands holding them; ``window`` has ``kind``, ``tile`` and
    ``source``, or is None."""
    cdef Text text
    cdef int step, other
    cdef Blake2b hashed
    cdef uint8_t digest[8]
    cdef unsigned long long word = 0
    check_length(counts.shape[0])   # else another length (None: 0) would hash as it is
    text.data, text.n, text.room = text.local, 0, WORD_ROOM
    try:
        _put_int(&text, seat_wind)
        _put(&text, "/", 1)
        if counts.shape[0]:
            _put(&text, <const char*>&counts[0], counts.shape[0])
        for step in range(4):
            _put(&text, b"|" if step else b"/", 1)
            _put_pool(&text, pools[(seat + step) % 4])
        _put(&text, "/", 1)
        for step in range(4):
            other = (seat + step) % 4
            _put_int(&text, len(exposed[other].melds if by_hand else exposed[other]))
        _put(&text, "/", 1)
        _put_str(&text, phase)
        _put(&text, "/", 1)
        _put_int(&text, drawn)
        _put(&text, "/", 1)
        if window is not None:
            _put_str(&text, window.kind)
            _put(&text, " ", 1)
            _put_int(&text, window.tile)
            _put(&text, " ", 1)
            _put_int(&text, (<int>window.source - seat + 4) % 4)
        init(&hashed, 8, NULL, 0, NULL, 0)
        update(&hashed, <const uint8_t*>text.data, text.n)
        final(&hashed, digest)
    finally:
        if text.data != text.local:
            PyMem_Free(text.data)
    for step in range(8):
        word |= <unsigned long long>digest[step] << (8 * step)
    return word


cpdef unsigned long long rekeyed(unsigned long long word, unsigned long long salt) noexcept:
    """``word`` mixed with ``salt`` (SplitMix64's finaliser): a tie-break independent of the
    word's own, the same on every machine (:func:`mjsim.players.rungs.rekeyed`)."""
    cdef unsigned long long x = word ^ (salt * 0x9E3779B97F4A7C15ULL)
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL
    return x ^ (x >> 31)


# --------------------------------------------------------------- the game's own state (the loop)

cpdef long long turn_pick(const count_t[::1] counts, object melds, int me, int dealer,
                          int prevalent, int ruleset, object pools, object hands,
                          const count_t[::1] shown, int ideas, object kongs) except -1:
    """turn_choices for a caller that holds the game itself (the compiled game loop): the
    seat's ``counts`` and ``melds``, the four ``pools`` and ``hands`` and the copies of each
    kind face up, ``shown`` (HandState.shown; read for what the seat sees), ``ruleset`` an
    index into RULESETS, and ``kongs`` the kinds it may declare a kong of in legal order.
    Every kind held is a legal discard. The answer is a bit set: bit k for each discard of
    kind k left tied, or the one bit ``KONG_BIT + j`` for the j-th kong."""
    cdef Seat seat
    cdef Choices out
    cdef int tiles[N_KINDS]
    cdef int n_kongs = 0, i
    cdef long long mask = 0
    check_length(counts.shape[0])
    check_length(shown.shape[0])
    read_seat(&seat, &counts[0], melds, me, dealer, prevalent, ruleset, pools, hands, True,
              &shown[0])
    out.n = _kinds_held(&counts[0], out.items)
    for tile in kongs:
        if n_kongs < N_KINDS:
            tiles[n_kongs] = tile
            n_kongs += 1
    turn_kernel(&seat, ideas, tiles, n_kongs, &out)
    if out.kong >= 0:
        return 1LL << (_KONG_BIT + out.kong)
    for i in range(out.n):
        mask |= 1LL << out.items[i]
    return mask


cpdef long long answer_pick(const count_t[::1] counts, object melds, int me, int dealer,
                            int prevalent, int ruleset, object pools, object hands,
                            const count_t[::1] shown, int ideas, int tile,
                            object claims) except -1:
    """answer_choices for the compiled game loop (the seat read as turn_pick reads it):
    ``claims`` are the seat's claims on ``tile``, as the window lists them; the answer is a
    bit set of the indexes of those the rung ranks best (0: pass)."""
    cdef Seat seat
    cdef Choices out
    cdef uint8_t moves[N_KINDS]
    cdef int i, n
    cdef long long mask = 0
    check_length(counts.shape[0])
    check_length(shown.shape[0])
    read_seat(&seat, &counts[0], melds, me, dealer, prevalent, ruleset, pools, hands, True,
              &shown[0])
    n = _claim_bytes(claims, tile, moves)
    answer_kernel(&seat, ideas, tile, moves, n, &out)
    for i in range(out.n):
        mask |= 1LL << out.items[i]
    return mask


# ------------------------------------------------------------------ rung 4: eight in sight

cdef inline int _sight(int ideas) noexcept nogil:
    """How far rung 4 sees the legal distance with these ideas (eight2 alone does nothing)."""
    return _EIGHT2_LIMIT if ideas & EIGHT2 else _EIGHT_LIMIT


cdef inline int _road_key(int legal, int shanten, int sight) noexcept nogil:
    """Rung 4's road as one number, lower nearer: the legal distance (capped at sight + 1, "at
    least that"), then the shanten."""
    if legal > sight + 1:
        legal = sight + 1
    return 100 * (legal + 1) + shanten + 1


cdef enum:
    BETWEEN_SLOTS = 256         # the searches _legal_between remembers (a power of two)


cdef struct Between:
    # One search _legal_between made (or the turn's, of a discard: _seed_between): its question
    # (the hand, melds, winds, ruleset, limit), the caps it was made under, what it found (cost,
    # exact), and a target it found at that cost (its tiles and the tile it is won on) when
    # exact. Only what a search under tighter caps would find again is kept (_still_holds): a
    # stale entry costs a search, never a different answer.
    bint used
    count_t hand[N_KINDS]
    uint8_t melds[5]
    int n_melds, wind, prevalent, ruleset, limit
    count_t cap[N_KINDS]
    int cost
    bint exact
    count_t target[N_KINDS]
    int win


# Held under the GIL (the kernels that read it are called with it held); what it answers is
# what a search would, so the games do not depend on what it holds.
cdef Between _between[BETWEEN_SLOTS]
cdef long long _between_asked = 0, _between_kept = 0
cdef long long _roads_asked = 0, _roads_known = 0


cdef bint _same_question(const Between* seen, const count_t* hand, const Seat* seat,
                         const uint8_t* melds, int n_melds, int limit) noexcept:
    return (seen.used and seen.n_melds == n_melds and seen.limit == limit
            and seen.wind == seat.wind and seen.prevalent == seat.prevalent
            and seen.ruleset == seat.ruleset and memcmp(seen.hand, hand, N_KINDS) == 0
            and memcmp(seen.melds, melds, n_melds) == 0)


cdef bint _still_holds(const Between* seen, const count_t* hand, const count_t* cap) noexcept:
    """Whether what a search found holds under ``cap``: no cap looser (a target can only cost
    more), and, when exact, the target found still within the caps (it costs what it did, and
    scores as it did: the caps do not enter the score). A search that found nothing in reach
    finds nothing under tighter caps either, and lists no more patterns: it cannot overflow
    where it did not."""
    cdef int k, w = seen.win
    for k in range(N_KINDS):
        if cap[k] > seen.cap[k]:
            return False
    if seen.exact:
        for k in range(N_KINDS):
            if seen.target[k] > cap[k]:
                return False
        # Won on a tile the hand holds: a copy of it must still be to be had.
        if w >= 0 and seen.target[w] <= hand[w] and hand[w] >= cap[w]:
            return False
    return True


cdef Between* _slot(const count_t* hand, const uint8_t* melds, int n_melds) noexcept:
    """Where a hand's search is kept: by an FNV-1a hash of its tiles and melds."""
    cdef uint32_t code = 2166136261u
    cdef int k
    for k in range(N_KINDS):
        code = (code ^ hand[k]) * 16777619u
    for k in range(n_melds):
        code = (code ^ melds[k]) * 16777619u
    return &_between[code & (BETWEEN_SLOTS - 1)]


cdef const Between* _found(const count_t* hand, const Seat* seat, const uint8_t* melds,
                           int n_melds, int limit, const count_t* cap) noexcept:
    """The search of the hand kept for this question, when what it found holds under ``cap``
    (NULL: none)."""
    cdef const Between* seen = _slot(hand, melds, n_melds)
    if _same_question(seen, hand, seat, melds, n_melds, limit) and _still_holds(seen, hand, cap):
        return seen
    return NULL


cdef void _keep(const count_t* hand, const Seat* seat, const uint8_t* melds, int n_melds,
                int limit, const count_t* cap, int cost, bint exact,
                const Target* target) noexcept:
    """Remember what a search of the hand under ``cap`` found (``target``: one it found at that
    cost, when exact)."""
    cdef Between* seen = _slot(hand, melds, n_melds)
    seen.used = True
    memcpy(seen.hand, hand, N_KINDS)
    memcpy(seen.melds, melds, n_melds)
    memcpy(seen.cap, cap, N_KINDS)
    seen.n_melds, seen.wind, seen.prevalent = n_melds, seat.wind, seat.prevalent
    seen.ruleset, seen.limit, seen.cost, seen.exact = seat.ruleset, limit, cost, exact
    if exact:
        memcpy(seen.target, target.tiles, N_KINDS)
        seen.win = target.win


cdef int _legal_between(const count_t* hand, const Seat* seat, const uint8_t* melds, int n_melds,
                        const int* unseen, int limit) noexcept:
    """The legal distance of a hand between turns, exact up to ``limit`` (beyond it, limit + 1).
    A hand asked about again (a seat's hand window after window, the caps only tightening as
    tiles are seen; first asked of the turn's search, which weighed the discard that left it) is
    answered from the search made before when that still holds."""
    global _between_asked, _between_kept
    cdef Question q
    cdef Found found
    cdef const Between* seen
    if distance(hand, n_melds) - 1 > limit:
        return limit + 1         # the legal distance is at least the shanten: out of sight
    _question(&q, hand, seat, melds, n_melds, unseen)
    seen = _found(hand, seat, melds, n_melds, limit, q.cap)
    _between_asked += 1
    if seen != NULL:
        _between_kept += 1
        return seen.cost - 1
    search(hand, &q, limit, False, True, &found)
    # An overflowed search (inexact below the bound) is not kept: tighter caps may not overflow.
    if (found.exact and found.n_targets > 0) or found.cost == limit + 2:
        _keep(hand, seat, melds, n_melds, limit, q.cap, found.cost, found.exact,
              &found.targets[0])
    return found.cost - 1


# The scores and suit lists rung 4's searches remember (held under the GIL, as _between is): a
# score read from them is the scorer's own, a list the one the search would make, so the games
# do not depend on what they hold.
cdef Memo _memo
cdef Lists _lists
_lists.deepest = LIST_DEEPEST


cdef inline void _question(Question* q, const count_t* hand, const Seat* seat,
                           const uint8_t* melds, int n_melds, const int* unseen) noexcept nogil:
    """The question a search of ``hand`` asks for the seat, won on a discard, with the memo
    and the lists."""
    prepare(q, hand, melds, n_melds, unseen, 0, seat.wind, seat.prevalent, seat.ruleset)
    q.memo = &_memo
    q.lists = &_lists


def memo_counts() -> tuple:
    """(asked, kept): how often, in this process, rung 4's searches asked for a target's score
    (or whether it may win eight at all), and how often the memo of scores answered (its hit
    rate, which ``scripts/bench_sim.py`` prints)."""
    return (_memo.asked, _memo.kept)


def lists_counts() -> tuple:
    """(asked, kept): how often, in this process, rung 4's searches listed a suit's patterns,
    and how often a list kept from a search before served (its hit rate, which
    ``scripts/bench_sim.py`` prints)."""
    return (_lists.asked, _lists.kept)


def known_counts() -> tuple:
    """(asked, known): how often, in this process, rung 4's turn had discards whose legal
    distance was in sight, and how often a search made before told the shortest road, so that
    the turn made no search of its own (``_road_known``; its hit rate, which
    ``scripts/bench_sim.py`` prints)."""
    return (_roads_asked, _roads_known)


def between_counts() -> tuple:
    """(asked, kept): how often, in this process, rung 4 asked for the legal distance of a hand
    held between turns that its shanten leaves in sight, and how often a search made before
    answered it (the hit rate of that cache, which ``scripts/bench_sim.py`` prints)."""
    return (_between_asked, _between_kept)


cdef void _seed_between(const Seat* seat, const count_t* counts, const Question* q,
                        const Drawn* drawn, const int* road, int least,
                        const Choices* out) noexcept:
    """Keep for _legal_between what the turn's search found of the hands its discards chosen
    leave (one of which the seat then holds between turns), those tied at the shortest road
    (``least``): their costs are exact, as a search of each would find them under the caps once
    the discard lies face up. A search of the hand left lists the patterns within each budget
    up to the cost it finds (or past the sight), and lists no more of them than the turn's
    search did within the same budget (it draws no fewer tiles for a pattern, and every bound
    that prunes its lists is as high or higher): so only a budget the turn's search listed in
    full is sure not to overflow in the hand's own search. A ready hand's search lists none."""
    cdef count_t hand[N_KINDS]
    cdef count_t cap[N_KINDS]
    cdef int i, k, cost
    memcpy(hand, counts, N_KINDS)
    for i in range(out.n):
        k = out.items[i]
        if not (is_open(drawn, k) and road[k] == least):
            continue
        cost = drawn.cost[k]
        if cost > 1 and drawn.listed < min(cost, seat.sight + 1):
            continue
        if (drawn.exact[k] and cost <= seat.sight + 1) or cost == seat.sight + 2:
            hand[k] -= 1
            memcpy(cap, q.cap, N_KINDS)
            cap[k] -= cap[k] > 0
            _keep(hand, seat, seat.melds, seat.n_melds, seat.sight, cap, cost,
                  drawn.exact[k], &drawn.targets[k])
            hand[k] += 1


cdef bint _road_known(const Seat* seat, const count_t* counts, const int* held, int n_held,
                      const Question* q, const int* shanten, Drawn* drawn) noexcept:
    """Whether the shortest road is known without the turn's search, and then fill ``drawn``
    as the search would for it: when one open discard alone leaves the least shanten, the hand
    it leaves was searched before (most often the tile just drawn goes, and gives back the hand
    held between turns) and its legal distance still holds, and no other open discard's shanten
    is below that distance (a legal distance is at least the shanten), so none can match its
    road. Only the discards tied at the shortest road need their costs exact, and there is one:
    the others get a cost past the sight, as a search gives a discard behind the least. Not
    told past a shanten of 1, where a defence weighs the other discards' roads too."""
    cdef count_t hand[N_KINDS]
    cdef count_t cap[N_KINDS]
    cdef int i, k, fewest = 1 << 20, alone = -1, next_fewest = 1 << 20
    cdef const Between* seen
    for i in range(n_held):         # the kinds held (_kinds_held): the open discards among them
        k = held[i]
        if not is_open(drawn, k):
            continue
        if shanten[k] < fewest:
            next_fewest = fewest
            fewest = shanten[k]
            alone = k
        elif shanten[k] < next_fewest:
            next_fewest = shanten[k]
    if fewest == next_fewest or fewest > 1:
        return False
    memcpy(hand, counts, N_KINDS)
    hand[alone] -= 1
    memcpy(cap, q.cap, N_KINDS)
    cap[alone] -= cap[alone] > 0
    seen = _found(hand, seat, seat.melds, seat.n_melds, seat.sight, cap)
    # The table keeps an exact cost, or one past the sight (none in sight): the road either way.
    if seen == NULL or seen.cost - 1 > next_fewest:
        return False
    for k in range(N_KINDS):
        drawn.cost[k] = seat.sight + 2
        drawn.exact[k] = False
    memset(drawn.accepted, 0, sizeof(drawn.accepted))     # no tie for the copies to break
    drawn.cost[alone] = seen.cost
    drawn.listed = -1               # nothing listed: _seed_between keeps none of it
    return True


cdef void _roads(const Seat* seat, const count_t* counts, const int* held, int n_held,
                 DiscardParts* parts, const int* unseen, int* road, int* copies, Question* q,
                 Drawn* drawn) noexcept:
    """Rung 4's road after each discard held (``road[k]``; the kinds held: ``held``) and the
    copies to be had of the kinds its nearest legal targets draw (``copies[k]``), from one
    search of the 14 tiles (``q``, and what it found in ``drawn``, whose targets the caller
    gives): of the discards whose shanten leaves the legal distance in sight (it is at least
    the shanten). No search is made when one made before tells the shortest road
    (_road_known)."""
    global _roads_asked, _roads_known
    cdef count_t hand[N_KINDS]
    cdef count_t to_have[N_KINDS]
    cdef int shanten[N_KINDS]
    cdef int i, k
    cdef bint open
    memcpy(hand, counts, N_KINDS)
    drawn.behind_is_shanten = True
    drawn.open = 0
    memset(drawn.behind, 0, sizeof(drawn.behind))
    memset(copies, 0, N_KINDS * sizeof(int))
    for i in range(n_held):
        k = held[i]
        hand[k] -= 1
        shanten[k] = distance_after(hand, seat.n_melds, k, parts) - 1
        hand[k] += 1
        open = shanten[k] <= seat.sight
        drawn.open |= (<uint64_t>open) << k
        # The shanten breaks a tie of legal distances.
        drawn.behind[k] = shanten[k] if open else 0
    if drawn.open:
        _question(q, counts, seat, seat.melds, seat.n_melds, unseen)
        _roads_asked += 1
        if _road_known(seat, counts, held, n_held, q, shanten, drawn):
            _roads_known += 1
        else:
            # Only the discards tied at the shortest road (the least legal distance, then
            # shanten) need theirs exactly.
            search_drawn(counts, q, seat.sight, True, 0, parts, drawn)
    for k in range(N_KINDS):
        to_have[k] = q.cap[k] - counts[k]
    for i in range(n_held):
        k = held[i]
        road[k] = _road_key(drawn.cost[k] - 1 if is_open(drawn, k) else seat.sight + 1,
                            shanten[k], seat.sight)
        if is_open(drawn, k):
            # After discarding k, one fewer of it is held and one fewer to be had.
            copies[k] = copies_of(drawn.accepted[k], to_have)


cdef int _turn_eight(Seat* seat, int ideas, const int* kongs, int n_kongs,
                     Choices* out) except -1:
    """turn_kernel with the idea eight: rung 3's turn, the road rung 4's."""
    cdef DiscardParts parts
    cdef count_t hand[N_KINDS]
    cdef count_t after[N_KINDS]
    cdef int road[N_KINDS]
    cdef int copies[N_KINDS]
    cdef int key[N_KINDS]
    cdef int held[N_KINDS]
    cdef int n = out.n, i, tile, now = 1 << 20, least = 1 << 20, far, kong, n_held
    cdef int* tiles = out.items
    cdef const count_t* counts = seat.counts
    cdef const int* unseen = _unseen(seat)
    cdef Targets plan
    cdef Question q
    cdef Drawn drawn
    cdef Target targets[N_KINDS]
    out.kong = -1
    memcpy(hand, counts, N_KINDS)
    discard_parts(counts, seat.n_melds, &parts)
    drawn.targets = targets
    n_held = _kinds_held(counts, held)
    _roads(seat, counts, held, n_held, &parts, unseen, road, copies, &q, &drawn)
    for i in range(n_held):
        now = min(now, road[held[i]])
    for i in range(n_kongs):
        tile = kongs[i]
        if counts[tile] == MAX_COPIES:
            memcpy(after, counts, N_KINDS)
            after[tile] = 0
            seat.melds[seat.n_melds] = tile | MELD_CONCEALED_KONG << 6
            far = _legal_between(after, seat, seat.melds, seat.n_melds + 1, unseen, seat.sight)
            kong = _road_key(far, distance(after, seat.n_melds + 1) - 1, seat.sight)
        else:
            kong = road[tile]
        if kong <= now:
            out.kong = i
            return 0
    if ideas & DEFENCE and now % 100 - 1 >= 2:
        n = _safe(seat, tiles, n)
    for i in range(n):
        least = min(least, road[tiles[i]])
        key[tiles[i]] = -road[tiles[i]]
    n = _keep_best(tiles, n, key)
    if ideas & PLANNING and n > 1 and least // 100 - 1 > 0:
        _targets(counts, seat, &plan)
        if _any_target(&plan):
            for i in range(n):
                key[tiles[i]] = _keeps(&plan, counts, tiles[i])
            n = _keep_best(tiles, n, key)
    if n > 1:
        if least // 100 - 1 <= seat.sight:
            for i in range(n):
                key[tiles[i]] = copies[tiles[i]]
        else:
            _copies_after(hand, seat.n_melds, tiles, n, &parts, seat.unseen_bytes, key)
        n = _keep_best(tiles, n, key)
    for i in range(n):
        key[tiles[i]] = -_isolation(counts, tiles[i])
    out.n = _keep_best(tiles, n, key)
    _seed_between(seat, counts, &q, &drawn, road, now, out)
    return 0


cdef inline int _rank(int claim) noexcept nogil:
    """A claim's rank, lower first: a kong, a pung, a chow."""
    return 2 * (claim >> 6 == MELD_CHOW) + (claim >> 6 == MELD_PUNG)


cdef bint _pays_anyway(Seat* seat, Targets* plan, bint* planned, bint planning, int claim,
                       count_t* after, int shanten) except -1:
    """Rung 3's test that a claim pays, which rung 4 asks of a claim whose legal distance is
    out of sight: its tile scores by itself, its melds floor eight, it fits the target hand,
    or it makes the hand ready to win eight. The target hand (``plan``) is worked out the
    first time a claim needs it (``planned``)."""
    cdef int lowest = claim & 63, floor
    cdef bint chow = claim >> 6 == MELD_CHOW
    floor = _meld_floor(seat.melds, seat.n_melds + 1, seat.wind, seat.prevalent)
    if not chow and (_scores_alone(lowest, seat.wind, seat.prevalent) or floor >= 8):
        return True
    if planning and shanten <= 1:
        if not planned[0]:
            _targets(seat.counts, seat, plan)
            planned[0] = True
        if _fits(plan, chow, lowest, floor):
            return True
    return shanten == 0 and _ready_to_win(seat, after, seat.n_melds + 1,
                                          claim >> 6 == MELD_KONG)


cdef int _answer_eight(Seat* seat, int ideas, int tile, const uint8_t* claims, int n,
                       Choices* out) except -1:
    """answer_kernel with the idea eight: rung 3's claims, the road rung 4's. The claims are
    weighed a rank at a time (kongs, pungs, chows), none of a lower rank once one pays (a
    lower rank never beats it). A claim's search is exact only as far as the road before it
    (a claim farther off is no progress), and is not made when it cannot change the answer:
    a claim alone in its rank, from a hand whose legal distance is out of sight, that
    shortens the road whatever its own and pays by rung 3's test."""
    cdef Targets plan
    cdef Question q
    cdef count_t after[N_KINDS]
    cdef int keys[N_KINDS]        # rank then road, lower first; -1: not worth claiming
    cdef int in_rank[3]
    cdef int i, road, before = -1, rank, far, held_far = 0, shanten, held, most, deep
    cdef int reach = seat.sight
    cdef bint kong, planning = ideas & PLANNING, planned = False, pays, paid = False
    cdef const int* unseen = _unseen(seat)
    out.n = 0
    out.kong = -1
    held = distance(seat.counts, seat.n_melds) - 1
    # The road before the claim is at most its key out of sight: a claim past that needs no
    # search of the hand held, which is made only once a claim comes near it.
    most = _road_key(seat.sight + 1, held, seat.sight)
    in_rank[0] = in_rank[1] = in_rank[2] = 0
    for i in range(n):
        keys[i] = -1
        if claims[i] != NOT_A_CLAIM:
            in_rank[_rank(claims[i])] += 1
    for rank in range(3):
        if paid:
            break
        for i in range(n):
            if claims[i] == NOT_A_CLAIM or _rank(claims[i]) != rank:
                continue
            kong = claims[i] >> 6 == MELD_KONG
            _claimed(seat.counts, claims[i], tile, after)
            seat.melds[seat.n_melds] = claims[i]
            shanten = distance(after, seat.n_melds + 1) - 1
            if _road_key(shanten, shanten, seat.sight) > most:
                continue                # the legal distance is at least the shanten
            if before < 0:
                held_far = _legal_between(seat.counts, seat, seat.melds, seat.n_melds, unseen,
                                          seat.sight)
                before = _road_key(held_far, held, seat.sight)
                reach = min(held_far, seat.sight)
            if _road_key(shanten, shanten, seat.sight) > before:
                continue
            if (in_rank[rank] == 1 and before == most and (shanten < held or kong)
                    and _pays_anyway(seat, &plan, &planned, planning, claims[i], after,
                                     shanten)):
                # Its road is shorter than the hand's out of sight whatever its own legal
                # distance, and alone in its rank it needs no road to rank it.
                keys[i] = 100000 * rank
                paid = True
                continue
            if kong:
                far = _legal_between(after, seat, seat.melds, seat.n_melds + 1, unseen, reach)
            else:
                # A claim that leaves the shanten no shorter is progress only with a legal
                # distance shorter than the hand's, so it is searched no further than that.
                deep = reach if shanten < held else held_far - 1
                if shanten > deep:
                    far = deep + 1
                else:
                    _question(&q, after, seat, seat.melds, seat.n_melds + 1, unseen)
                    far = distance_drawn(after, &q, deep)
            road = _road_key(far, shanten, seat.sight)
            if road > before or (road == before and not kong):
                continue
            pays = (road // 100 - 1 <= seat.sight
                    or _pays_anyway(seat, &plan, &planned, planning, claims[i], after,
                                    shanten))
            if pays:
                keys[i] = 100000 * rank + road
                paid = True
    _keep_lowest(keys, n, out)
    return 0
