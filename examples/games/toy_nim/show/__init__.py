"""What is shown of the game: the terminal screen (``render``) and the rules reference
(``reference``). A bigger game adds its browser page and drawings, its words and
translation term tables, explanations of refused actions and its own commands here."""
