"""The rules: the deal (``setup``), the turn phase by phase (``turn``: the ``bidding``,
then the ``taking``) and the ``end``.

They take the state as an argument and never import ``state.py`` (its type is named
under ``TYPE_CHECKING``): the state imports them, for its hot path (``to_move``,
``legal_actions``, ``apply``)."""
