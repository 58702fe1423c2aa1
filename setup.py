"""Build the compiled parts, all with one set of directives: every ``mjsim_core/*.pyx``, and
every ``mjsim/**/*.py`` module with a ``.pxd`` beside it (Cython's pure-Python mode: the ``.pxd``
declares the types, the module stays plain Python that also runs uncompiled).

``MJSIM_CYTHON_DEBUG=1`` turns bounds, wraparound and division checks back on (and drops -O3),
to hunt a crash.
"""

import os
from glob import glob
from pathlib import Path

import numpy
from Cython.Build import cythonize
from setuptools import Extension, setup

DEBUG = os.environ.get("MJSIM_CYTHON_DEBUG") == "1"

DIRECTIVES = {
    "language_level": 3,
    "boundscheck": DEBUG,
    "wraparound": DEBUG,
    "cdivision": not DEBUG,
    "initializedcheck": DEBUG,
    "embedsignature": True,
}

COMPILE_ARGS = ["-O0", "-g"] if DEBUG else ["-O3"]

# The modules compiled from .py files keep Python's meaning where C's would differ (negative
# indexes, the sign of % and //), take their types from the .pxd only (the annotations are for
# readers and type checkers), and leave each doctest to be collected once, from the module.
PURE_DIRECTIVES = {**DIRECTIVES, "wraparound": True, "cdivision": False,
                   "annotation_typing": False, "autotestdict": False}


def extension(source: str) -> Extension:
    return Extension(
        str(Path(source).with_suffix("")).replace("/", "."),
        [source],
        include_dirs=[numpy.get_include()],
        extra_compile_args=COMPILE_ARGS,
        define_macros=[("NPY_NO_DEPRECATED_API", "NPY_1_7_API_VERSION")],
    )


core = [extension(source) for source in sorted(glob("mjsim_core/*.pyx"))]
pure = [extension(str(Path(pxd).with_suffix(".py")))
        for pxd in sorted(glob("mjsim/**/*.pxd", recursive=True))]

setup(ext_modules=cythonize(core, compiler_directives=DIRECTIVES, force=DEBUG)
      + cythonize(pure, compiler_directives=PURE_DIRECTIVES, force=DEBUG))
