from libc.stdint cimport uint8_t, uint16_t, uint32_t, uint64_t
from libc.string cimport memcpy

from mjsim_core._types cimport count_t, N_KINDS
from mjsim_core.shanten cimport DiscardParts

cdef enum:
    # Distances up to this are searched exactly by default; beyond, "at least LIMIT + 1".
    DEFAULT_LIMIT = 3
    # The legal targets a search keeps for its caller (the first found at the best cost).
    MAX_TARGETS = 64

    MEMO_BITS = 12
    MEMO_SLOTS = 4096           # the scores a Memo holds: 2 ** MEMO_BITS

# What a target was scored on, in KEY_WORDS words: its tiles (bytes 0-33), the melds (34-37),
# their count, the winning tile, the flags, the seat's winds and ruleset (seat * 16 + prevalent
# * 4 + ruleset) and 1 (42: a slot in use holds it), then zeros.
cdef enum:
    KEY_WORDS = 6

cdef struct Remembered:
    uint64_t key[KEY_WORDS]
    int total                   # what the scorer answered (the bound: 0 or 1)
    bint exact                  # the total itself, not only which side of eight it is on

# Scores remembered across searches, a slot for each hash of a key (the last one scored there
# is kept), and whether a target may win eight at all (may_reach, under the win N_KINDS): a
# memo answers what the scorer (or the bound) would, so it changes no answer. It belongs to its
# caller: searches sharing one must not run at once. asked and kept count its use.
cdef struct Memo:
    Remembered slot[MEMO_SLOTS]
    long long asked
    long long kept

# A suit's pattern as the search lists it: m sets and p pairs of one suit, the tiles it holds of
# each rank, and what it costs in draws.
cdef struct Pattern:
    uint32_t key                # suit, sets, pair, cost and the digits, so that sorting groups
    count_t t[9]
    uint16_t drawn              # the ranks whose copies it holds more of than the hand, as bits

cdef enum:
    # A table this large (6.6 MB) keeps four lists in five that rung 4 asks for, against
    # three in five at a sixteenth of it (2 ** 12 slots): there the misses were lists written
    # over, not new ones (at 2 ** 17 slots still four in five).
    LIST_BITS = 16
    LIST_SLOTS = 65536          # the suit lists a Lists finds: 2 ** LIST_BITS
    LIST_PATTERNS = 262144      # the patterns it holds for them, the oldest written over first
    LIST_MOST = 64              # the most patterns a list kept may have
    LIST_DEEPEST = 3            # rung 4's deepest budget: its sight (at most 2) and a draw
    LIST_KEY_WORDS = 2

# One suit's patterns as a search listed them, under caps no tighter than any search's (a pattern
# holds at most the budget more than the hand) and beside other suits needing no more than
# ``bounds`` (for each sets and pair, by slot, 2 * sets + pair; past the budget as budget + 1),
# so that a search under any caps, beside other suits needing as much or more, reads them with
# those its caps or its budget forbid dropped. The key: the suit's tiles (bytes 0-8), the
# budget, the sets wanted, the suit and 1 (a slot in use). The patterns lie in the Lists' ring
# from ``at`` on (counted from the first pattern ever written there).
cdef struct SuitList:
    uint64_t key[LIST_KEY_WORDS]
    uint64_t at
    int n
    count_t bounds[10]

# Suit lists remembered across searches, a slot for each hash of a key (the last one listed
# there is kept while its patterns are not written over). A list read from it is the one the
# search would make, in the same order, so it changes no answer. It belongs to its caller, as a
# Memo does. asked and kept count its use. Only the lists of budgets up to ``deepest`` are kept
# (under the loose caps a list is made under, a deep one is many times longer than the search's
# own, and its listing many times slower).
cdef struct Lists:
    SuitList slot[LIST_SLOTS]
    Pattern ring[LIST_PATTERNS]
    uint64_t written            # the patterns ever written to the ring
    int deepest
    long long asked
    long long kept

# The question: a hand of 13-3m concealed tiles, its melds, and how a win would be scored.
cdef struct Question:
    const uint8_t* melds        # the scorer's meld bytes
    int n_melds
    int flags                   # 0 (won on a discard) or SELF_DRAWN
    int seat
    int prevalent
    int ruleset
    int exposed[N_KINDS]        # copies of each kind in the winner's exposed melds (Last Tile)
    uint64_t last_kinds         # the kinds with three copies exposed, as bits
    count_t cap[N_KINDS]        # the most copies a target may hold concealed
    Memo* memo                  # the scores to reuse and add to (NULL: none)
    Lists* lists                # the suit lists to reuse and add to (NULL: none)

