"""What a player of Catan Deck Building knows: observations and determinizations
(every action is public as it is: ``Game.public_text`` keeps its default; the
reasons for illegal actions are in ``show/explain.py``).

Hidden information (CDB-4.2, CDB-4.3, CDB-4.4): a player sees his own hand, the
sizes of the other hand and of both draw piles, the laid-down cards, the supply
and (discard-visibility A) both discard piles, B only their top cards; never the
other hand or any draw-pile order. What each player owns is public: it follows
from the start deck, the purchases and the steals. The card a Bandit takes is
seen by the thief and the victim only (CDB-3.1.2): a spectator is not shown it,
and counts it as still the victim's until it lies on the thief's discard pile.
"""

from __future__ import annotations

from typing import Any

from civtable.core.rng import Rng

from .catalog import BUYABLE, CITY, KDEF, N_CARDS, ROLE_IDS
from .rules.base import all_counts, pile_counts
from .rules.turn import shuffle  # Rng.shuffle, written out
from .state import MAIN, OVER, PHASE_NAMES, POOL_KEYS, CatanState


def pending_view(s: CatanState, viewer: int | None) -> dict[str, Any] | None:
    """The attack being answered, as ``viewer`` sees it (None in the main phase)."""
    if s.phase in (MAIN, OVER):
        return None
    return {
        "attack": ROLE_IDS[s.attack] if s.attack >= 0 else None,
        "attacker": s.attacker,
        "victim": s.victim,
        # the thief looks at the stolen card and the victim knows what left his hand
        "stolen": ROLE_IDS[s.stolen] if s.stolen >= 0 and viewer is not None else None,
        "left": s.left,
    }


def observation(s: CatanState, player: int | None) -> dict[str, Any]:
    """What ``player`` sees (``None``: a spectator)."""
    public = s.rules.discard_public
    in_the_air = s.stolen if (player is None and s.stolen >= 0) else -1
    players = []
    for p in range(2):
        disc = s.disc[p]
        owned = s.owned(p)
        if in_the_air >= 0 and p == s.victim:
            owned[in_the_air] += 1
        view: dict[str, Any] = {
            "seat": p,
            "hand_size": sum(s.hand[p]),
            "draw_size": len(s.draw[p]),
            "discard_size": len(disc),
            "discard_top": ROLE_IDS[disc[-1]] if disc else None,
            "laid": all_counts(s.laid[p]),
            "reserved_knights": s.reserved[p],
            "spent_knights": s.spent[p],
            "owned": all_counts(owned),
        }
        if public:
            view["discard"] = pile_counts(disc)
        if p == player:
            view["hand"] = all_counts(s.hand[p])
        players.append(view)
    return {
        "game": "catan-deckbuilding",
        "player": player,
        "turn": s.turn_no,
        "current": s.current,
        "phase": PHASE_NAMES[s.phase],
        "to_move": list(s.to_move()),
        "over": s.phase == OVER,
        "winner": s.winner if s.winner >= 0 else None,
        "supply": {ROLE_IDS[c]: s.supply[c] for c in BUYABLE},
        "pool": dict(zip(POOL_KEYS, s.pool, strict=True)),
        "roads_played": s.roads_played,
        "road_seas": s.road_seas,
        "pending": pending_view(s, player),
        "players": players,
    }


