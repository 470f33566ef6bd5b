"""Who acts first: AST order (MC-0.4) and the Beneficiary (MC-0.9, MC-1.2.2, MC-1.2.6)."""

from __future__ import annotations

from collections.abc import Collection, Sequence


def ast_order(ranks: Sequence[int]) -> list[int]:
    """MC-0.4: the players (by seat) in the order of their civilizations' AST ranking."""
    return sorted(range(len(ranks)), key=lambda p: ranks[p])


def beneficiary(
    cities_in_stock: Sequence[int],
    tokens_in_stock: Sequence[int],
    ranks: Sequence[int],
    excluded: Collection[int] = (),
    needs_city: bool = False,
) -> int | None:
    """MC-0.9: most cities in stock, then most tokens in stock, then first in AST order.

    MC-1.2.6: players in ``excluded`` (tax-revolt victims) cannot be chosen;
    MC-1.2.2: with ``needs_city``, a player without a city piece in stock is passed over.
    None when nobody qualifies (MC-1.2.3: the revolting city is then destroyed).
    """
    candidates = [p for p in range(len(ranks)) if p not in excluded and (cities_in_stock[p] > 0 or not needs_city)]
    if not candidates:
        return None
    return min(candidates, key=lambda p: (-cities_in_stock[p], -tokens_in_stock[p], ranks[p]))
