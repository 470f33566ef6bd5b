"""The odds of the solo automa: exact event probabilities and estimated battle odds.

Exact figures use :class:`fractions.Fraction`. The event dice (SOLO-3.2, 3.3, 3.5)
are a Markov chain over x, the number of dice rolled at the start of a turn: x is 1
in turn 1, grows by 1 each turn and falls back to 1 after a turn with an event.
The figures are for a game that reaches each turn: an early victory or a lost
battle (SOLO-4.4.9) would end it sooner, which depends on play, not on the dice.

Table rows (SOLO-8.1), the event-roll faces (SOLO-3.4), the last turn and the unit
data are read from ``data/tables.json``; the dice themselves are constants named
after their rule IDs.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from civtable.core.errors import InvalidStateError, OptionError
from civtable.core.rng import Rng
from civtable.i18n import N_, message

from ..bots.policy import fight
from ..catalog import EVENT_KINDS as EVENT_KINDS
from ..catalog import base_decks, raw_tables, unit_data
from ..options import OPTIONS as SPECS
from ..rules.combat import UNIT_TYPES, Unit
from ..rules.opponent import opponent_deck, opponent_units

SOLO_1_3_DIE_FACES = 6
"""SOLO-1.3: the dice are six-sided."""
SOLO_3_2_FIRST_DICE = 1
"""SOLO-3.2 (and SOLO-3.5 after an event): x is 1 in the first turn."""
SOLO_3_2_DICE_STEP = 1
"""SOLO-3.2: x grows by one die per turn."""
SOLO_3_3_TRIGGER = frozenset({5, 6})
"""SOLO-3.3: a historical event occurs if at least one die shows 5 or 6."""
SOLO_4_3_5_CARD_POINTS = 2
"""SOLO-4.3.5: each culture event card that destroys an opponent's figure takes 2
points off the table value of the military event."""

ODDS_OPTIONS = ("last-turn", "battle-after-last-turn", "stacked-battles", "one-and-two", "failure-roll-scope",
                "half-rounding", "army-loss", "battle-level-turn", "opponent-composition", "opponent-unit-rank",
                "strongest-tie")
OPTIONS: dict[str, tuple[str, tuple[str, ...]]] = {
    spec.name: (spec.default, tuple(spec.choices)) for spec in SPECS if spec.name in ODDS_OPTIONS}
"""The spec's ambiguities that change these odds: name -> (default, readings), from the
game's option declarations."""


def resolve_options(options: Mapping[str, Any] | None = None) -> dict[str, str]:
    """The odds options with their spec defaults filled in; a bad reading is an
    error. Other names (the game's other options) are ignored."""
    out = {name: default for name, (default, _) in OPTIONS.items()}
    for name, value in (options or {}).items():
        if name not in OPTIONS:
            continue
        text = str(value).strip().upper()
        choices = OPTIONS[name][1]
        if text not in choices:
            raise OptionError(message(N_("option {name} must be one of {choices}, not {value}"), name=name,
                                      choices=", ".join(choices), value=repr(value)))
        out[name] = text
    return out


# ---------------------------------------------------------------- data


def tables(path: str | None = None) -> dict[str, Any]:
    """``data/tables.json``, checked for what the odds need (``catalog.raw_tables``)."""
    found: dict[str, Any] = raw_tables(path)
    return found


def last_turn(options: Mapping[str, Any] | None = None) -> int:
    """The last turn played: 16 (``last-turn`` A) or 15 (B: the game ends when the
    counter moves onto space 16)."""
    end = int(tables()["last_turn"])
    return end if resolve_options(options)["last-turn"] == "A" else end - 1


def table_row(turn: int) -> dict[str, Any]:
    """The SOLO-8.1 row of ``turn``."""
    rows: list[dict[str, Any]] = tables()["historical_events"]["rows"]
    for row in rows:
        if row["first_turn"] <= turn <= row["last_turn"]:
            return row
    raise InvalidStateError(f"table SOLO-8.1 has no row for turn {turn}")