class SeatView:
    """What one seat sees now, read in place from the position: the bots' view
    (``State.seat_view``, issue 18). An observation builds a dict of every zone at every
    decision; a bot asks for a few numbers. This holds references to the position's
    public lists (a bot must never change them) and to the seat's own hand, and counts
    what a player owns (public: it follows from the start deck, purchases and steals)
    only when asked. The other hand and both draw piles show their sizes only, a
    discard pile (discard-visibility B) its top card; the Bandit's stolen card is
    shown in phase 'steal' (the thief and the victim both know it, CDB-3.1.2)."""

    __slots__ = ("_s", "player", "phase", "hand", "pool", "supply", "roads_played", "turn", "_owned")

    def __init__(self, s: CatanState, player: int) -> None:
        self._s = s
        self.player = player
        self.phase = s.phase  # state.MAIN ... OVER
        self.hand = s.hand[player]  # counts by card
        self.pool = s.pool  # by pool slot (state.POOL_KEYS)
        self.supply = s.supply  # by card (0 for cards that are not in the supply)
        self.roads_played = s.roads_played
        self.turn = s.turn_no
        self._owned: list[list[int] | None] = [None, None]

    def owned(self, p: int) -> list[int]:
        """Counts of every card player ``p`` owns, wherever it lies (CDB-7.4)."""
        known = self._owned[p]
        if known is None:
            known = self._owned[p] = self._s.owned(p)
        return known

    def owns(self, p: int, card: int) -> int:
        """How many of ``card`` player ``p`` owns (without counting the others)."""
        known = self._owned[p]
        if known is not None:
            return known[card]
        s = self._s
        n = s.hand[p][card] + s.laid[p][card] + s.draw[p].count(card) + s.disc[p].count(card)
        return n + s.reserved[p] if card == KDEF else n

    def laid(self, p: int) -> list[int]:
        """The cards ``p`` laid down this turn, by card."""
        return self._s.laid[p]

    def stolen(self) -> int:
        """The card the Bandit took, in phase 'steal' (else -1)."""
        return self._s.stolen if self.phase not in (MAIN, OVER) else -1

    def snapshot(self) -> dict[str, Any]:
        """Everything the view can tell, as plain data (for the fair-play check)."""
        s = self._s
        public = s.rules.discard_public
        return {
            "player": self.player, "phase": PHASE_NAMES[self.phase], "turn": self.turn, "current": s.current,
            "decider": s.decider, "winner": s.winner, "hand": list(self.hand),
            "hand_sizes": [sum(h) for h in s.hand], "draw_sizes": [len(d) for d in s.draw],
            "discard_sizes": [len(d) for d in s.disc],
            "discards": [list(d) if public else d[-1:] for d in s.disc],
            "laid": [list(x) for x in s.laid], "reserved": list(s.reserved), "spent": list(s.spent),
            "owns": [[SeatView(s, self.player).owns(p, c) for c in range(N_CARDS)] for p in (0, 1)],
            "owned": [self.owned(0), self.owned(1)],
            "supply": list(self.supply), "pool": list(self.pool), "roads_played": self.roads_played,
            "road_seas": s.road_seas, "pending": pending_view(s, self.player), "stolen": self.stolen(),
        }


def determinize(s: CatanState, player: int | None, rng: Rng) -> CatanState:
    """Deal the cards ``player`` cannot see anew, and give the copy a fresh generator.

    The deal keeps what is public: Knights shown to block (counter-knight=C), the
    winner's three Cities, and (win-timing A) that the player whose turn it is does
    not hold three Cities; for a spectator, the Bandit's stolen card is dealt from
    the victim's cards too. The true generator's state is hidden information as
    well: keeping it would let a search bot foresee the next shuffle.
    """
    d = s.clone()
    d.rng = Rng(rng.next64())
    rules = s.rules
    public = rules.discard_public
    for p in range(2):
        unknown: list[int] = list(d.draw[p])
        disc = d.disc[p]
        kept_disc = disc if public else disc[-1:]
        if not public:
            unknown.extend(disc[:-1])
        if p != player:
            hand = d.hand[p]
            known = [0] * N_CARDS
            known[KDEF] = s.spent[p]
            if s.phase == OVER and s.winner == p:
                known[CITY] = rules.to_win
            for c in range(N_CARDS):
                unknown.extend([c] * (hand[c] - known[c]))
            dealt = sum(hand) - sum(known)
            stolen = player is None and s.stolen >= 0 and p == s.victim
            if stolen:
                unknown.append(s.stolen)
            # sorted first, so that the deal depends on what ``player`` sees and the rng only
            unknown.sort()
            cap = rules.to_win - 1 if (p == s.current and s.phase != OVER and rules.win_any_time) else dealt
            for _ in range(20):  # rejection sampling: exact, and rarely needs a second try
                shuffle(rng, unknown)
                if unknown[:dealt].count(CITY) <= cap:
                    break
            new_hand = known
            for c in unknown[:dealt]:
                new_hand[c] += 1
            d.hand[p] = new_hand
            if stolen:
                d.stolen = unknown[dealt]
                dealt += 1
            unknown = unknown[dealt:]
        else:
            unknown.sort()
            shuffle(rng, unknown)
        n_draw = len(s.draw[p])
        d.draw[p] = unknown[:n_draw]
        d.disc[p] = kept_disc if public else unknown[n_draw:] + kept_disc
    return d
