"""The trade table of Mega Civilization's page (MC-7, issue 27): every player's public
offer in one table (the two shown cards, the names the hidden cards are declared as and
how many there are), who answered how, the deals closed this turn, and the viewer's own
hand beside it, its cards to click to build an offer card by card.

Built from the viewer's observation only: another player's hidden cards are never in
it (only their owner's observation names them). What the viewer clicks carries
``data-target``: a card of his hand (``card:<id>``: the first shown card, then the
second; a hidden card to add), a counter-offer's row (``counter:<seat>``: accept it),
and the table's own buttons (``deal:post``, ``deal:pass``, ``deal:decline``,
``deal:reject``), drawn only when the viewer decides in the trade.
"""

from __future__ import annotations

from collections import Counter
from html import escape
from typing import TYPE_CHECKING, Any

from civtable.i18n import NP_, Translator

from .markup import tag

if TYPE_CHECKING:
    from .web import Page

BUTTONS = {
    "post": NP_("trade button", "post this offer"),
    "pass": NP_("trade button", "make no offer"),
    "decline": NP_("trade button", "decline the offer"),
    "reject": NP_("trade button", "reject every counter-offer"),
}
"""The words of the table's buttons (``deal:<kind>``)."""


class TradeTable:
    """The trade zone of one observation: the table of offers and the viewer's hand."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.obs = page.obs
        self.tr: Translator = page.tr
        self.deal: dict[str, Any] | None = page.obs["deal"]
        self.viewer = page.viewer
        self.deciding = self.viewer is not None and self.viewer in page.obs["to_move"] and page.obs["step"] == "trade"

    def html(self) -> str:
        """The table and the hand side by side (the hand only for a seat)."""
        hand = self.page.hand(offered=self.mine()) if self.viewer is not None else ""
        return tag("div", self.table() + hand, "mc-trade-zone")

    def mine(self) -> Counter[str]:
        """The viewer's cards already in his offer or counter-offer (still in his hand until the exchange)."""
        side = self.side_of(self.viewer) if self.viewer is not None else None
        if side is None:
            return Counter()
        return Counter(side["shown"] + side.get("hidden", []))

    def side_of(self, seat: int | None) -> dict[str, Any] | None:
        deal = self.deal
        if deal is None or seat is None:
            return None
        if seat == deal["from"]:
            return deal
        side: dict[str, Any] | None = deal["counters"].get(str(seat))
        return side

    # ------------------------------------------------------------ the table
    def table(self) -> str:
        tr, obs = self.tr, self.obs
        heads = (tr.pt("trade table", "player"), tr.pt("trade table", "cards"), tr.pt("trade table", "shown"),
                 tr.pt("trade table", "hidden, declared as"), tr.pt("trade table", "answer"))
        rows = [tag("tr", "".join(tag("th", escape(h)) for h in heads))]
        for seat in obs["ast_order"]:
            rows.append(self.row(seat))
        title = tr.t("Trade, round {round} of {rounds}", round=obs["trade_round"] + 1,
                     rounds=self.page.game.options["trade-rounds"])
        body = (tag("h4", escape(title)) + tag("p", escape(self.explain()), "mc-trade-help")
                + tag("table", "".join(rows), "mc-offers") + self.buttons() + self.closed())
        return tag("div", body, "zone mc-trade")

    def row(self, seat: int) -> str:
        tr, deal = self.tr, self.deal
        page = self.page
        p = page.players[seat]
        you = " " + tr.t("(you)") if seat == self.viewer else ""
        who = page.swatch(seat) + escape(f"{seat} {page.civ(seat)}{you}")
        side = self.side_of(seat)
        shown = hidden = answer = ""
        target = None
        if side is not None:
            shown = "".join(self.chip(c) for c in side["shown"])
            hidden = self.hidden(side)
            building = deal is not None and deal["building"] == seat
            if deal is not None and seat == deal["from"]:
                answer = tr.t("offers (being built)") if building else tr.t("offers")
            else:
                answer = tr.t("counter-offer (being built)") if building else tr.t("counter-offer")
                if deal is not None and deal["stage"] == "accept" and not building:
                    target = f"counter:{seat}"
                    if self.deciding:
                        answer = tr.t("counter-offer: click to accept")
        elif deal is not None and seat in deal["declined"]:
            answer = tr.t("declined")
        elif seat in self.obs["to_move"] and self.obs["step"] == "trade":
            answer = tr.t("answering now") if deal is not None else tr.t("to offer now")
        cls = "mc-me" if seat == self.viewer else ""
        cells = [who, str(p["hand_size"]), shown, hidden, escape(answer)]
        return tag("tr", "".join(tag("td", c) for c in cells), cls, data_target=target,
                   data_label=tr.t("the counter-offer of {who}", who=page.who(seat)) if target else None)

    def chip(self, card_id: str, note: str = "") -> str:
        """A small card: its name in its stack's colour."""
        c = self.page.cat.cards[self.page.cat.card_index[card_id]]
        name = self.page.w.card(card_id, self.tr)
        return tag("span", escape(name + note), f"mc-chip mc-stack-{c.stack}",
                   title=self.tr.t("stack {n} · value {value}", n=c.stack, value=c.face_value))

    def hidden(self, side: dict[str, Any]) -> str:
        """The hidden cards: their count and declared names (to their owner, what they are)."""
        tr = self.tr
        k = side["hidden_count"]
        if not k:
            return escape(tr.t("none yet"))
        names = "".join(self.chip(d) for d in side["declared"])
        text = tag("b", escape(tr.nt("{n} hidden", "{n} hidden", k))) + " " + names
        own = side.get("hidden")
        if own:
            text += tag("div", escape(tr.t("(yours: {cards})", cards=", ".join(self.page.w.card(c, tr) for c in own))),
                        "mc-own")
        return text

    def explain(self) -> str:
        """What the viewer can do now, in one sentence."""
        tr, deal = self.tr, self.deal
        if not self.deciding:
            return tr.t("The players offer one after another at least three cards: two shown, the rest hidden, each "
                        "hidden card declared as any commodity, true or not (MC-7.2 to MC-7.4).")
        if deal is None:
            return tr.t("Your offer: click the two cards of your hand to show, then each card to hide and the name "
                        "to declare it as; or make no offer.")
        if deal["building"] == self.viewer:
            return tr.t("Click another card of your hand to hide it and choose the name it is declared as, or post "
                        "the offer (three cards or more).")
        if deal["stage"] == "counter":
            return tr.t("Answer the offer: click two cards of your hand to show in a counter-offer, or decline.")
        return tr.t("Accept one counter-offer by clicking its row, or reject them all.")

    def buttons(self) -> str:
        """The table's own buttons for the step the viewer decides."""
        if not self.deciding:
            return ""
        deal = self.deal
        if deal is None:
            kinds = ["pass"]
        elif deal["building"] == self.viewer:
            kinds = ["post"]  # clickable once the legal actions hold 'post' (three cards or more)
        elif deal["stage"] == "counter":
            kinds = ["decline"]
        else:
            kinds = ["reject"]
        tr = self.tr
        words = {k: tr.pgettext("trade button", BUTTONS[k]) for k in kinds}
        out = "".join(tag("button", escape(words[k]), f"mc-trade-button mc-{k}", type="button", data_target=f"deal:{k}",
                          data_label=words[k]) for k in kinds)
        return tag("div", out, "mc-trade-buttons") if out else ""

    def closed(self) -> str:
        """MC-7.5: this turn's closed deals, for everybody: who traded with whom, how many cards."""
        tr = self.tr
        lines = [tag("li", escape(tr.t("{a} and {b}: {gave} cards for {got}", a=self.page.who(t["proposer"]),
                                       b=self.page.who(t["responder"]), gave=t["gave"], got=t["got"])))
                 for t in self.obs["trades"]]
        if not lines:
            return ""
        return tag("div", tag("h5", escape(tr.t("Deals closed this turn"))) + tag("ul", "".join(lines)), "mc-closed")


