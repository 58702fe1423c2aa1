"""The field's game formats: the IJCAI contest's text and Botzone's match logs, read into one
record, replayed and checked on the engine (:mod:`~mjsim.game.formats.check`), and written back
from games mjsim played. docs/formats.md describes the formats."""
