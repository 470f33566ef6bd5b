"""Strategies without Python for Civilization: The Card Game: a YAML (or JSON) file of
ordered priorities with conditions on what the player owns and sees, played by the
bot ``rules:FILE`` (a bare name such as ``rules:example`` finds a file of
``strategies/``). Where the file says nothing, the greedy bot decides.

    name: scholar
    buy:                                   # the purchase step, first match first
      - tech writing
      - build wonder: "hammers >= 10"
      - trade for commerce: ["commerce + 1 >= cost astronomy", "display astronomy == 1"]
      - done: "techs_left <= 2"            # stop buying here
      - greedy                             # else whatever the greedy bot would buy
    attack:                                # declaring attackers (the combat step)
      - stop: "hand attacker + declared < 2"
      - attack chariot leader
      - attack any fewest-cards
    block:                                 # defending
      - block any archers
    discard: [discard resource, discard catapult]
    draft: [draft gold, draft river]
    yield: ["yield commerce: commerce < 20", yield food]

Each section is a list of entries, ``PATTERN`` or ``PATTERN: CONDITION(S)``; the first
entry whose conditions all hold and whose pattern matches a legal action decides,
the greedy bot's scoring choosing among the actions it matches (which plot to build
on, which technology of ``tech any``). A section left out is played by the greedy
bot. In ``buy``, ``attack`` and ``block`` nothing matching means stop (``done``,
``fight`` or ``pass``); in the compulsory choices (``discard``, ``draft``, ``yield``)
the greedy bot chooses. ``buy`` also drives Writing and Code of Laws in the steal
window (steal-timing B); with step-order B the bot buys first, then attacks.
The other steps (the free population, sieges, bounces, losses) are the greedy bot's.

Patterns (the notation's first word, then what it may name; ``any`` or nothing: all):

    tech TECH | build CARD|building|wonder | pop | plot PLOT | cash CARD
    trade for food|hammers|commerce | writing SEAT | laws SEAT | done | greedy
    attack UNIT [SEAT] | stop | block UNIT UNIT | discard CARD|GROUP | draft PLOT | yield R

``SEAT`` picks an opponent: ``leader`` (most VP), ``richest`` (most resources),
``most-cards`` or ``fewest-cards`` (in hand). ``GROUP``: ``unit``, ``attacker``,
``defender``, ``building``, ``wonder``, ``resource``. A ``trade`` pays with the
resources held most.

A condition compares two sums (``+`` and ``-``) of numbers and quantities with one
of ``< <= > >= == !=``. The player's own: ``food hammers commerce resources vp
population plots techs wonders buildings culture happiness hand turn techs_left
deck declared attacked``, ``owned X`` (a technology: 0 or 1; a card or group: how
many are placed), ``hand X`` (cards or a group in hand), ``cost X`` (the price of a
technology, building or wonder for him now), ``display X`` (a technology or plot
type on the display); ``rival Q`` is the most any opponent has of a public
quantity ``Q`` (``rival vp``, ``rival owned city_walls``; never another hand).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Generic, TypeVar, cast

import yaml

from civtable.agents.base import Agent, PlayerView, check_params
from civtable.agents.strategy_files import OPS, find, read_yaml, resolve_name, split_condition
from civtable.core.action import Action
from civtable.core.errors import AgentError
from civtable.core.game import Game

from ..actions import CcgAction, trade_paid
from ..catalog import BUILDING, RESOURCE, RESOURCES, UNIT, WONDER, CardSet
from ..state import ACTIVE, PHASE_NAMES
from ..view import SeatView
from .heuristic import HANDLERS, HeuristicBot

SECTIONS: dict[str, tuple[str, ...]] = {
    "buy": ("tech", "build", "pop", "plot", "cash", "trade", "writing", "laws", "done", "greedy"),
    "attack": ("attack", "stop", "greedy"),
    "block": ("block", "done", "greedy"),
    "discard": ("discard", "greedy"),
    "draft": ("draft", "greedy"),
    "yield": ("yield", "greedy"),
}
SELECTORS = ("leader", "richest", "most-cards", "fewest-cards")
GROUPS = ("unit", "attacker", "defender", "building", "wonder", "resource")
COUNTS = ("food", "hammers", "commerce", "resources", "vp", "population", "plots", "techs", "wonders",
          "buildings", "culture", "happiness", "hand")
"""The public quantities of a seat (``rival`` takes the most among the opponents)."""
MINE = ("turn", "techs_left", "deck", "declared", "attacked")
"""The quantities of the table or of the player's own decision."""
PHASES = {"draft": "draft", "start-discard": "discard", "discard": "discard", "collect": "yield",
          "declare": "attack", "redeclare": "attack", "defend": "block"}
