"""The seats of a 5-player game on the small map (West set) and their AST order:
HELLAS=0 (AST rank 15), MINOA=1 (1), HATTI=2 (9), ASSYRIA=3 (3), EGYPT=4 (17)."""

HELLAS, MINOA, HATTI, ASSYRIA, EGYPT = range(5)
AST_ORDER = [MINOA, ASSYRIA, HATTI, HELLAS, EGYPT]
