"""For people: the command line, the keyboard game, replays and figures.

The top layer: may import every layer below it.
"""