STOP = CcgAction(-1, 0, 0, 0, "stop")  # a sentinel: the file says to stop here
SEAT_KEYS: dict[str, Callable[[SeatView, int], int]] = {
    "leader": lambda v, q: v.vp(q), "richest": lambda v, q: sum(v.res(q)),
    "most-cards": lambda v, q: v.hand_size(q), "fewest-cards": lambda v, q: -v.hand_size(q)}
"""What each seat choice maximizes among the opponents an action may target."""

Term = tuple[str, ...] | int


@dataclass(frozen=True)
class Condition:
    terms: tuple[tuple[int, Term], ...]  # (sign, term): left side +, right side -
    op: str
    right: tuple[tuple[int, Term], ...]
    text: str


@dataclass(frozen=True)
class Entry:
    """One priority: the kind of action, what it names (``None``: any), the seat it
    targets (attacks, thefts), and its conditions."""

    kind: str
    what: str | None
    second: str | None
    conditions: tuple[Condition, ...]
    where: str


@dataclass(frozen=True)
class Strategy:
    name: str
    sections: dict[str, tuple[Entry, ...]]


# ------------------------------------------------------------------ reading a file
class _Reader:
    """Checks a strategy against the game's card set; each error names the file, the entry and its line."""

    def __init__(self, cards: CardSet, source: str, lines: dict[str, list[int]]) -> None:
        self.source = source
        self.lines = lines
        self.techs = {t.id for t in cards.techs}
        self.plots = {p.id for p in cards.plots}
        self.kinds = {c.id: c.kind for c in cards.cards}
        self.units = {c.id for c in cards.cards if c.kind == UNIT}
        self.placed = {c.id for c in cards.cards if c.kind in (BUILDING, WONDER)}
        self.resource_cards = {c.id for c in cards.cards if c.kind == RESOURCE}

    def where(self, section: str, i: int) -> str:
        found = self.lines.get(section, [])
        line = f" (line {found[i - 1]})" if i - 1 < len(found) else ""
        return f"{self.source}: {section} entry {i}{line}"

    def name(self, word: str, allowed: set[str] | tuple[str, ...], what: str, where: str) -> str:
        """The id of ``allowed`` that ``word`` names, in any case and spelling of the one
        vocabulary ("Code of Laws", "code-of-laws", "code_of_laws")."""
        found = word if word in allowed else resolve_name(word, allowed)
        if found is None:
            raise AgentError(f"{where}: {word!r} is not {what} ({', '.join(sorted(allowed))})")
        return found

    def pattern(self, section: str, text: Any, where: str) -> tuple[str, str | None, str | None]:
        if not isinstance(text, str) or not text.split():
            raise AgentError(f"{where} must be a pattern like 'tech writing', not {text!r}")
        kind, *args = text.split()
        if kind not in SECTIONS[section]:
            raise AgentError(f"{where}: {kind!r} is not an action of section {section!r} "
                             f"({', '.join(SECTIONS[section])})")
        most = {"done": 0, "stop": 0, "greedy": 0, "pop": 0, "trade": 2, "attack": 2, "block": 2}.get(kind, 1)
        words: list[str | None] = [None if a == "any" else a for a in args]
        checks: dict[str, tuple[set[str] | tuple[str, ...], str]] = {
            "tech": (self.techs, "a technology"), "plot": (self.plots, "a plot type"),
            "draft": (self.plots, "a plot type"), "cash": (self.resource_cards, "a resource card"),
            "build": (self.placed | {"building", "wonder"}, "a building, a wonder or a group"),
            "discard": (set(self.kinds) | set(GROUPS), "a play-deck card or a group"),
            "yield": (RESOURCES, "a resource"), "writing": (SELECTORS, "a seat choice"),
            "laws": (SELECTORS, "a seat choice"),
        }
        if kind in checks and len(args) > 1 and resolve_name(" ".join(args), checks[kind][0]):
            words = [" ".join(args)]  # a name of several words: "tech Code of Laws"
        if len(words) > most:
            raise AgentError(f"{where}: {text!r} names too much; see the patterns of civtable/games/civ_card_game/"
                             "bots/strategy.py")
        first = words[0] if words else None
        second = words[1] if len(words) > 1 else None
        if first is None and second is None:
            return kind, None, None
        if kind in checks:
            allowed, what = checks[kind]
            return kind, self.name(first, allowed, what, where) if first else None, None
        if kind == "trade":
            if first != "for" or second is None:
                raise AgentError(f"{where}: a trade pattern is 'trade for RESOURCE', not {text!r}")
            return kind, self.name(second, RESOURCES, "a resource", where), None
        if kind == "attack":
            unit = self.name(first, self.units, "a military unit", where) if first else None
            return kind, unit, self.name(second, SELECTORS, "a seat choice", where) if second else None
        unit = self.name(first, self.units, "a military unit", where) if first else None  # block
        return kind, unit, self.name(second, self.units, "a military unit", where) if second else None

    def term(self, part: str, whole: str, where: str) -> Term:
        words = part.split()
        if len(words) == 1 and words[0].isdigit():
            return int(words[0])
        if len(words) == 1 and words[0] in COUNTS + MINE:
            return (words[0],)
        things = self.techs | set(self.kinds) | set(GROUPS) | self.plots
        if len(words) == 2 and words[0] in ("owned", "hand", "cost", "display") and words[1] in things:
            return (words[0], words[1])
        if words[:1] == ["rival"] and (words[1:] and words[1] in COUNTS and len(words) == 2
                                       or len(words) == 3 and words[1] == "owned" and words[2] in things):
            return tuple(words)
        raise AgentError(f"{where}: {part.strip()!r} in {whole!r} is not a number or a quantity; quantities are "
                         f"{', '.join(COUNTS + MINE)}, owned/hand/cost/display X and rival Q")

    def side(self, text: str, whole: str, where: str) -> tuple[tuple[int, Term], ...]:
        """``a + b - c``: the terms with their signs."""
        terms: list[tuple[int, Term]] = []
        words: list[str] = []
        current = 1
        for token in text.replace("+", " + ").replace("-", " - ").split():
            if token in ("+", "-"):
                if not words:
                    raise AgentError(f"{where}: condition {whole!r} has a sign without a term")
                terms.append((current, self.term(" ".join(words), whole, where)))
                words, current = [], 1 if token == "+" else -1
            else:
                words.append(token)
        if not words:
            raise AgentError(f"{where}: condition {whole!r} has an empty side")
        terms.append((current, self.term(" ".join(words), whole, where)))
        return tuple(terms)

    def condition(self, text: Any, where: str) -> Condition:
        left, op, right = split_condition(text, where, "commerce >= 12")
        return Condition(self.side(left, text, where), op, self.side(right, text, where), text)

    def entry(self, section: str, raw: Any, i: int) -> Entry:
        where = self.where(section, i)
        conds: Any = []
        if isinstance(raw, str) and ":" in raw:  # "yield food: commerce > 3" written as one text
            raw, _, rest = raw.partition(":")
            conds = [rest.strip()]
        elif isinstance(raw, dict) and len(raw) == 1:
            raw, conds = next(iter(raw.items()))
            conds = conds if isinstance(conds, list) else [conds]
        elif not isinstance(raw, str):
            raise AgentError(f"{where} must be a pattern or 'pattern: condition(s)', not {raw!r}")
        kind, what, second = self.pattern(section, raw, where)
        return Entry(kind, what, second, tuple(self.condition(c, where) for c in conds), where)


