"""What Mega Civilization shows a person: the terminal screen (``render``), the browser page and
its map (``web``, ``webmap``, ``layout``), words and term tables (``words``), the card and rules
reference (``reference``) and the explanations of refused actions (``explain``)."""
