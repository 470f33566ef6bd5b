"""Catan Deck Building in words: display names, counts, costs and payments, what
each card does, who decides what, actions in words (for events and menus), the
words of event terms, and a person's typed names read as actions (``interpret``).
Everything here reads an observation or the game's card data, never a state.

Every text is written in the reader's language: the functions take ``tr`` (a
``civtable.i18n.Translator``, English by default) and those the game's hooks call
are ``@localizable``. Card names are messages of the game's catalog with the
context ``catan-deckbuilding`` (extracted from ``data/cards.json``); German is the
original language of the rules (Erz, Ritter (Offensiv), Vorrat...: see
``civtable/locale/glossary/catan-deckbuilding.yaml``). In the other languages a
number of cards is written as the German rules do: "2× Stadt".
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from civtable.i18n import ENGLISH, N_, NN_, NP_, Translator, localizable

from .. import actions as act
from ..catalog import BANDIT, CITY, ROAD, ROLE_IDS, CardData
from ..rules.payment import breakdown, road_resources, settle
from ..state import POOL_KEYS, WILD_O, WILD_S

if TYPE_CHECKING:
    from ..options import Rules

CONTEXT = "catan-deckbuilding"
"""The message context of the card names (they are the game's own words)."""

EFFECTS = {  # what each card does, in a few words (reference tables, the web page)

    "ore": N_("a resource: pays for cards (CDB-2.2)"),
    "brick": N_("a resource: pays for cards (CDB-2.2)"),
    "grain": N_("a resource: pays for cards (CDB-2.2)"),
    "lumber": N_("a resource: pays for cards (CDB-2.2)"),
    "wool": N_("a resource: pays for cards (CDB-2.2)"),
    "sea": N_("no effect; each Sea in hand makes a Harbor draw 1 more card (CDB-2.4)"),
    "desert": N_("no effect; part of the Bandit's cost (CDB-2.4)"),
    "bandit": N_("attack: +1 card; take a random card from the opponent's hand, keep it or give it back (CDB-3.1)"),
    "kdef": N_("+1 card; or reflect an attack: lay it down, +1 card, the attack strikes the attacker (CDB-3.2)"),
    "koff": N_("attack: +1 card; the opponent discards 2 cards of his choice (CDB-3.3)"),
    "harbor": N_("draw 1 + 1 per Sea in hand; all Roads in hand count as one Sea (CDB-3.4)"),
    "road": N_("n Roads played together: 2n - 3 resources of choice (2: 1, 3: 3, 4: 5) (CDB-3.5)"),
    "settlement": N_("2 resources of choice; needed, unplayed, for a City (CDB-3.6)"),
    "city": N_("3 resources of choice; three in hand during your turn win (CDB-3.7, CDB-9.1)"),
}

CHOICE_WORDS = {"choice-settlement": ("resource of choice (Settlement)", "resources of choice (Settlement)"),
                "choice-other": ("resource of choice", "resources of choice")}
CHOICE_COUNTS = {"choice-settlement": NN_("{n} resource of choice (Settlement)", "{n} resources of choice (Settlement)"),
                 "choice-other": NN_("{n} resource of choice", "{n} resources of choice")}
TYPES = (NP_("card type", "resource"), NP_("card type", "terrain"), NP_("card type", "action"))


# ------------------------------------------------------------------ words
def name(card: int, cards: CardData, tr: Translator = ENGLISH) -> str:
    """A card's display name in ``tr``'s language (the data file's name when the catalog
    has none: a card file of one's own)."""
    return tr.pgettext(CONTEXT, cards.names[card])


def names_in(cards: CardData, tr: Translator = ENGLISH) -> tuple[str, ...]:
    return cards.names if tr.english else tuple(tr.pgettext(CONTEXT, n) for n in cards.names)


def kind_name(card: int, cards: CardData, tr: Translator = ENGLISH) -> str:
    """A card's type (resource, terrain, action) in words."""
    return tr.pgettext("card type", cards.types[card])


def plural(card: int, n: int, cards: CardData) -> str:
    """A card's English display name for ``n`` of them: "Ore", "2 Cities", "Knights (Defensive)"."""
    name = cards.names[card]
    if n == 1 or cards.types[card] == "resource":
        return name
    if name.endswith("y"):
        return name[:-1] + "ies"
    if " (" in name:
        head, _, tail = name.partition(" (")
        return f"{head}s ({tail}"
    return name + "s"


def amount(n: int, card: int, cards: CardData, tr: Translator = ENGLISH) -> str:
    """``n`` cards of a kind: "2 Cities"; "2× Stadt" in the other languages (the German
    rules' way, which needs no plural of a card's name)."""
    if tr.english:
        return f"{n} {plural(card, n, cards)}"
    return tr.pt("card count", "{n} {card}", n=n, card=name(card, cards, tr))


def a_card(card: int, cards: CardData, tr: Translator = ENGLISH) -> str:
    """One card with its indefinite article: "an Ore", "a City"."""
    if tr.english:
        return a(cards.names[card])
    return tr.pt("one card", "a {card}", card=name(card, cards, tr))


def join(words: Sequence[str], tr: Translator = ENGLISH) -> str:
    if tr.english:
        if not words:
            return "nothing"
        return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]
    return tr.join(list(words))