def entry_lines(text: str) -> dict[str, list[int]]:
    """The line of each entry of each section (1-based), read from the YAML nodes."""
    try:
        node = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.YAMLError:
        return {}
    out: dict[str, list[int]] = {}
    if isinstance(node, yaml.MappingNode):
        for key, value in node.value:
            if isinstance(key, yaml.ScalarNode) and isinstance(value, yaml.SequenceNode):
                out[str(key.value)] = [item.start_mark.line + 1 for item in value.value]
    return out


def parse_strategy(raw: Any, cards: CardSet, source: str = "strategy",
                   lines: dict[str, list[int]] | None = None) -> Strategy:
    """Check a strategy against the card set; every error names the file and the entry."""
    if not isinstance(raw, dict):
        raise AgentError(f"{source}: a strategy is a mapping of sections ({', '.join(SECTIONS)})")
    unknown = sorted(set(raw) - {"name", *SECTIONS})
    if unknown:
        raise AgentError(f"{source}: unknown section {unknown[0]!r}; a strategy has name, {', '.join(SECTIONS)}")
    if not any(k in raw for k in SECTIONS):
        raise AgentError(f"{source}: a strategy needs at least one section ({', '.join(SECTIONS)})")
    reader = _Reader(cards, source, lines or {})
    sections: dict[str, tuple[Entry, ...]] = {}
    for section in SECTIONS:
        if section not in raw:
            continue
        entries = raw[section]
        if not isinstance(entries, list) or not entries:
            raise AgentError(f"{source}: section {section!r} must be a non-empty list of entries")
        sections[section] = tuple(reader.entry(section, e, i) for i, e in enumerate(entries, 1))
    return Strategy(str(raw.get("name") or Path(source).stem), sections)


