"""mjsim's compiled core: kernels over 34-entry uint8 counts arrays (see design.md §2)."""
