"""mjsim's compiled core: kernels over 34-entry uint8 counts arrays (see design.md §2), and the
plain data they are built from (``kinds``, ``elements``). Imports nothing from mjsim."""
