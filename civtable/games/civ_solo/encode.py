"""The observation of the solo automa as a fixed-size ``float32`` vector (``Game.encoding``,
``Game.encode``), for learning agents.

Built from ``observation(0)`` alone: the face-down opponent deck is there only as its
size and the generator not at all, so nothing hidden can reach the vector. The game has
one seat, so "the viewer's own things first" is the whole vector: the question waiting,
the turn and its table row (SOLO-8.1), the event under way, the player's answers so far
(unit cards, counts, the trade), the dice being typed, the battle card by card, the
automa's ledger and the rule variants in force.

Counts are divided by a documented maximum and clipped to 1: the companion's limits
(``data/companion.json``), the unit decks, the tables, or a stated round figure where
the rules set none (debt 20, ledger totals 30, pending battles 3). Every index map is
built once per game object (``SoloEncoder``), never per call.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from civtable.core.spaces import Encoding, Feature

from .catalog import CULTURE_EVENTS, LOSS_ITEMS, UNIT_KINDS
from .rules import ASKS, STAGES, STEPS
from .rules.dice import PURPOSES
from .rules.end import DEBT_KINDS
from .rules.opponent import composition_counts
from .space import most_deck, most_fronts, strengths

if TYPE_CHECKING:
    from .game import CivSolo

ERAS = ("ancient", "medieval", "modern")
OUTCOMES = ("won", "battle", "time")
LEDGER_ITEMS = (*DEBT_KINDS, "unit", "armies", "destroyer", "card")
"""What the ledger counts (as ``serialize.LEDGER_ITEMS``)."""
DEBT_MAX = 20
"""Wound markers of one kind counted up to 20 (the rules set no limit; a 16-turn game of
the shipped tables takes at most 5 a loss)."""
LEDGER_MAX = 30
"""Ledger totals (items taken or given) counted up to 30 per item."""
PENDING_MAX = 3
"""Battles pending counted up to 3 (one 6 a turn, fought the next turn)."""
FRONT_WIDTH = 12
"""Per front: the player's unit (type one-hot, strength, wounds), then the opponent's."""


def _clip(x: float) -> float:
    return 1.0 if x > 1.0 else 0.0 if x < 0.0 else x


class SoloEncoder:
    """The layout and the index maps of one game object (its tables and options)."""

    def __init__(self, game: CivSolo) -> None:
        t = game.tables
        self.last = t.last_turn
        self.asks = {a: i for i, a in enumerate(STEPS)}
        assert set(self.asks) == set(ASKS)
        self.stages = {st: i for i, st in enumerate(STAGES)}
        self.hand_max = t.limits["hand"]
        self.fronts = most_fronts(game)
        self.deck_max = most_deck(game)
        self.bonus_max = t.limits["bonus"]
        self.limit_max = t.limits["card_limit"]
        self.strength_max = max(st for k in UNIT_KINDS for st in strengths(game, k))
        self.target_max = max(row["5"]["strength"] for row in t.rows)
        self.count_max = max(row[f]["count"] for row in t.rows for f in ("1", "2"))
        self.kind_copies = {k: sum(n for (kind, _), n in t.copies.items() if kind == k) for k in UNIT_KINDS}
        self.all_copies = sum(self.kind_copies.values())
        self.kinds = {k: i for i, k in enumerate(UNIT_KINDS)}
        self.pairs = {(k, st): i for i, (k, st) in enumerate((k, st) for k in UNIT_KINDS for st in strengths(game, k))}
        self.trade = {item: i for i, item in enumerate(t.trade)}
        self.trade_values = t.trade
        self.buy_max = max(buy for _, buy in t.trade.values())
        self.pool_max = max(sum(composition_counts(level, game.rules.opponent_composition).values())
                            for level in range(1, 5))
        self.composition = game.rules.opponent_composition
        self.ledger_items = {item: i for i, item in enumerate(LEDGER_ITEMS)}
        self.variants = [s for s in game.option_specs if s.choices and s.name != "players"]
        self.choice_index: dict[tuple[str, str], int] = {}
        for s in self.variants:
            for c in s.choices:
                self.choice_index[(s.name, str(c))] = len(self.choice_index)
        self.rows = self._rows(game)
        self.encoding = Encoding(self._features())
        e = self.encoding
        self.at = {f.name: e.slot(f.name).start for f in e.features}

    def _rows(self, game: CivSolo) -> dict[int, np.ndarray]:
        """SOLO-8.1: the row of each turn as numbers (turn 0, the set-up, reads none)."""
        out: dict[int, np.ndarray] = {}
        for turn in range(0, self.last + 2):
            v = np.zeros(3 + 2 * (len(LOSS_ITEMS) + 1) + 2 * len(CULTURE_EVENTS), dtype=np.float32)
            if turn >= 1:
                row = game.tables.row(turn)
                v[0] = row["5"]["strength"] / self.target_max
                v[1] = row["6"]["military_level"] / 4
                v[2] = _clip(row["6"]["card_limit"] / self.limit_max)
                at = 3
                for face in ("1", "2"):
                    v[at + LOSS_ITEMS.index(row[face]["lose"])] = 1
                    v[at + len(LOSS_ITEMS)] = row[face]["count"] / self.count_max
                    at += len(LOSS_ITEMS) + 1
                for face in ("3", "4"):
                    v[at + CULTURE_EVENTS.index(row[face]["event"])] = 1
                    at += len(CULTURE_EVENTS)
            out[turn] = v
        return out

    def _features(self) -> list[Feature]:
        n_kinds, F = len(UNIT_KINDS), Feature
        return [
            F("ask", len(self.asks), "one-hot: the question waiting (state.ask, in the order of rules.STEPS)"),
            F("stage", len(self.stages), "one-hot: the automa's procedure under way (rules.STAGES)"),
            F("resume", len(self.stages), "one-hot: the procedure a failure roll returns to (stage 'check')"),
            F("turn", 1, f"turn / {self.last + 1}"),
            F("turns_left", 1, f"turns left after this one / {self.last}"),
            F("final", 1, "1 in the last turn"),
            F("over", 1, "1 when the game is over"),
            F("outcome", len(OUTCOMES), "one-hot: won, lost a battle, lost on time"),
            F("pool", 1, f"event dice to roll (SOLO-3.2) / {self.last + 1}"),
            F("era", len(ERAS), "one-hot: the wonder market's era (SOLO-7)"),
            F("row", len(self.rows[0]),
              f"this turn's SOLO-8.1 row: military strength / {self.target_max}, opponent level / 4, card limit / "
              f"{self.limit_max}; columns 1 and 2: what is lost (one-hot {', '.join(LOSS_ITEMS)}) and how many / "
              f"{self.count_max}; columns 3 and 4: the culture event (one-hot {', '.join(CULTURE_EVENTS)})"),
            F("event", 6, "one-hot: the face of the event roll under way (SOLO-3.4)"),
            F("debt", len(DEBT_KINDS), f"wound-marker debt by kind ({', '.join(DEBT_KINDS)}) / {DEBT_MAX}"),
            F("pending", 4, f"battles pending / {PENDING_MAX}; the next one: due this turn, its level / 4, "
                            f"its card limit / {self.limit_max} (0 when read from the battle turn's row)"),
            F("units", 1 + 2 * n_kinds, f"1 when the unit cards are known; per type ({', '.join(UNIT_KINDS)}): cards / "
                                        f"the deck's copies, then their rank / 4 (aircraft as rank I)"),
            F("entry", 1 + n_kinds, f"unit cards of the list being entered / {self.all_copies}, and per type / "
                                    f"the deck's copies"),
            F("answers", 6, f"this procedure's answers: the card limit / {self.limit_max}, the combat bonus / "
                            f"{self.bonus_max}, the capital fortified (yes, no), the battle hand / {self.hand_max}, "
                            f"the unit cards / {self.all_copies}"),
            F("military", 6, f"military event (SOLO-4.3): target / {self.target_max}, drawn strength / "
                             f"{self.target_max}, halved bonus / {self.target_max}; cards drawn, loss accepted, "
                             f"a destroying card's roll waiting"),
            F("trade", 3 + len(self.trade), f"trade (SOLO-5): acquisitions left / 3, value given / {self.buy_max}, "
                                            f"buy value of the item / {self.buy_max}; one-hot: the item bought"),
            F("check", 2, "one-hot: a failure roll (SOLO-6.1) for a card or an ability"),
            F("roll", len(PURPOSES) + 2 + 6, f"dice typed (dice=table): one-hot purpose ({', '.join(PURPOSES)}), "
                                             f"dice in the roll / {self.last + 1}, typed / {self.last + 1}, "
                                             f"each face typed / {self.last + 1}"),
            F("battle", 10, f"a battle under way; the player plays next; hand / {self.hand_max}; opponent deck / "
                            f"{self.deck_max}; bonuses / {self.bonus_max} (player, opponent); units lost / "
                            f"{self.hand_max} and / {self.deck_max}; surviving strength / "
                            f"{self.hand_max * self.strength_max} and / {self.deck_max * self.strength_max}"),
            F("hand", len(self.pairs), f"battle hand: cards of each type and strength / {self.hand_max}"),
            F("fronts", FRONT_WIDTH * self.fronts,
              f"fronts 1-{self.fronts}, each: the player's unit (one-hot type, strength / {self.strength_max}, "
              f"wounds / {self.strength_max}), then the opponent's (later fronts hold only the player's cards "
              f"played after the opponent's deck ran out: in the battle's surviving strength)"),
            F("opponent_top", n_kinds + 1, f"the opponent's face-up top card at 'tie' (one-hot type, strength / "
                                           f"{self.strength_max})"),
            F("battle_info", 6 + n_kinds, f"the battle's opponent: level / 4, card limit / {self.limit_max}, rank / 4, "
                                          f"capital fortified, army / {self.pool_max}, its cards nobody has seen "
                                          f"yet / 8; per type, unseen cards / 2"),
            F("ledger", 2 * len(LEDGER_ITEMS), f"the ledger: per item ({', '.join(LEDGER_ITEMS)}) taken, then "
                                               f"given / {LEDGER_MAX}"),
            F("rules", len(self.choice_index), "one-hot per rule variant and setting: "
                                               + ", ".join(s.name for s in self.variants)),
        ]

    # ------------------------------------------------------------ filling the vector
    def encode(self, obs: dict[str, Any]) -> np.ndarray:
        v = self.encoding.zeros()
        at = self.at
        last = self.last
        ask = obs["ask"]
        if ask is not None:
            v[at["ask"] + self.asks[ask]] = 1
        v[at["stage"] + self.stages[obs["stage"]]] = 1
        if obs["resume"] is not None:
            v[at["resume"] + self.stages[obs["resume"]]] = 1
        turn = obs["turn"]
        v[at["turn"]] = _clip(turn / (last + 1))
        v[at["turns_left"]] = _clip(max(0, obs["final_turn"] - turn) / last)
        v[at["final"]] = 1 if obs["final"] else 0
        if obs["over"]:
            v[at["over"]] = 1
            v[at["outcome"] + OUTCOMES.index(obs["outcome"])] = 1
        v[at["pool"]] = _clip(obs["pool"] / (last + 1))
        v[at["era"] + ERAS.index(obs["era"])] = 1
        row = self.rows.get(turn)
        if row is not None:
            v[at["row"]:at["row"] + len(row)] = row
        event = obs["event"]
        if event is not None:
            v[at["event"] + event["face"] - 1] = 1
        debt = obs["debt"]
        for i, k in enumerate(DEBT_KINDS):
            v[at["debt"] + i] = _clip(debt[k] / DEBT_MAX)
        self._pending(v, obs)
        self._units(v, obs)
        self._work(v, obs)
        roll = obs["roll"]
        if roll is not None:
            a = at["roll"]
            v[a + PURPOSES.index(roll["purpose"])] = 1
            v[a + len(PURPOSES)] = _clip(roll["n"] / (last + 1))
            v[a + len(PURPOSES) + 1] = _clip(len(roll["got"]) / (last + 1))
            for d in roll["got"]:
                if 1 <= d <= 6:
                    v[a + len(PURPOSES) + 1 + d] += 1 / (last + 1)
        if obs["battle"] is not None:
            self._battle(v, obs)
        self._ledger(v, obs["ledger"])
        options = obs["options"]
        r = at["rules"]
        for s in self.variants:
            c = self.choice_index.get((s.name, str(options.get(s.name))))
            if c is not None:
                v[r + c] = 1
        return v

    def _pending(self, v: np.ndarray, obs: dict[str, Any]) -> None:
        pending = obs["pending"]
        if not pending:
            return
        a = self.at["pending"]
        v[a] = _clip(len(pending) / PENDING_MAX)
        p = min(pending, key=lambda q: (q["due"], q["rolled"]))
        v[a + 1] = 1 if p["due"] == obs["turn"] else 0
        if p["level"] is not None:
            v[a + 2] = p["level"] / 4
            v[a + 3] = _clip(p["limit"] / self.limit_max)

    def _units(self, v: np.ndarray, obs: dict[str, Any]) -> None:
        kinds, copies = self.kinds, self.kind_copies
        n = len(kinds)
        units = obs["units"]
        if units is not None:
            a = self.at["units"]
            v[a] = 1
            for kind, rank, _ in units:
                v[a + 1 + kinds[kind]] += 1 / copies[kind]
                v[a + 1 + n + kinds[kind]] = 0.25 if kind == "aircraft" else rank / 4
            v[a + 1:a + 1 + n] = np.minimum(v[a + 1:a + 1 + n], 1)
        entry = obs["entry"]
        if entry:
            a = self.at["entry"]
            v[a] = _clip(len(entry) / self.all_copies)
            for kind, _, _ in entry:
                v[a + 1 + kinds[kind]] += 1 / copies[kind]
            v[a + 1:a + 1 + n] = np.minimum(v[a + 1:a + 1 + n], 1)

    def _work(self, v: np.ndarray, obs: dict[str, Any]) -> None:
        w = obs["work"]
        if not w:
            return
        at = self.at
        a = at["answers"]
        if "limit" in w:
            v[a] = _clip(w["limit"] / self.limit_max)
        if "bonus" in w:
            v[a + 1] = _clip(w["bonus"] / self.bonus_max)
        if "fortified" in w:
            v[a + (2 if w["fortified"] else 3)] = 1
        if "hand" in w:
            v[a + 4] = _clip(len(w["hand"]) / self.hand_max)
        if "units" in w:
            v[a + 5] = _clip(len(w["units"]) / self.all_copies)
        m = at["military"]
        tmax = self.target_max
        if "target" in w:
            v[m] = _clip(w["target"] / tmax)
            v[m + 1] = _clip(w["total2"] / 2 / tmax)
        if "half2" in w:
            v[m + 2] = _clip(w["half2"] / 2 / tmax)
        if "drawn" in w:
            v[m + 3] = _clip(len(w["drawn"]) / self.limit_max)
        v[m + 4] = 1 if w.get("accepted") else 0
        v[m + 5] = 1 if w.get("destroy_roll") else 0
        t = at["trade"]
        if "left" in w:
            v[t] = _clip(w["left"] / 3)
        item = w.get("item")
        if item is not None and item in self.trade:
            trade = self.trade_values
            given = sum((trade[k][0] or 0) * n for k, n in w.get("given", {}).items() if k in trade)
            v[t + 1] = _clip(given / self.buy_max)
            v[t + 2] = trade[item][1] / self.buy_max
            v[t + 3 + self.trade[item]] = 1
        check = w.get("check")
        if check is not None:
            v[at["check"] + (0 if check == "card" else 1)] = 1

    def _battle(self, v: np.ndarray, obs: dict[str, Any]) -> None:
        b = obs["battle"]
        at = self.at
        smax, hmax, dmax, bmax = self.strength_max, self.hand_max, self.deck_max, self.bonus_max
        a = at["battle"]
        hand = b["player_hand"]
        v[a] = 1
        v[a + 1] = 1 if b["next"] == "player" else 0
        v[a + 2] = _clip(len(hand) / hmax)
        v[a + 3] = _clip(b["opponent_deck"] / dmax)
        v[a + 4] = _clip(b["player_bonus"] / bmax)
        v[a + 5] = _clip(b["opponent_bonus"] / bmax)
        v[a + 6] = _clip(len(b["player_losses"]) / hmax)
        v[a + 7] = _clip(len(b["opponent_losses"]) / dmax)
        h = at["hand"]
        pairs = self.pairs
        for u in hand:
            i = pairs.get((u["kind"], u["strength"]))
            if i is not None:
                v[h + i] += 1 / hmax
        kinds = self.kinds
        f0 = at["fronts"]
        mine = theirs = 0
        seen: list[dict[str, Any]] = list(b["opponent_losses"])
        for j, f in enumerate(b["fronts"]):
            p, o = f["player"], f["opponent"]
            if p is not None:
                mine += p["strength"]
            if o is not None:
                theirs += o["strength"]
                seen.append(o)
            if j >= self.fronts:
                continue
            base = f0 + FRONT_WIDTH * j
            if p is not None:
                v[base + kinds[p["kind"]]] = 1
                v[base + 4] = _clip(p["strength"] / smax)
                v[base + 5] = _clip(f["player_wounds"] / smax)
            if o is not None:
                v[base + 6 + kinds[o["kind"]]] = 1
                v[base + 10] = _clip(o["strength"] / smax)
                v[base + 11] = _clip(f["opponent_wounds"] / smax)
        v[a + 8] = _clip(mine / (hmax * smax))
        v[a + 9] = _clip(theirs / (dmax * smax))
        top = obs["opponent_top"]
        if top is not None:
            t = at["opponent_top"]
            v[t + kinds[top["kind"]]] = 1
            v[t + 4] = _clip(top["strength"] / smax)
            seen.append(top)
        info = obs["battle_info"]
        if info is not None:
            i = at["battle_info"]
            v[i] = info["level"] / 4
            v[i + 1] = _clip(info["limit"] / self.limit_max)
            v[i + 2] = info["rank"] / 4
            v[i + 3] = 1 if info["fortified"] else 0
            v[i + 4] = _clip(info["pool"] / self.pool_max)
            counts = composition_counts(info["level"], self.composition)
            unseen = 0
            for kind, n in counts.items():
                left = max(0, n - sum(1 for u in seen if u["kind"] == kind))
                unseen += left
                v[i + 6 + kinds[kind]] = _clip(left / 2)
            v[i + 5] = _clip(unseen / 8)

    def _ledger(self, v: np.ndarray, ledger: list[list[Any]]) -> None:
        if not ledger:
            return
        a = self.at["ledger"]
        n = len(LEDGER_ITEMS)
        items = self.ledger_items
        taken = [0] * n
        given = [0] * n
        for _, item, change, _ in ledger:
            i = items[item]
            if change < 0:
                taken[i] -= change
            else:
                given[i] += change
        for i in range(n):
            if taken[i]:
                v[a + i] = _clip(taken[i] / LEDGER_MAX)
            if given[i]:
                v[a + n + i] = _clip(given[i] / LEDGER_MAX)