def counts_text(counts: Mapping[str, int], cards: CardData, joined: bool = True, tr: Translator = ENGLISH) -> str:
    """Counts by card id or pool slot as words: "1 Ore, 2 Grain and 2 resources of choice"."""
    words = []
    for key, n in counts.items():
        if not n:
            continue
        if key in CHOICE_COUNTS:
            one, many = CHOICE_COUNTS[key]
            words.append(tr.nt(one, many, n))
        elif key in ROLE_IDS:
            words.append(amount(n, ROLE_IDS.index(key), cards, tr))
        else:
            words.append(f"{n} {key}")
    return join(words, tr) if joined else ", ".join(words) or "-"


EXTRA_COST = {  # CDB-2.6: the card a Bandit or a City takes from the hand
    (BANDIT, "your"): N_(" + a Desert from your hand"), (BANDIT, "the"): N_(" + a Desert from the hand"),
    (CITY, "your"): N_(" + a Settlement from your hand"), (CITY, "the"): N_(" + a Settlement from the hand"),
}


def cost_text(cost: Sequence[int], card: int, cards: CardData, whose: str = "your", tr: Translator = ENGLISH) -> str:
    """A card's cost: "3 Ore, 2 Grain + a Settlement from your hand" (CDB-2.6); ``whose``
    is ``your`` or ``the``."""
    text = ", ".join(amount(cost[r], r, cards, tr) for r in range(5) if cost[r])
    extra = EXTRA_COST.get((card, "the" if whose == "the" else "your"))
    return text + tr.gettext(extra) if extra else text


def paid_text(paid: Mapping[str, int], cards: CardData, tr: Translator = ENGLISH) -> str:
    """What paid for a purchase (the ``paid`` term of ``purchase.paid``)."""
    words = []
    for key, n in paid.items():
        if key == "settlement":
            words.append(tr.t("a Settlement from the hand (back to the supply)"))
        elif key == "desert":
            words.append(tr.t("a Desert from the hand"))
        else:
            words.append(counts_text({key: n}, cards, tr=tr))
    return join(words, tr)


def payment_text(pool: Sequence[int], cost: Sequence[int], plan: Sequence[int], cards: CardData,
                 tr: Translator = ENGLISH) -> str:
    """How a plan pays: "2 Ore, 2 Grain, 1 resource of choice and a trade (Wool + Brick for Ore)"."""
    direct, _short, trades = breakdown(pool, cost, plan)
    words = [amount(direct[r], r, cards, tr) for r in range(5) if direct[r]]
    for slot in (WILD_S, WILD_O):
        if plan[slot]:
            words.append(counts_text({POOL_KEYS[slot]: plan[slot]}, cards, tr=tr))
    for gave, got in trades:
        given = " + ".join(name(r, cards, tr) for r in range(5) for _ in range(gave[r]))
        words.append(tr.t("a 2-for-1 trade ({given} for {got})", given=given, got=name(got, cards, tr)))
    return join(words, tr)


