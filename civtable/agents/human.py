"""A person at the terminal, as an agent.

Before each decision the person is told, in words, what happened since his last
one (the events he may see), then shown the game's screen of his observation and
a short menu. Long menus are grouped by the game's ``action_path`` (Mega Civ:
first the area, then what to do there) so that a menu fits a screen; a number
picks an entry, and the text of any legal action is accepted at every level.
A wrong entry is explained (``State.explain``) and asked again; nothing the
person sees is built from anything but his observation, his events and the
public texts of actions.

Typing ``quit`` (or closing the input) raises ``QuitGame``; the command line then
keeps the record, which it has written move by move, so the game can be resumed.

Everything is said in the person's language (``tr``, a ``civtable.i18n.Translator``):
the game's screen, menus, help and reasons are localized, the events rendered in it;
the words ``help``, ``list``, ``back`` and ``quit`` are also understood in it. Action
texts (``buy city``) are the game's notation and are typed as they are.
"""

from __future__ import annotations

import contextlib
import difflib
import re
import shutil
import sys
import textwrap
from collections.abc import Sequence
from typing import TYPE_CHECKING, TextIO

from civtable.core.action import Action, normalize
from civtable.core.messages import seat_name
from civtable.i18n import ENGLISH, NP_, Translator

from .base import Agent, PlayerView

if TYPE_CHECKING:
    from civtable.core.state import State

QUIT_WORDS = frozenset({"quit", "exit", "q"})
HELP_WORDS = frozenset({"help", "?", "h"})
LIST_WORDS = frozenset({"list", "actions", "menu", "l"})
BACK_WORDS = frozenset({"back", "..", "b", "up"})
TRANSLATED_WORDS = {
    "quit": (NP_("command", "quit"), NP_("command", "exit")),
    "help": (NP_("command", "help"),),
    "list": (NP_("command", "list"), NP_("command", "menu")),
    "back": (NP_("command", "back"),),
    "yes": (NP_("command", "yes"),),
}
"""The commands' words a translation adds (``pgettext("command", ...)``)."""
MENU_SIZE = 24
"""A menu longer than this is grouped by the first words of its entries' paths."""


YES_WORDS = frozenset({"yes", "y"})


class QuitGame(Exception):
    """The person asked to stop playing (``quit`` or end of input)."""


class Numbers:
    """The numbers of menu entries, stable within one decision step: an entry keeps the
    number it was first shown with for as long as the step lasts, so that a number read
    on one screen means the same choice on the next one (a new choice gets a new number,
    a choice that is gone leaves its number unused) and a number typed from memory never
    plays something else. A step ends with the player's turn, or when none of its
    choices is offered any more (the bids are over, the takes begin): numbering starts
    again at 1."""

    def __init__(self) -> None:
        self.step: tuple[int, int] | None = None
        self.by_key: dict[str, int] = {}
        self.keys: dict[int, str] = {}
        self.labels: dict[int, str] = {}

    def start(self, player: int, turn: int, actions: Sequence[Action]) -> None:
        """A decision of ``player`` in ``turn`` among ``actions``: the numbers of an earlier
        step are forgotten."""
        if self.step != (player, turn) or not any(a.text in self.by_key for a in actions):
            self.step = (player, turn)
            self.by_key.clear()
            self.keys.clear()
            self.labels.clear()

    def number(self, key: str, label: str) -> int:
        n = self.by_key.get(key)
        if n is None:
            n = self.by_key[key] = len(self.by_key) + 1
            self.keys[n] = key
        self.labels[n] = label
        return n


class HotSeat:
    """Several people at one terminal: before a person's decision that follows another
    person's, the screen is cleared (the last hand shown leaves it, scrollback included
    on a terminal that knows how) and the next person is asked to take the keyboard;
    nothing of the new person's is shown before Enter."""

    CLEAR = "\x1b[3J\x1b[H\x1b[2J"

    def __init__(self, names: Sequence[str], tr: Translator = ENGLISH) -> None:
        self.names = list(names)
        self.tr = tr
        self.last: int | None = None

    def before(self, agent: HumanAgent, seat: int) -> None:
        """``seat``'s person is about to decide (through ``agent``'s input and output)."""
        if self.last is not None and self.last != seat:
            tr = self.tr
            out = agent.out
            tty = out.isatty() if hasattr(out, "isatty") else False
            out.write(self.CLEAR if tty else "\n" * 3)
            agent.say(tr.t("=== Pass the keyboard to {who} ===", who=seat_name(seat, None, self.names, tr)))
            line = agent.read(tr.t("{who}, press Enter when the others cannot see the screen: ",
                                   who=seat_name(seat, None, self.names, tr)))
            if line is None:
                raise QuitGame
        self.last = seat