def kind_odds() -> dict[str, Fraction]:
    """SOLO-3.4: the chance of each event kind given that an event occurs."""
    faces = tables()["event_roll"]["faces"]
    return {k: Fraction(sum(1 for v in faces.values() if v == k), SOLO_1_3_DIE_FACES) for k in EVENT_KINDS}


# ---------------------------------------------------------------- event dice


def trigger_chance(dice: int) -> Fraction:
    """SOLO-3.3: P(at least one 5 or 6 among ``dice`` dice) = 1 - (2/3)^dice."""
    miss = Fraction(SOLO_1_3_DIE_FACES - len(SOLO_3_3_TRIGGER), SOLO_1_3_DIE_FACES)
    return 1 - miss**dice


@dataclass(frozen=True, slots=True)
class TurnOdds:
    """The exact chances of one turn (for a game that reaches it)."""

    turn: int
    dice: dict[int, Fraction]  # x -> P(x dice are rolled this turn)
    event: Fraction
    kinds: dict[str, Fraction]  # event kind -> P(an event of that kind this turn)

    @property
    def expected_dice(self) -> Fraction:
        return sum((x * p for x, p in self.dice.items()), Fraction(0))

    def to_json(self) -> dict[str, Any]:
        return {"turn": self.turn, "event": _fraction_json(self.event),
                "kinds": {k: _fraction_json(v) for k, v in self.kinds.items()},
                "expected_dice": _fraction_json(self.expected_dice)}


def turn_odds(options: Mapping[str, Any] | None = None, *, turns: int | None = None) -> list[TurnOdds]:
    """SOLO-3.2-3.5: the chances of each played turn, 1 to the last (or ``turns``)."""
    end = last_turn(options) if turns is None else turns
    per_kind = kind_odds()
    dist: dict[int, Fraction] = {SOLO_3_2_FIRST_DICE: Fraction(1)}
    out: list[TurnOdds] = []
    for turn in range(1, end + 1):
        event = sum((p * trigger_chance(x) for x, p in dist.items()), Fraction(0))
        out.append(TurnOdds(turn, dict(dist), event, {k: event * q for k, q in per_kind.items()}))
        nxt: dict[int, Fraction] = {SOLO_3_2_FIRST_DICE: event}
        for x, p in dist.items():
            nxt[x + SOLO_3_2_DICE_STEP] = nxt.get(x + SOLO_3_2_DICE_STEP, Fraction(0)) + p * (1 - trigger_chance(x))
        dist = nxt
    return out


def expected_events(options: Mapping[str, Any] | None = None, *, turns: int | None = None) -> Fraction:
    """The expected number of historical events in a game played to its last turn."""
    return sum((t.event for t in turn_odds(options, turns=turns)), Fraction(0))


@dataclass(frozen=True, slots=True)
class BattleOutlook:
    """Battles fought in a whole game: the expected number and P(at least one)."""

    expected: Fraction
    at_least_one: Fraction


def battle_outlook(options: Mapping[str, Any] | None = None, *, turns: int | None = None) -> BattleOutlook:
    """Battles fought (SOLO-4.4.1-4.4.3): a 6 in turn t sets a battle in turn t+1.

    A 6 in the last turn gives no battle under ``battle-after-last-turn`` A and a
    battle at the end of that turn under B; then, if a battle from the turn before
    is fought in the same turn, ``stacked-battles`` B keeps only one of the two.
    A Markov chain over (dice, a 6 last turn, a battle so far).
    """
    opts = resolve_options(options)
    end = last_turn(opts) if turns is None else turns
    p6 = kind_odds()["battle"]
    # state: (x, six last turn, any battle so far) -> probability
    dist: dict[tuple[int, bool, bool], Fraction] = {(SOLO_3_2_FIRST_DICE, False, False): Fraction(1)}
    expected = Fraction(0)
    for turn in range(1, end + 1):
        nxt: dict[tuple[int, bool, bool], Fraction] = {}
        for (x, six_before, any_battle), p in dist.items():
            hit = trigger_chance(x)
            outcomes = [(x + SOLO_3_2_DICE_STEP, False, 1 - hit), (SOLO_3_2_FIRST_DICE, False, hit * (1 - p6)),
                        (SOLO_3_2_FIRST_DICE, True, hit * p6)]
            for nx, six, q in outcomes:
                if not q:
                    continue
                fought = six and (turn < end or (opts["battle-after-last-turn"] == "B"
                                                 and not (six_before and opts["stacked-battles"] == "B")))
                if fought:
                    expected += p * q
                key = (nx, six, any_battle or fought)
                nxt[key] = nxt.get(key, Fraction(0)) + p * q
        dist = nxt
    at_least_one = sum((p for (_, _, b), p in dist.items() if b), Fraction(0))
    return BattleOutlook(expected, at_least_one)


