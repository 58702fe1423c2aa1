"""Slow, obvious pure-Python twins of the compiled kernels. The tests compare the two."""
