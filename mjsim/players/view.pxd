# Compiled in Cython's pure-Python mode: a view is made for every decision a bot takes.

cdef class View:
    cdef readonly object seat, hand, pools, exposed, flowers, wall, dealer, prevalent, phase
    cdef readonly object drawn, window, legal, hand_no, ruleset, luck
    cdef readonly int ruleset_index
    cdef object _unseen, _visible
