"""Test-wide settings: hypothesis runs the same examples on every machine and every run, so a
red suite can be reproduced and a green one means the same thing twice."""

from hypothesis import settings

settings.register_profile("mjsim", derandomize=True, deadline=None, print_blob=True)
settings.load_profile("mjsim")