# A legal target hand: its concealed tiles and the tile it is won on.
cdef struct Target:
    count_t tiles[N_KINDS]
    int win

# What a search found: the fewest tiles to draw (the distance plus one) when exact, else a
# bound (exact is 0); the kinds some best legal target draws; the targets kept.
cdef struct Found:
    int cost
    bint exact
    count_t accepted[N_KINDS]
    int n_targets
    Target targets[MAX_TARGETS]

# What a search of a 14-3m tile hand found, discard by discard: for each kind asked about
# (``open``, a bit a kind: the loops walk its bits, not 34 tests on the hand), the fewest tiles
# to draw after discarding it (its distance plus one; a bound when not exact) and, with
# all_kinds, the kinds some best legal target then draws. ``behind`` (0-3, asked): how far
# behind the others a discard ranks at the same cost, so that the least is the least (cost,
# behind) and the spread counts from it (0 everywhere: by cost alone).
# ``behind_is_shanten``: the caller set each open discard's behind to the shanten it leaves (so
# a ready hand is told without working it out again). ``targets`` (NULL: not wanted): for each
# discard whose cost is exact and within the limit, a legal target at that cost, as search()
# keeps one for the hand after the discard. ``listed``: the largest budget whose patterns the
# search listed in full (-1: none).
cdef struct Drawn:
    uint64_t open
    int behind[N_KINDS]
    bint behind_is_shanten
    int cost[N_KINDS]
    bint exact[N_KINDS]
    count_t accepted[N_KINDS][N_KINDS]
    Target* targets
    int listed

cdef inline bint is_open(const Drawn* drawn, int k) noexcept nogil:
    return (drawn.open >> k) & 1

# The copies to be had of the kinds a discard accepts (Drawn.accepted[k], each 0 or 1), given
# each kind's copies (at most 4): eight kinds a word (a 1 times 255 masks its byte of copies,
# and a multiply sums a word's bytes).
cdef inline int copies_of(const count_t* kinds, const count_t* copies) noexcept nogil:
    cdef uint64_t marked, had, total = 0
    cdef int i
    for i in range(0, 32, 8):
        memcpy(&marked, kinds + i, 8)
        memcpy(&had, copies + i, 8)
        total += ((marked * 0xFF) & had) * 0x0101010101010101ull >> 56
    return <int>total + kinds[32] * copies[32] + kinds[33] * copies[33]

# A multiplicative hash of ``n`` words, whose top bits depend on every bit of them: the slot of a
# key in the tables the searches and the rungs keep (take its top bits).
cdef inline uint64_t hash_words(const uint64_t* key, int n) noexcept nogil:
    cdef uint64_t code = 0
    cdef int i
    for i in range(n):
        code = (code ^ key[i] ^ (code >> 32)) * 0x9E3779B97F4A7C15ULL
    return code

# The question's exposed counts and caps, from the concealed tiles, meld bytes and copies still
# to be had (NULL: every copy not held or melded); no memo, no lists.
cdef void prepare(Question* q, const count_t* held, const uint8_t* melds, int n_melds,
                  const int* unseen, int flags, int seat, int prevalent,
                  int ruleset) noexcept nogil
# Search a 13-3m tile hand, exactly for costs up to limit + 1. all_kinds: find every best legal
# target (for out.accepted), not only one; keep_targets: fill out.targets.
cdef void search(const count_t* held, const Question* q, int limit, bint all_kinds,
                 bint keep_targets, Found* out) noexcept nogil
# Search a 14-3m tile hand once for every discard in out.open (each discard lies face up: one
# copy fewer to be had), exactly for costs up to limit + 1, as search() would after each
# discard. Only the discards costing at most the least cost over them plus ``spread`` get
# theirs exactly (0: those tied at the least, out.behind included; -1: the least alone; more
# than limit + 1: every one); the others get a cost above that. ``shared``: the 14 tiles'
# discard_parts when the caller has them (NULL: made here), to which the search may add the
# vectors it reads lazily (accepted_after).
cdef void search_drawn(const count_t* held, const Question* q, int limit, bint all_kinds,
                       int spread, DiscardParts* shared, Drawn* out) noexcept nogil
# What a complete 14-3m tile hand scores won on ``win`` (-1: not complete), from the question's
# memo when it holds the answer.
cdef int win_points(const count_t* tiles, const Question* q, int win) noexcept nogil
# The legal distance of a 14-3m tile hand: -1 when it wins eight on one of its tiles, else the
# least over its discards (each discard lies face up: no more of it to be had), exact up to
# limit (which may be -1), else limit + 1.
cdef int distance_drawn(const count_t* held, const Question* q, int limit) noexcept nogil