def a(name: str) -> str:
    """A name with its English indefinite article: "an Ore", "a City"."""
    return ("an " if name[:1] in "AEIOU" else "a ") + name


def seat(p: int | None, viewer: int | None, tr: Translator = ENGLISH) -> str:
    """"you", "player 1" or "nobody"."""
    if p is None:
        return tr.t("nobody")
    return tr.t("you") if p == viewer else tr.pt("seat", "player {n}", n=p)


def owner(p: int, viewer: int | None, tr: Translator = ENGLISH) -> str:
    """"your" or "player 1's"."""
    return tr.t("your") if p == viewer else tr.t("player {n}'s", n=p)


def attack_name(pending: Mapping[str, Any], cards: CardData, tr: Translator = ENGLISH) -> str:
    """The attack card being answered, or the word "attack"."""
    return name(ROLE_IDS.index(pending["attack"]), cards, tr) if pending.get("attack") else tr.t("attack")


@localizable
def decision_text(phase: str, current: int, pending: Mapping[str, Any] | None, viewer: int | None,
                  cards: CardData, *, tr: Translator = ENGLISH) -> str:
    """Who decides what now, for ``viewer``: "player 1 may reflect your Bandit or allow it"
    (the stolen card named only to those who may know it). One sentence per point of
    view: a translation's verbs agree with "you" or "player 1"."""
    if phase == "over":
        return tr.t("the game is over")
    if phase == "main" or not pending:
        return tr.t("your turn") if current == viewer else tr.t("player {n} is playing the turn", n=current)
    attack = attack_name(pending, cards, tr)
    attacker, victim = pending["attacker"], pending["victim"]
    args = {"attack": attack, "attacker": attacker, "victim": victim}
    mine, theirs = viewer == victim, viewer == attacker
    if phase == "react":
        if theirs:
            return tr.t("player {victim} may reflect your {attack} or allow it", **args)
        if mine:
            return tr.t("you may reflect player {attacker}'s {attack} or allow it", **args)
        return tr.t("player {victim} may reflect player {attacker}'s {attack} or allow it", **args)
    if phase == "counter":
        if mine:
            return tr.t("you reflected the {attack}: player {attacker} may counter-reflect it or allow it", **args)
        if theirs:
            return tr.t("player {victim} reflected the {attack}: you may counter-reflect it or allow it", **args)
        return tr.t("player {victim} reflected the {attack}: player {attacker} may counter-reflect it or "
                    "allow it", **args)
    if phase == "steal":
        stolen = pending.get("stolen")
        what = a_card(ROLE_IDS.index(stolen), cards, tr) if stolen else tr.t("a card")
        if mine:
            return tr.t("the {attack} took {what} from your hand: player {attacker} may keep it (onto the "
                        "discard pile) or return it", what=what, **args)
        if theirs:
            return tr.t("the {attack} took {what} from player {victim}'s hand: you may keep it (onto the "
                        "discard pile) or return it", what=what, **args)
        return tr.t("the {attack} took {what} from player {victim}'s hand: player {attacker} may keep it "
                    "(onto the discard pile) or return it", what=what, **args)
    left = pending.get("left", 0)
    if mine:
        return tr.nt("you must discard {n} more card (player {attacker}'s {attack})",
                     "you must discard {n} more cards (player {attacker}'s {attack})", left, **args)
    if theirs:
        return tr.nt("player {victim} must discard {n} more card (your {attack})",
                     "player {victim} must discard {n} more cards (your {attack})", left, **args)
    return tr.nt("player {victim} must discard {n} more card (player {attacker}'s {attack})",
                 "player {victim} must discard {n} more cards (player {attacker}'s {attack})", left, **args)


