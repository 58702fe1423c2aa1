"""``python -m mjsim``: the ``mjsim`` command (:func:`mjsim.ui.cli.program`), for an environment
whose scripts folder is not on the PATH."""

from mjsim.ui.cli import program

if __name__ == "__main__":
    program()
