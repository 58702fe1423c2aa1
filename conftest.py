"""pytest settings for the whole tree.

A module compiled in Cython's pure-Python mode (``mjsim/<name>.py`` with a ``.pxd`` beside it)
imports as the extension built beside it, so pytest's check that an imported module's
``__file__`` is the ``.py`` file it collects would refuse to collect its doctests. The check is
switched off here, and those doctests run against the compiled module, as users get it.
"""

import os

os.environ.setdefault("PY_IGNORE_IMPORTMISMATCH", "1")