@localizable
def action_words(text: str, rules: Rules, obs: Mapping[str, Any] | None = None, *,
                 tr: Translator = ENGLISH) -> str:
    """An action in words with display names: without ``obs``, what it gives whatever the
    state (the move events' words: "play Road x3 (+3 resources of choice)"); with the
    observation of the player who may take it, also its costs, payment and draws (the
    menus' labels)."""
    found = act.BY_TEXT.get(text)
    if found is None:
        return text
    cards = rules.cards
    code, card = found.code, found.card
    if code == act.PLAY_RES:
        return tr.t("play {card} (+1 {card})", card=name(card, cards, tr))
    if code == act.PLAY_WILD:
        if card == CITY and obs is not None:
            return tr.t("play {card} (+{n} resources of choice; it leaves your hand)", card=name(card, cards, tr),
                        n=cards.produces[card])
        return tr.t("play {card} (+{n} resources of choice)", card=name(card, cards, tr), n=cards.produces[card])
    if code == act.PLAY_ROAD:
        return tr.t("play Road x{n}", n=card) + road_gain(card, rules, obs, tr=tr)
    if code == act.PLAY_HARBOR:
        if obs is None:
            return tr.t("play Harbor")
        n = harbor_draws(obs, rules)
        if tr.english:
            return f"play Harbor (draw {n} card{'s' if n != 1 else ''}: 1 + {n - 1} Sea{'s' if n != 2 else ''})"
        return tr.nt("play Harbor (draw {n} card: 1 + {seas} Seas)", "play Harbor (draw {n} cards: 1 + {seas} Seas)",
                     n, seas=n - 1)
    if code == act.PLAY_KDEF:
        return tr.t("play Knight (Defensive) (draw 1 card)")
    if code == act.PLAY_ATTACK:
        viewer = obs.get("player") if obs is not None else None
        attack = name(card, cards, tr)
        if card == BANDIT:
            if isinstance(viewer, int):
                return tr.t("play {card} (attack: draw 1 card; take a random card from player {n}'s hand)",
                            card=attack, n=1 - viewer)
            return tr.t("play {card} (attack: draw 1 card; take a random card from the opponent's hand)",
                        card=attack)
        if isinstance(viewer, int):
            return tr.t("play {card} (attack: draw 1 card; player {n} discards 2 cards)", card=attack, n=1 - viewer)
        return tr.t("play {card} (attack: draw 1 card; the opponent discards 2 cards)", card=attack)
    if code == act.LAY:
        if obs is not None:
            return tr.t("lay down {card} (no effect; makes room for the draw)", card=name(card, cards, tr))
        return tr.t("lay down {card}", card=name(card, cards, tr))
    if code in (act.BUY, act.BUY_TRADE):
        trade = code == act.BUY_TRADE
        if obs is None:
            if trade:
                return tr.t("buy {card} (2-for-1 trades first)", card=name(card, cards, tr))
            return tr.t("buy {card}", card=name(card, cards, tr))
        return buy_label(card, trade, obs, rules, tr)
    if code == act.END:
        if obs is not None:
            return tr.nt("end the turn (the laid-down cards go to the discard pile; draw {n} card)",
                         "end the turn (the laid-down cards go to the discard pile; draw {n} cards)", end_draws(obs, cards))
        return tr.t("end the turn (the laid-down cards go to the discard pile)")
    if code == act.DISCARD:
        return tr.t("discard {card}", card=name(card, cards, tr))
    if code == act.DISCARD_TOP:
        return tr.t("discard the top card of the draw pile")
    return answer_words(code, obs, cards, tr) if obs is not None else text


def road_gain(n: int, rules: Rules, obs: Mapping[str, Any] | None, tr: Translator = ENGLISH) -> str:
    """CDB-3.5.2: what ``play road N`` gives, in brackets (road-grouping B: after the Roads
    played before this turn, which only an observation tells)."""
    if rules.roads_whole_turn and obs is None:
        return ""
    before = obs["roads_played"] if rules.roads_whole_turn and obs is not None else 0
    gain = road_resources(before + n) - road_resources(before)
    what = (tr.nt("+{n} resource of choice", "+{n} resources of choice", gain) if gain
            else tr.t("nothing to spend"))
    if rules.road_sea and obs is not None:
        what += tr.t("; +1 Sea for Harbors this turn")
    return f" ({what})"


