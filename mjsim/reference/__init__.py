"""Slow, obvious pure-Python twins of the compiled kernels, for the tests to compare against.

Beside the layers, not among them: it may import any of them, and no production module imports it.
"""
