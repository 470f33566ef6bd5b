"""What Civilization: The Card Game shows a person: the terminal screen, action labels,
menu paths and help (``render``), the browser fragment (``web``), names, terms and
actions in words and the names a person types (``words``), the card and rules tables
of ``civtable cards`` (``reference``), and the reasons of refused actions
(``explain``, ``State.explain``). Every sentence goes through the translation
machinery (``civtable.i18n``).
"""
