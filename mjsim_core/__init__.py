"""mjsim's compiled core: kernels over 34-entry uint8 counts arrays
(docs/architecture.md#the-data), and the plain data they are built from (``kinds``,
``elements``). Imports nothing from mjsim."""
