"""Build the compiled core: every ``mjsim_core/*.pyx`` with one set of directives.

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

extensions = [
    Extension(
        f"mjsim_core.{Path(source).stem}",
        [source],
        include_dirs=[numpy.get_include()],
        extra_compile_args=COMPILE_ARGS,
        define_macros=[("NPY_NO_DEPRECATED_API", "NPY_1_7_API_VERSION")],
    )
    for source in sorted(glob("mjsim_core/*.pyx"))
]

setup(ext_modules=cythonize(extensions, compiler_directives=DIRECTIVES, force=DEBUG))