STATUS = re.compile(r"\s*\([^()]*\)$")
"""A group's closing parenthesis: its state (``Kings Vale (3 tokens, 1 moved)``), not its name."""


def group_name(word: str) -> str:
    """A group's name without the state that follows it in parentheses."""
    return STATUS.sub("", word)


def entry_key(target: Action | tuple[str, ...]) -> str:
    """What a menu entry is, whatever its place: an action's text, or a group's path by
    its names (an area keeps its number while its token count changes)."""
    return target.text if isinstance(target, Action) else "\x00" + "\x00".join(map(group_name, target))


Entry = tuple[tuple[str, ...], Action]


class Menu:
    """The legal actions as a tree of entries (``Game.action_path``), opened one level at a time."""

    def __init__(self, entries: Sequence[Entry], size: int = MENU_SIZE, tr: Translator = ENGLISH,
                 grouped: bool = False) -> None:
        self.entries = list(entries)
        self.size = size
        self.grouped = grouped  # the first level by the paths' first words, however short (Game.menu_by_first_word)
        self.prefix: tuple[str, ...] = ()
        self.tr = tr

    def under(self) -> list[Entry]:
        k = len(self.prefix)
        return [(p, a) for p, a in self.entries if p[:k] == self.prefix]

    def items(self) -> list[tuple[str, Action | tuple[str, ...]]]:
        """What the current level shows: (label, action) for an action, (label, prefix)
        for a group of actions."""
        here = self.under()
        k = len(self.prefix)
        if len(here) <= self.size and not (self.grouped and k == 0):
            return [(" > ".join(p[k:]) or a.text, a) for p, a in here]
        out: list[tuple[str, Action | tuple[str, ...]]] = []
        groups: dict[str, list[Entry]] = {}
        order: list[tuple[str, Action | tuple[str, ...]] | str] = []  # in the actions' order (grouped menus)
        for p, a in here:
            if len(p) <= k + 1:
                out.append((p[k] if len(p) > k else a.text, a))
                order.append(out[-1])
            else:
                if p[k] not in groups:
                    order.append(p[k])
                groups.setdefault(p[k], []).append((p, a))
        shown: dict[str, tuple[str, Action | tuple[str, ...]]] = {}
        for word, members in groups.items():
            if len(members) == 1:
                p, a = members[0]
                shown[word] = (" > ".join(p[k:]), a)
            else:
                shown[word] = (self.tr.nt("{word}  ({n} choice)", "{word}  ({n} choices)", len(members), word=word),
                               (*self.prefix, word))
        if self.grouped:  # a game's own grouping keeps its order (its usual choices first)
            return [shown[x] if isinstance(x, str) else x for x in order]
        return out + list(shown.values())

    def keyed(self) -> list[tuple[str, Action | tuple[str, ...], str]]:
        """The current level's (label, target, key): a group keyed by its name, or by its
        whole label where two groups of the level share a name."""
        items = self.items()
        keys = [entry_key(t) for _, t in items]
        return [(label, t, k if keys.count(k) == 1 or isinstance(t, Action) else "\x00" + "\x00".join(t))
                for (label, t), k in zip(items, keys, strict=True)]

    def named(self, text: str) -> Action | tuple[str, ...] | None:
        """The entry of the current level a typed name means: a group's name or label
        (``south cape``), an entry's label or its last part (``declared as clay``), else
        the one entry whose name ends with the typed words (``old ford`` for "move a token
        to Old Ford (limit 2)"); letter case aside. ``None`` when no entry, or several,
        have that name."""
        wanted = " ".join(text.lower().split())
        exact, ending = [], []
        for label, target in self.items():
            last = label.split(" > ")[-1]
            names = {label, last, group_name(label), group_name(last), group_name(label.split("  (")[0])}
            if isinstance(target, tuple):
                names.add(group_name(target[-1]))
            names = {" ".join(n.lower().split()) for n in names}
            if wanted in names:
                exact.append(target)
            elif any(n.endswith(" " + wanted) for n in names):
                ending.append(target)
        found = exact or ending
        return found[0] if len(found) == 1 else None

    def open(self, prefix: tuple[str, ...]) -> None:
        self.prefix = prefix

    def back(self) -> bool:
        if not self.prefix:
            return False
        self.prefix = self.prefix[:-1]
        return True


