"""Types of mjsim_core/blake2b.pyx."""

def digest(data: bytes, digest_size: int = 64, *, key: bytes | None = None,
           person: bytes | None = None) -> bytes: ...