def load_strategy(path: str | Path, cards: CardSet) -> Strategy:
    """A strategy from a YAML or JSON file (a bare name finds one of ``strategies/``)."""
    file = find(path, Path(__file__).parents[1] / "strategies")  # the game's strategies/
    raw, text = read_yaml(file)
    return parse_strategy(raw, cards, str(file), entry_lines(text))


# ------------------------------------------------------------------ the bot
P = TypeVar("P")  # how a bot names a seat: its number, or its part of the observation
A = TypeVar("A", bound=Action)
S = TypeVar("S", bound="Quantities[Any]")


class Quantities(ABC, Generic[P]):
    """The quantities of a strategy file's conditions, whatever a bot reads them from (it
    gives its seat ``me``, its ``rivals``, and reads ``count``, ``owned`` and ``mine``)."""

    me: P
    rivals: list[P]

    @abstractmethod
    def count(self, seat: P, name: str) -> int:
        """A public quantity of ``seat`` (``COUNTS``)."""

    @abstractmethod
    def owned(self, seat: P, thing: str) -> int:
        """A technology (0 or 1), or the cards of ``thing`` placed by ``seat``."""

    @abstractmethod
    def mine(self, head: str, term: tuple[str, ...]) -> int:
        """Any other quantity: the table's or the bot's own (``MINE``, ``owned``, ``hand``...)."""

    def value(self, term: Term) -> int:
        if isinstance(term, int):
            return term
        head = term[0]
        if head == "rival":
            if not self.rivals:
                return 0
            rest = term[1:]
            return max(self.owned(q, rest[1]) if rest[0] == "owned" else self.count(q, rest[0]) for q in self.rivals)
        if len(term) == 1 and head in COUNTS:
            return self.count(self.me, head)
        return self.mine(head, term)

    def holds(self, cond: Condition) -> bool:
        left = sum(sign * self.value(t) for sign, t in cond.terms)
        right = sum(sign * self.value(t) for sign, t in cond.right)
        return OPS[cond.op](left, right)