class HumanAgent(Agent):
    """Asks a person for each decision; ``stdin``/``stdout`` default to the process's own.
    ``names`` are the seats' names in messages ("player 1 (greedy)"); ``tr`` the
    person's language; ``hotseat`` the table shared with the other people at this
    terminal (``HotSeat``), when there are several."""

    name = "human"
    reads_events = True
    replayable = False

    def __init__(self, seed: int = 0, stdin: TextIO | None = None, stdout: TextIO | None = None,
                 names: Sequence[str] | None = None, tr: Translator = ENGLISH, hotseat: HotSeat | None = None) -> None:
        super().__init__(seed)
        self.hotseat = hotseat
        self.stdin = stdin
        self.stdout = stdout
        self.names = list(names) if names is not None else None
        self.cursor = 0
        self.tr = tr
        self.words = {kind: {w, *(tr.pgettext("command", t).lower() for t in TRANSLATED_WORDS.get(kind, ()))}
                      for kind, w in (("quit", "quit"), ("help", "help"), ("list", "list"), ("back", "back"),
                                      ("yes", "yes"))}
        self.numbers = Numbers()
        self.again: tuple[int, str, int] | None = None  # (seat, action text, times left) of a "how many?"

    @property
    def out(self) -> TextIO:
        return self.stdout or sys.stdout

    def say(self, text: str = "") -> None:
        self.out.write(text + "\n")
        self.out.flush()

    # ------------------------------------------------------------ telling
    def tell(self, view: PlayerView) -> None:
        """The events since this person's last decision, one line each."""
        events = view.events(self.cursor)
        self.cursor += len(events)
        for event in events:
            self.say("  " + view.game.render_event(event, view.player, self.names, self.tr))

    def tell_events(self, state: State, seat: int) -> None:
        self.tell(PlayerView(state, seat))

    # ------------------------------------------------------------ deciding
    def act(self, view: PlayerView) -> Action:
        game = view.game
        obs = view.observation
        legal = view.legal_actions
        tr = self.tr
        if self.again is not None:  # the rest of "how many?": played while it stays legal
            seat, text, left = self.again
            self.again = (seat, text, left - 1) if left > 1 else None
            again = next((a for a in legal if a.text == text), None) if seat == view.player else None
            if again is not None:
                return again
            self.again = None
        if self.hotseat is not None:
            self.hotseat.before(self, view.player)
        self.say()
        if self.cursor < len(view.events(0)):
            self.say(tr.t("Since your last decision:"))
            self.tell(view)
        who = seat_name(view.player, None, self.names, tr)
        self.say(tr.t("=== {who}: your decision ===", who=who))
        self.say(tr.localize(game.render(obs, view.player)))
        menu = Menu([(tuple(tr.localize(game.action_path(a, obs))), a) for a in legal], tr=tr,
                    grouped=game.menu_by_first_word)
        self.numbers.start(view.player, view.turn, legal)
        self.show(menu)
        while True:
            line = self.read(f"{who}> ")
            if line is None:
                raise QuitGame
            action = self.choose(line, menu, view)
            if action is not None and self.confirmed(action, view, who):
                self.how_many(action, menu, view)
                return action
            if action is not None:
                self.show(menu)

    def how_many(self, action: Action, menu: Menu, view: PlayerView) -> None:
        """An action the game lets be played several times in a row (``Game.action_repeat``:
        one token moved at a time) asks how many times, once; the rest is played at the
        next decisions while it stays legal (each still told among the events)."""
        most = view.game.action_repeat(action, view.observation)
        if most <= 1:
            return
        tr = self.tr
        name = next((p[-1] for p, a in menu.entries if a.text == action.text and p), action.text)
        while True:
            line = self.read(tr.t("{action}: how many? 1 to {n} (Enter: 1): ", action=name, n=most))
            if line is None:
                raise QuitGame
            text = line.strip().lower()
            if text in QUIT_WORDS or text in self.words["quit"]:
                raise QuitGame
            if not text:
                return
            if text.isascii() and text.isdigit() and 1 <= int(text) <= most:
                if int(text) > 1:
                    self.again = (view.player, action.text, int(text) - 1)
                return
            self.say(tr.t("Type a number from 1 to {n}, or Enter for 1.", n=most))

    def confirmed(self, action: Action, view: PlayerView, who: str) -> bool:
        """Whether the person still wants ``action`` after its warning (``Game.action_warning``);
        an action without one needs no confirmation."""
        warning = view.game.action_warning(action, view.observation)
        if warning is None:
            return True
        tr = self.tr
        self.say(tr.t("Careful: {warning}", warning=tr.localize(warning)))
        line = self.read(tr.t("Type 'yes' to play {action}, anything else to choose again: ",
                              action=repr(action.text)))
        if line is None:
            raise QuitGame
        return line.strip().lower() in YES_WORDS | self.words["yes"]

    def show(self, menu: Menu) -> None:
        where = " > ".join(menu.prefix)
        tr = self.tr
        if where:
            self.say(tr.t("Choose in {where} (a number or an action's text; back; help; quit):", where=where))
        else:
            self.say(tr.t("Choose (a number or an action's text; help; quit):"))
        numbered = [(self.numbers.number(key, label), label) for label, _target, key in menu.keyed()]
        width = len(str(max((n for n, _ in numbered), default=1)))
        for n, label in numbered:
            self.say(f"  {n:>{width}}. {label}")

    def choose(self, line: str, menu: Menu, view: PlayerView) -> Action | None:
        """The action a typed line names, or ``None`` after showing a menu level or
        explaining why the line names no legal action."""
        text = line.strip()
        if not text:
            return None
        lowered = text.lower()
        tr = self.tr
        if lowered in QUIT_WORDS or lowered in self.words["quit"]:
            raise QuitGame
        if lowered in HELP_WORDS or lowered in self.words["help"]:
            help_text = tr.localize(view.game.help(view.observation, view.player))
            lines = [*(str(help_text).splitlines() if help_text else []), tr.t(
                "Type an entry's number, its name or an action's text; an entry keeps its number for the whole "
                "turn. 'list' shows the menu again, 'back' goes up a level, 'quit' saves and stops.")]
            width = min(shutil.get_terminal_size((100, 24)).columns, 120) - 1
            for paragraph in lines:  # a long sentence broken between words, never inside one
                self.say(textwrap.fill(paragraph, width, subsequent_indent="  ", break_on_hyphens=False)
                         if paragraph else "")
            return None
        if lowered in LIST_WORDS or lowered in self.words["list"]:
            self.show(menu)
            return None
        if lowered in BACK_WORDS or lowered in self.words["back"]:
            if not menu.back():
                self.say(tr.t("This is the top of the menu."))
            self.show(menu)
            return None
        legal = view.legal_actions
        by_text = {a.text: a for a in legal}
        # the game's reading of a shorthand comes first: "2" answers "how many?" there
        shorthand = view.game.interpret(view.observation, text)
        for candidate in (shorthand, text):
            if candidate is not None and normalize(candidate) in by_text:
                return by_text[normalize(candidate)]
        if text.isascii() and text.isdigit() and len(text) <= 6:
            return self.by_number(int(text), menu, by_text)
        named = menu.named(text)
        if named is not None:
            return self.go(named, menu)
        wanted = normalize(shorthand if shorthand is not None else text)
        reason = str(tr.localize(view.explain(wanted)))
        close = difflib.get_close_matches(wanted, list(by_text), n=1)
        suggestion = " " + tr.t("Did you mean {action}?", action=repr(close[0])) if close else ""
        self.say(f"{reason[:1].upper()}{reason[1:]}.{suggestion}".replace("..", "."))
        return None

    def go(self, target: Action | tuple[str, ...], menu: Menu) -> Action | None:
        """An entry chosen: its action, or its group opened and shown (``None``)."""
        if isinstance(target, Action):
            return target
        menu.open(target)
        self.show(menu)
        return None

    def by_number(self, k: int, menu: Menu, by_text: dict[str, Action]) -> Action | None:
        """The entry numbered ``k`` this turn: its action when it is legal now, its group
        opened; a number whose choice is gone now is said so, never played as another."""
        tr = self.tr
        key = self.numbers.keys.get(k)
        shown = {k: target for _label, target, k in menu.keyed()}
        if key is None:
            numbers = sorted(self.numbers.by_key[k] for k in shown)
            self.say(tr.t("There is no entry {k}; the entries are numbered {numbers}.", k=k,
                          numbers=", ".join(map(str, numbers))))
            return None
        target = shown.get(key)
        if target is None and not key.startswith("\x00"):
            target = by_text.get(key)  # an action of another menu level, still legal
        if target is not None:
            return self.go(target, menu)
        self.say(tr.t("Entry {k} was {label}: that is not possible now; choose again.", k=k,
                      label=repr(self.numbers.labels[k])))
        self.show(menu)
        return None

    def read(self, prompt: str) -> str | None:
        """One line from the person; ``None`` at end of input."""
        stream = self.stdin or sys.stdin
        if stream is sys.stdin and stream.isatty():
            with contextlib.suppress(ImportError):
                import readline  # noqa: F401  (line editing and history for input())
            try:
                return input(prompt)
            except EOFError:
                self.say()
                return None
        self.out.write(prompt)
        self.out.flush()
        line = stream.readline()
        self.say()
        return line if line else None
