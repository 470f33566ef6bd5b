"""What civ-solo shows a person: the terminal screen (``render.py``), the browser page
(``web.py``, ``web_parts.py``), the words and the translations' term tables
(``words.py``), the rules reference (``reference.py``), the questions put to the person
(``questions.py``), the reasons for a refused answer (``explain.py``) and the game's own
command-line sub-commands (``commands.py``: ``civtable solo odds``, ``civtable solo
battle``)."""
