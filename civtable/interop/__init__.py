"""civtable's games in other ecosystems.

- ``civtable.interop.openspiel``: every game registered as an OpenSpiel game
  (``pyspiel.load_game("civtable_catan_deckbuilding")``), with an observer, a wrapper
  that lets civtable's bots play in OpenSpiel and an evaluator for OpenSpiel's search
  (``pip install civtable[openspiel]``; docs/interop.md).

Nothing is imported here: each module needs its ecosystem's package.
"""