def buy_label(card: int, trade: bool, obs: Mapping[str, Any], rules: Rules, tr: Translator = ENGLISH) -> str:
    """``buy CARD`` with its price and how the pool laid down pays it."""
    cards = rules.cards
    price = cost_text(rules.cost[card], card, cards, tr=tr)
    plan = obs_plan(obs, card, trade, rules)
    args = {"card": name(card, cards, tr), "price": price}
    if plan is None:
        return tr.t("buy {card} with trades ({price})", **args) if trade else tr.t("buy {card} ({price})", **args)
    pool = [obs["pool"][k] for k in POOL_KEYS]
    how = payment_text(pool, rules.cost[card], plan, cards, tr)
    if trade:
        return tr.t("buy {card} with trades ({price}): pay {how}", how=how, **args)
    return tr.t("buy {card} ({price}): pay {how}", how=how, **args)


def buy_entry(card: int, trade: bool, obs: Mapping[str, Any], rules: Rules, tr: Translator = ENGLISH) -> str:
    """A purchase as a menu entry under its group ("buy"): the card and how the pool laid
    down pays it ("Road: pay 1 Brick and 1 Lumber"); its price is on the supply."""
    cards = rules.cards
    plan = obs_plan(obs, card, trade, rules)
    if plan is None:
        return name(card, cards, tr)
    pool = [obs["pool"][k] for k in POOL_KEYS]
    return tr.t("{card}: pay {how}", card=name(card, cards, tr), how=payment_text(pool, rules.cost[card], plan, cards, tr))


def answer_words(code: int, obs: Mapping[str, Any], cards: CardData, tr: Translator = ENGLISH) -> str:
    """The answers to an attack (reflect, allow, keep, return) and what they do."""
    pending = obs.get("pending") or {}
    attack = attack_name(pending, cards, tr)
    counter = obs["phase"] == "counter"
    if code == act.REFLECT:
        if counter:
            return tr.t("reflect (counter-reflect with a Knight (Defensive): the {attack} affects neither player)",
                        attack=attack)
        return tr.t("reflect (lay down a Knight (Defensive), draw 1 card: the {attack} strikes player {n})",
                    attack=attack, n=str(pending.get("attacker")))
    if code == act.ALLOW:
        if counter:
            return tr.t("allow (the reflected {attack} strikes you)", attack=attack)
        return tr.t("allow (the {attack} strikes you)", attack=attack)
    stolen = pending.get("stolen")
    stolen_name = name(ROLE_IDS.index(stolen), cards, tr) if stolen else tr.t("card")
    if code == act.KEEP:
        return tr.t("keep (put the {card} on your discard pile)", card=stolen_name)
    return tr.t("return (give the {card} back to player {n})", card=stolen_name, n=str(pending.get("victim")))


def _me(obs: Mapping[str, Any]) -> Mapping[str, Any] | None:
    p = obs.get("player")
    return obs["players"][p] if isinstance(p, int) else None


def harbor_draws(obs: Mapping[str, Any], rules: Rules) -> int:
    """CDB-3.4.2: how many cards a Harbor played now draws (as ``rules.main.harbor_seas``)."""
    me = _me(obs)
    if me is None or "hand" not in me:
        return 1
    h, laid = me["hand"], me["laid"]
    seas, roads = h["sea"], h["road"]
    if rules.harbor_counts_laid:
        seas += laid["sea"]
        roads += laid["road"]
    if roads:
        seas += 1
    if rules.road_sea:
        seas += obs["road_seas"]
    return 1 + int(seas)


def end_draws(obs: Mapping[str, Any], cards: CardData) -> int:
    """CDB-8.3: the draw at the end of the turn, for the hand kept."""
    me = _me(obs)
    if me is None:
        return cards.draw_minimum
    size = me["hand_size"]
    return cards.refill_to - size if size < cards.refill_below else cards.draw_minimum


def obs_plan(obs: Mapping[str, Any], card: int, trade: bool, rules: Rules) -> tuple[int, ...] | None:
    """The payment of ``buy CARD`` (``trade``: ``buy CARD trade``) from an observation's pool."""
    pool = [obs["pool"][k] for k in POOL_KEYS]
    ws = 0 if (card == CITY and rules.no_settlement_for_city) else pool[WILD_S]
    plan = settle(pool, rules.cost[card], ws, pool[WILD_O], False)
    if plan is None or not trade:
        return plan
    return settle(pool, rules.cost[card], ws, pool[WILD_O], True)


