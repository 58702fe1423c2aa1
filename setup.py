"""Build the compiled parts, all with one set of directives: every ``mjsim_core/*.pyx``, and
every ``mjsim/*.py`` module with a ``.pxd`` beside it (Cython's pure-Python mode: the ``.pxd``
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

SOURCES = sorted(glob("mjsim_core/*.pyx")) + sorted(
    str(Path(pxd).with_suffix(".py")) for pxd in glob("mjsim/*.pxd"))

extensions = [
    Extension(
        str(Path(source).with_suffix("")).replace("/", "."),
        [source],
        include_dirs=[numpy.get_include()],
        extra_compile_args=COMPILE_ARGS,
        define_macros=[("NPY_NO_DEPRECATED_API", "NPY_1_7_API_VERSION")],
    )
    for source in SOURCES
]

setup(ext_modules=cythonize(extensions, compiler_directives=DIRECTIVES, force=DEBUG))