def summary(options: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """Everything ``civtable solo odds`` prints, JSON-safe (fractions as strings and floats)."""
    opts = resolve_options(options)
    rows = turn_odds(opts)
    battles = battle_outlook(opts)
    return {
        "options": opts,
        "last_turn": last_turn(opts),
        "turns": [t.to_json() for t in rows],
        "expected_events": _fraction_json(sum((t.event for t in rows), Fraction(0))),
        "expected_battles": _fraction_json(battles.expected),
        "p_at_least_one_battle": _fraction_json(battles.at_least_one),
        "failure_roll": _fraction_json(failure_chance(opts)),
    }


def _fraction_json(x: Fraction) -> dict[str, Any]:
    return {"fraction": f"{x.numerator}/{x.denominator}", "value": float(x)}


# ---------------------------------------------------------------- SOLO-6.2


def failure_outcomes(options: Mapping[str, Any] | None = None) -> list[tuple[int, int]]:
    """SOLO-6.2: the two-dice outcomes (of 36) that cancel a card or ability.

    ``one-and-two`` A: doubles, or one die 1 and the other 2. B: doubles, or any
    die showing 1, or any die showing 2.
    """
    reading = resolve_options(options)["one-and-two"]
    faces = range(1, SOLO_1_3_DIE_FACES + 1)
    out = []
    for a, b in itertools.product(faces, faces):
        fails = a == b or ({a, b} == {1, 2} if reading == "A" else bool({a, b} & {1, 2}))
        if fails:
            out.append((a, b))
    return out


def failure_chance(options: Mapping[str, Any] | None = None) -> Fraction:
    """SOLO-6.2: the chance that the failure roll cancels a card (A: 8/36, B: 24/36)."""
    return Fraction(len(failure_outcomes(options)), SOLO_1_3_DIE_FACES**2)


# ---------------------------------------------------------------- the military event


def halve(bonus: int, rounding: str) -> Fraction:
    """SOLO-4.3.4 with ``half-rounding``: A round down, B round up, C keep halves."""
    if rounding == "A":
        return Fraction(bonus // 2)
    if rounding == "B":
        return Fraction(-(-bonus // 2))
    return Fraction(bonus, 2)


def military_odds(units: Sequence[Unit], turn: int, bonus: int = 0, *, cards: int = 0,
                  options: Mapping[str, Any] | None = None, draw: int | None = None) -> dict[str, Any]:
    """SOLO-4.3, exactly: the chance to pass the military event of ``turn``, and the
    expected losses.

    ``draw`` cards (default: the base combat card limit of one army,
    ``battle_hand_size.base``) are drawn at random from ``units``; their strength
    plus the halved ``bonus`` (its standard-game value) must reach the table value,
    less 2 per culture event card played (``cards``, SOLO-4.3.5; each one first
    survives the SOLO-6.2 failure roll unless ``failure-roll-scope`` is B). On a
    failure one unit card, chosen from all of ``units``, is lost per point short (a
    part of a point, with ``half-rounding`` C, counts as a point), and one army
    figure (``army-loss`` A) or one per unit lost (B).
    """
    opts = resolve_options(options)
    _check_turn(turn, opts)
    if bonus < 0 or cards < 0:
        raise ValueError("bonus and cards must not be negative")
    target = int(table_row(turn)["5"]["strength"])
    hand = int(unit_data()["battle_hand_size"]["base"]) if draw is None else draw
    k = min(hand, len(units))
    half = halve(bonus, opts["half-rounding"])
    works = 1 - failure_chance(opts) if opts["failure-roll-scope"] == "A" else Fraction(1)
    card_dist = {j: Fraction(math.comb(cards, j)) * works**j * (1 - works) ** (cards - j) for j in range(cards + 1)}
    combos = list(itertools.combinations(range(len(units)), k))
    p_pass = Fraction(0)
    lost = Fraction(0)
    p_each = Fraction(1, len(combos))
    for combo in combos:
        total = sum(units[i].strength for i in combo) + half
        for j, pj in card_dist.items():
            if not pj:
                continue
            short = target - SOLO_4_3_5_CARD_POINTS * j - total
            if short <= 0:
                p_pass += p_each * pj
            else:
                lost += p_each * pj * min(math.ceil(short), len(units))
    return {
        "turn": turn,
        "table_strength": target,
        "cards_drawn": k,
        "halved_bonus": _fraction_json(half),
        "p_pass": _fraction_json(p_pass),
        "expected_units_lost": _fraction_json(lost),
        "expected_army_figures_lost": _fraction_json(1 - p_pass if opts["army-loss"] == "A" else lost),
    }


# ---------------------------------------------------------------- the capital battle


def _check_turn(turn: int, opts: Mapping[str, str]) -> None:
    end = last_turn(opts)
    if not 1 <= turn <= end:
        raise OptionError(message(N_("turn must be between 1 and {last} (last-turn {reading}), not {turn}"), last=end,
                                  reading=opts["last-turn"], turn=turn))


def battle_row(turn: int, options: Mapping[str, Any] | None = None) -> dict[str, int]:
    """The opponent of a battle whose 6 was rolled in ``turn``: military level and card
    limit from that turn's row (``battle-level-turn`` A) or from the row of the turn
    it is fought in (B: the next turn, or the same turn after the last turn)."""
    opts = resolve_options(options)
    _check_turn(turn, opts)
    row_turn = turn if opts["battle-level-turn"] == "A" else min(turn + 1, last_turn(opts))
    battle = table_row(row_turn)["6"]
    return {"row_turn": row_turn, "military_level": int(battle["military_level"]),
            "card_limit": int(battle["card_limit"])}


def battle_odds(units: Sequence[Unit], turn: int, fortified: bool = False, bonus: int = 0, games: int = 10000,
                seed: int = 0, options: Mapping[str, Any] | None = None, *, hand: int | None = None,
                tie_winner: str = "player") -> dict[str, Any]:
    """Monte Carlo: the chance to win the capital battle set by a 6 in ``turn``.

    Each game draws the opponent's cards (SOLO-4.4.4, at random from the base decks)
    and its deck (SOLO-4.4.5), then plays the battle with
    :func:`~civtable.games.civ_solo.bots.policy.player_policy` against SOLO-4.4.7. The
    player's hand is ``units`` (or ``hand`` cards drawn from them at random);
    ``bonus`` is the player's full combat bonus, with any city defence included. The
    defender wins ties (``tie_winner``). Returns the win rate with its Wilson 95% CI.
    """
    from civtable.sim.stats import wilson

    if games < 1:
        raise ValueError(f"games must be at least 1, not {games}")
    opts = resolve_options(options)
    row = battle_row(turn, opts)
    decks = base_decks()
    rng = Rng(seed)
    wins = 0
    mine = theirs = 0
    for _ in range(games):
        pool = opponent_units(row["military_level"], opts["opponent-composition"], opts["opponent-unit-rank"],
                              decks, rng)
        deck = opponent_deck(pool, row["card_limit"], rng)
        cards = list(units)
        if hand is not None and hand < len(cards):
            rng.shuffle(cards)
            cards = cards[:hand]
        result = fight(cards, deck, player_first=not fortified, player_bonus=bonus, rng=rng,
                       tie=opts["strongest-tie"], tie_winner=tie_winner)
        wins += result.player_won
        mine += result.player_total
        theirs += result.opponent_total
    lo, hi = wilson(wins, games)
    return {"turn": turn, **row, "fortified": fortified, "bonus": bonus, "games": games, "seed": seed,
            "wins": wins, "win_rate": wins / games, "ci95": [lo, hi],
            "mean_player_total": mine / games, "mean_opponent_total": theirs / games}


MAX_COPIES = 15  # the largest base deck of one unit type


def parse_units(text: str) -> list[Unit]:
    """``"infantry:2,infantry:3,mounted:1x2"``: one unit card per TYPE:RANK entry, or
    COUNT cards with TYPE:RANKxCOUNT.

    The strength of a card at a rank is the base deck's median card at that rank
    (the common card: 2/3/4/5 at ranks I-IV); aircraft have one strength. A rank
    may be written 1-4 or I-IV; ``TYPE:RANK=STRENGTH`` gives a card's strength
    exactly. Bad entries raise :class:`OptionError` with one sentence.
    """
    decks = base_decks()
    numerals = {"I": 1, "II": 2, "III": 3, "IV": 4}
    out: list[Unit] = []
    entries = [e.strip() for e in text.split(",")]
    if not text.strip() or not all(entries):
        raise OptionError(message(N_("--units needs TYPE:RANK entries separated by commas, not {text}"),
                                  text=repr(text)))
    for entry in entries:
        kind, sep, rest = entry.partition(":")
        kind = kind.strip().lower()
        if kind == "cavalry":
            kind = "mounted"
        if kind not in UNIT_TYPES:
            raise OptionError(message(N_("unknown unit type {kind} in {entry}; types: {types}"), kind=repr(kind),
                                      entry=repr(entry), types=", ".join(UNIT_TYPES)))
        if not sep:
            raise OptionError(message(N_("unit {entry} needs a rank, as in {kind}:2"), entry=repr(entry), kind=kind))
        count = 1
        if rest.lower().rpartition("x")[0]:
            rest, _, count_text = rest.lower().rpartition("x")
            try:
                count = int(count_text)
            except ValueError:
                raise OptionError(message(N_("the count after 'x' in {entry} must be a whole number"),
                                          entry=repr(entry))) from None
            if not 1 <= count <= MAX_COPIES:
                raise OptionError(message(N_("the count in {entry} must be between 1 and {most}, not {count}"),
                                          entry=repr(entry), most=MAX_COPIES, count=count))
        rank_text, eq, strength_text = rest.partition("=")
        rank_text = rank_text.strip().upper()
        ranks = len(decks[kind][0])
        try:
            rank = numerals[rank_text] if rank_text in numerals else int(rank_text)
        except ValueError:
            raise OptionError(message(N_("the rank in {entry} must be a number 1-{ranks} or I-IV"), entry=repr(entry),
                                      ranks=ranks)) from None
        if not 1 <= rank <= ranks:
            raise OptionError(message(N_("the rank in {entry} must be between 1 and {ranks}, not {rank}"),
                                      entry=repr(entry), ranks=ranks, rank=rank))
        column = sorted(card[rank - 1] for card in decks[kind])
        if eq:
            try:
                strength = int(strength_text)
            except ValueError:
                raise OptionError(message(N_("the strength in {entry} must be a whole number"),
                                          entry=repr(entry))) from None
            if strength not in column:
                raise OptionError(message(N_("no {kind} card has strength {strength} at rank {rank} (possible: "
                                             "{values})"), kind=kind, strength=strength, rank=rank,
                                          values=", ".join(map(str, sorted(set(column))))))
        else:
            strength = column[len(column) // 2]
        out.extend([Unit(kind, strength)] * count)
    return out