class Seen(Quantities[int]):
    """The quantities of conditions, read from the seat's view (``view.SeatView``)."""

    def __init__(self, bot: RulesBot, v: SeatView) -> None:
        self.bot = bot
        self.v = v
        self.me = v.player
        self.rivals = [q for q in range(v.n) if q != v.player]

    def count(self, q: int, name: str) -> int:
        v = self.v
        if name in RESOURCES:
            return v.res(q)[RESOURCES.index(name)]
        if name == "resources":
            return sum(v.res(q))
        if name == "vp":
            return v.vp(q)
        if name == "population":
            return sum(pl[1] for pl in v.plots(q))
        if name == "plots":
            return len(v.plots(q))
        if name == "techs":
            return v.techs(q).bit_count()
        if name == "culture":
            return v.derived(q).culture
        if name == "happiness":
            return v.derived(q).happiness
        if name == "hand":
            return v.hand_size(q)
        kind = WONDER if name == "wonders" else BUILDING
        kinds = self.bot.kinds
        return sum(1 for pl in v.plots(q) for c in pl[2:] if kinds[c] == kind)

    def owned(self, q: int, thing: str) -> int:
        t = self.bot.tech_index.get(thing)
        if t is not None:
            return int(bool(self.v.techs(q) >> t & 1))
        members = self.bot.members(thing)
        return sum(1 for pl in self.v.plots(q) for c in pl[2:] if c in members)

    def mine(self, head: str, term: tuple[str, ...]) -> int:
        v = self.v
        if head == "turn":
            return v.turn
        if head == "techs_left":
            return len(v.tech_display) + v.tech_deck_size()
        if head == "deck":
            return v.deck_size()
        if head == "declared":
            return len(v.attacks) if v.current == self.me else 0
        if head == "attacked":
            return sum(1 for a in v.attacks if a[1] == self.me and a[2] == ACTIVE)
        thing = term[1]
        if head == "owned":
            return self.owned(self.me, thing)
        if head == "hand":
            return sum(v.hand[c] for c in self.bot.members(thing))
        if head == "display":
            bot = self.bot
            return int(bot.tech_index.get(thing, -1) in v.tech_display) + v.plot_display.count(
                bot.plot_index.get(thing, -1))
        return self.cost(thing)

    def cost(self, thing: str) -> int:
        """What a technology, building or wonder costs the player now (his discounts)."""
        d = self.v.discounts(self.me)
        bot = self.bot
        t = bot.tech_index.get(thing)
        if t is not None:
            return max(0, bot.tech_cost_printed[t] - d[0])
        c = bot.card_index.get(thing)
        if c is None or bot.kinds[c] not in (BUILDING, WONDER):
            return 0
        return max(0, bot.card_cost[c] - (d[2] if bot.kinds[c] == WONDER else d[1]))