TRADE_CSS = """
.mc .mc-trade-zone { display: grid; grid-template-columns: minmax(0, 3fr) minmax(0, 2fr); gap: .4rem; align-items: start; }
.mc .mc-trade-zone .zone { margin: 0; }
.mc table.mc-offers { border-collapse: collapse; width: 100%; font-size: .85rem; }
.mc table.mc-offers th { text-align: left; color: #656d76; font-weight: 600; padding: .15rem .3rem; }
.mc table.mc-offers td { padding: .2rem .3rem; border-top: 1px solid #eaeef2; vertical-align: top; }
.mc table.mc-offers tr.actionable { outline: 2px solid #4ac26b; cursor: pointer; }
.mc table.mc-offers tr.actionable:hover { background: #dafbe1; }
.mc .mc-chip { display: inline-block; font-size: .75rem; border: 1px solid #8c959f; border-radius: 4px;
               padding: 0 .3rem; margin: 1px; background: #fff; }
.mc .mc-chip.mc-stack-1 { background: #fff8c5; } .mc .mc-chip.mc-stack-2 { background: #ddf4ff; }
.mc .mc-chip.mc-stack-3 { background: #dafbe1; } .mc .mc-chip.mc-stack-4 { background: #fbefff; }
.mc .mc-chip.mc-stack-5 { background: #ffebe9; } .mc .mc-chip.mc-stack-6 { background: #fff1e5; }
.mc .mc-chip.mc-stack-7 { background: #eaeef2; } .mc .mc-chip.mc-stack-8 { background: #d8b9ff; }
.mc .mc-chip.mc-stack-9 { background: #ffd8b5; }
.mc .mc-own { font-size: .75rem; color: #656d76; }
.mc .mc-trade-help { color: #1a7f37; font-weight: 600; }
.mc .mc-trade-buttons { margin: .4rem 0; display: flex; gap: .4rem; }
.mc .mc-trade-button { border: 1px solid #8c959f; border-radius: 6px; background: #f6f8fa; padding: .25rem .7rem;
                       font: inherit; }
.mc .mc-trade-button.actionable { background: #dafbe1; }
.mc .mc-closed ul { margin: .2rem 0; padding-left: 1.1rem; }
.mc .card .mc-in-offer { color: #0969da; font-weight: 600; }
@media (max-width: 1100px) { .mc .mc-trade-zone { grid-template-columns: 1fr; } }
"""
