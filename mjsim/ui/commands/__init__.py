"""The commands of ``mjsim``, one module each.

A command's module holds its sub-parser (``add``: the help, an epilog of examples that the tests
run, the arguments) and its ``cmd_NAME(args) -> str``, which returns the text to print and
raises :class:`~mjsim.ui.commands.base.UsageError` for bad input. ``mjsim.ui.cli`` lists the
modules in the order ``mjsim --help`` shows them. What several commands share is in ``base``
(errors, argument types, files) and ``runs`` (the options and the output of a run).

A module imports the layers its command uses when it runs, so that ``mjsim --help`` loads none.
"""