class FileBot(ABC, Generic[A, S]):
    """How a bot follows its strategy file, whatever it reads the position from (``S``):
    the sections of each step (``_by_file``), the first entry whose conditions hold and
    that matches a legal action (``_section``). A bot gives the greedy bot's choices
    (``_greedy``, ``_pick``, ``_attack``) and which cards an entry names (``_card_is``)."""

    strategy: Strategy

    @abstractmethod
    def _greedy(self, seen: S, legal: list[A], section: str) -> A | None:
        """The greedy bot's choice in this step."""

    @abstractmethod
    def _pick(self, entry: Entry, matches: list[A], seen: S) -> A:
        """Among the actions an entry matches: the seat it names, then the greedy bot's preference."""

    @abstractmethod
    def _attack(self, seen: S, attacks: list[A]) -> A:
        """The greedy bot's attack among ``attacks``."""

    @abstractmethod
    def _card_is(self, a: A, what: str, seen: S) -> bool:
        """The card of a build or a discard is ``what`` (its id or its group)."""

    def _by_file(self, phase: str, fighting: bool, seen: S, legal: list[A]) -> A | None:
        """The file's choice in step ``phase`` (``fighting``: attackers are declared), or
        ``None``: the greedy bot chooses."""
        sections = self.strategy.sections
        if phase == "purchase":
            if fighting:  # step-order B: attackers declared, the combat comes first
                if "attack" not in sections:
                    return None
                found = self._section("attack", seen, legal)
                return found if found is not None and found is not STOP else self._kind(legal, "fight")
            if "buy" not in sections:
                greedy = self._greedy(seen, legal, "buy")
                if greedy is not None and greedy.kind == "attack" and "attack" in sections:
                    return self._attack_or_done(seen, legal)
                return greedy
            found = self._section("buy", seen, [a for a in legal if a.kind != "attack"])
            if found is not None and found is not STOP:
                return found
            return self._attack_or_done(seen, legal)
        if phase == "steal-window":
            if "buy" not in sections:
                return None
            found = self._section("buy", seen, legal)
            return found if found is not None and found is not STOP else self._kind(legal, "pass")
        section = PHASES.get(phase)
        if section is None or section not in sections:
            return None
        found = self._section(section, seen, legal)
        if found is STOP or (found is None and section in ("attack", "block")):
            return self._kind(legal, "fight", "pass", "done")
        return found

    def _attack_or_done(self, seen: S, legal: list[A]) -> A | None:
        """After buying (step-order B): the attacks of the file, else the end of buying."""
        attacks = [a for a in legal if a.kind == "attack"]
        if attacks and "attack" in self.strategy.sections:
            found = self._section("attack", seen, legal)
            if found is not None and found is not STOP:
                return found
        elif attacks:  # the greedy bot's attack, as when it has nothing left to buy
            return self._attack(seen, attacks)
        return self._kind(legal, "done")

    @staticmethod
    def _kind(legal: list[A], *kinds: str) -> A | None:
        for kind in kinds:
            for a in legal:
                if a.kind == kind:
                    return a
        return None

    def _section(self, section: str, seen: S, legal: list[A]) -> A | None:
        """The first entry whose conditions hold and that matches a legal action;
        ``STOP`` for a ``done``/``stop`` entry; ``None`` when none does."""
        for entry in self.strategy.sections[section]:
            if not all(seen.holds(c) for c in entry.conditions):
                continue
            if entry.kind in ("done", "stop"):
                return cast("A", STOP)
            if entry.kind == "greedy":
                choice = self._greedy(seen, legal, section)
                if choice is not None and choice.kind in ("done", "fight", "pass"):
                    return cast("A", STOP)  # the greedy bot would stop here
                if choice is not None and choice.kind in SECTIONS[section]:
                    return choice
                continue
            matches = [a for a in legal if a.kind == entry.kind and self._matches(entry, a, seen)]
            if matches:
                return self._pick(entry, matches, seen)
        return None

    def _matches(self, entry: Entry, a: A, seen: S) -> bool:
        what = entry.what
        kind = entry.kind
        if kind == "trade":
            return bool(a.args[-1] == what)
        if kind == "block":
            return (what is None or a.args[0] == what) and (entry.second is None or a.args[1] == entry.second)
        if what is None or kind in ("writing", "laws"):
            return True
        if kind in ("build", "discard"):
            return self._card_is(a, what, seen)
        return bool(a.args[0] == what)