@localizable
def term(kind: str, value: Any, rules: Rules, *, tr: Translator = ENGLISH) -> str:
    """Display names of event terms (see ``messages.py``), in ``tr``'s language."""
    cards = rules.cards
    if kind == "card":
        return name(ROLE_IDS.index(value), cards, tr) if value in ROLE_IDS else str(value)
    if kind == "cards":
        return counts_text(value, cards, tr=tr) if isinstance(value, Mapping) else str(value)
    if kind == "paid":
        return paid_text(value, cards, tr) if isinstance(value, Mapping) else str(value)
    if kind == "action":
        return action_words(str(value), rules, tr=tr)
    return str(value)


def interpret(obs: Mapping[str, Any], line: str, cards: CardData) -> str | None:
    """Display names for card ids ("buy knight (offensive)" -> "buy koff"), "play 2 roads"
    -> "play road 2", "end turn" -> "end"; a card's name in any of civtable's languages
    ("buy stadt") is read too. A card's name alone is what a click on the card does
    (``bare_card``): "grain" plays a Grain."""
    words = " ".join(line.lower().replace("(", " ").replace(")", " ").split())
    if words in ("end turn", "end the turn", "draw", "pass"):
        return "end"
    bare = bare_card(obs, words, cards)
    if bare is not None:
        return bare
    if words.startswith("lay down "):
        words = "lay " + words[len("lay down "):]
    parts = words.split()
    if len(parts) >= 2 and parts[0] in ("play", "lay", "buy", "discard"):
        rest = parts[1:]
        number = None
        if rest and rest[0].isdigit():
            number, rest = rest[0], rest[1:]
        elif rest and rest[-1].isdigit():
            number, rest = rest[-1], rest[:-1]
        trade = bool(rest) and rest[-1] == "trade"
        if trade:
            rest = rest[:-1]
        wanted = " ".join(rest)
        for i in range(len(cards.names)):
            if wanted == ROLE_IDS[i] or wanted in spoken_names(cards, i):
                text = f"{parts[0]} {ROLE_IDS[i]}"
                if i == ROAD and parts[0] == "play" and number is not None:
                    text += f" {number}"
                return text + (" trade" if trade else "")
    return None


def bare_card(obs: Mapping[str, Any], words: str, cards: CardData) -> str | None:
    """A card of the hand named alone, as the move a click on it makes: in the main phase
    "play" (a Road: all of the hand's Roads together; a Sea or a Desert, which have no
    effect: "lay"), under a Knight (Offensive) "discard" (a card not in the hand too: the
    refusal then says so); None for anything else."""
    viewer = obs.get("player")
    if not isinstance(viewer, int) or viewer not in obs["to_move"] or obs.get("phase") not in ("main", "discard"):
        return None
    hand = obs["players"][viewer].get("hand") or {}
    for i in range(len(cards.names)):
        card = ROLE_IDS[i]
        if words != card and words not in spoken_names(cards, i):
            continue
        if obs["phase"] == "discard":
            return f"discard {card}"
        if card in ("sea", "desert"):
            return f"lay {card}"
        return f"play road {max(1, hand.get(card, 0))}" if i == ROAD else f"play {card}"
    return None


def _plain(text: str) -> str:
    return " ".join(text.lower().replace("(", " ").replace(")", " ").split())


def translated_names(cards: CardData, card: int) -> set[str]:
    """A card's name in civtable's other languages, lower case, without brackets."""
    from civtable.i18n import LANGUAGES, translator

    return {_plain(name(card, cards, translator(code))) for code in LANGUAGES if code != "en"}


def spoken_names(cards: CardData, card: int) -> set[str]:
    """The ways a person may type a card's name: its English name (with a plural) and its
    name in every language civtable speaks, lower case, without brackets."""
    english = _plain(cards.names[card])
    return {english, english + "s", english.replace("y", "ies")} | translated_names(cards, card)