class RulesBot(FileBot[CcgAction, Seen], HeuristicBot):
    """The greedy bot, told by a strategy file what to prefer."""

    def __init__(self, seed: int, cards: CardSet, strategy: Strategy) -> None:
        super().__init__(seed, cards)
        self.strategy = strategy
        self.kinds = [c.kind for c in cards.cards]
        self.tech_index = {t.id: i for i, t in enumerate(cards.techs)}
        self.card_index = {c.id: i for i, c in enumerate(cards.cards)}
        self.plot_index = {p.id: i for i, p in enumerate(cards.plots)}
        self._members: dict[str, frozenset[int]] = {}

    def members(self, thing: str) -> frozenset[int]:
        """The cards that are ``thing``: the card of that id, or those of the group ``thing``."""
        found = self._members.get(thing)
        if found is None:
            found = self._members[thing] = frozenset(
                i for i, c in enumerate(self.cardset.cards) if c.id == thing or {
                    "unit": c.kind == UNIT, "attacker": c.attack, "defender": c.defend, "building": c.kind == BUILDING,
                    "wonder": c.kind == WONDER, "resource": c.kind == RESOURCE}.get(thing, False))
        return found

    def act(self, view: PlayerView) -> Action:
        legal = cast("list[CcgAction]", view.legal_actions)
        if len(legal) == 1:
            return legal[0]
        v = view.seat
        choice = self._by_file(PHASE_NAMES[v.phase], bool(v.attacks), Seen(self, v), legal)
        return choice if choice is not None else super().act(view)

    def _attack(self, seen: Seen, attacks: list[CcgAction]) -> CcgAction:
        return self._declare_attack(seen.v, attacks)

    def _card_is(self, a: CcgAction, what: str, seen: Seen) -> bool:
        return a.a in self.members(what)

    def _pick(self, entry: Entry, matches: list[CcgAction], seen: Seen) -> CcgAction:
        v = seen.v
        kind = entry.kind
        selector = entry.second if kind == "attack" else entry.what if kind in ("writing", "laws") else None
        if selector is not None:
            key = SEAT_KEYS[selector]
            seat: Callable[[CcgAction], int] = (lambda a: a.b) if kind == "attack" else (lambda a: a.a)
            best = max(key(v, seat(a)) for a in matches)
            matches = [a for a in matches if key(v, seat(a)) == best]
        if len(matches) == 1:
            return matches[0]
        if kind == "attack":
            return self._declare_attack(v, matches)
        if kind == "block":
            return self._block(matches)
        if kind == "discard":
            return self._discard_worst(v, matches)
        if kind == "draft":
            value = self.plot_value
            return max(matches, key=lambda a: (value[a.a], a.text))
        if kind == "trade":  # pay with the resources held most
            res = v.res(v.player)
            return max(matches, key=lambda a: (sum(res[i] * k for i, k in enumerate(trade_paid(a))), a.text))
        scores = [self._score(a, v) for a in matches]  # once each: a theft's score has a random part
        return matches[scores.index(max(scores))]

    def _greedy(self, seen: Seen, legal: list[CcgAction], section: str) -> CcgAction | None:
        v = seen.v
        by_kind: dict[str, list[CcgAction]] = {}
        for a in legal:
            by_kind.setdefault(a.kind, []).append(a)
        if section == "buy":
            return self._purchase(v, by_kind, legal)
        if section == "attack":
            return self._declare_attack(v, by_kind["attack"]) if "attack" in by_kind else None
        return HANDLERS[v.phase](self, v, by_kind, legal)


def make_rules_bot(game: Game, seed: int, params: dict[str, str]) -> Agent:
    """``rules:FILE``: the greedy bot following a strategy file."""
    check_params("rules", params, {"", "file"})
    path = params.get("file") or params.get("")
    if not path:
        raise AgentError("bot 'rules' needs a strategy file: rules:FILE.yaml")
    cards: CardSet = game.cards  # type: ignore[attr-defined]
    return RulesBot(seed, cards, load_strategy(path, cards))
