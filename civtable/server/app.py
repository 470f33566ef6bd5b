"""The browser server (``civtable serve``): lobby, play, spectate, replay.

Every payload is built for one viewer (``views.py``); a seat acts only with its
secret token (sent in the ``X-Token`` header, kept by the page in the link's
fragment so that it never reaches a log); bad requests get an HTTP 4xx with one
sentence as JSON.

Every page and payload is in the browser's language: the choice made in the
language menu of every page (a cookie), else ``Accept-Language``, else English. Two
players of one game each read their own language; the scripts' words come with the
page (``<script id="i18n">``).
"""

from __future__ import annotations

import asyncio
import functools
import secrets
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any
from urllib.parse import quote

from fastapi import FastAPI, Header, Request
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, StreamingResponse
from fastapi.staticfiles import StaticFiles
from fastapi.templating import Jinja2Templates
from pydantic import BaseModel, ConfigDict, Field
from starlette.middleware.base import BaseHTTPMiddleware, RequestResponseEndpoint
from starlette.responses import Response

from civtable import __version__
from civtable.agents import agent_names, make_agent
from civtable.core.errors import CivtableError
from civtable.core.messages import N_
from civtable.core.records import RecordError, check_file_options, parse_record
from civtable.core.registry import game_class, game_ids
from civtable.core.rng import derive_seed
from civtable.i18n import LANGUAGES, Translator, from_accept_language, known, translator
from civtable.i18n.lazy import message
from civtable.sim.runner import load_game_for

from .errors import ServerError
from .errors import install as install_errors
from .limits import LOCAL_ONLY, Counter, Limits, RateLimit, server_spec
from .live import Games, LiveGame
from .replays import Replays
from .store import Busy, SeatSpec, Store
from .views import local_name, position_view, seats_view, shown_bot

HERE = Path(__file__).parent
MAX_BODY = 2 << 20  # bytes: a record upload is the largest request
KINDS = ("human", "invite", "bot")
MY_GAMES = 30  # the most games a lobby asks about at once ("My games")
LANG_COOKIE = "civtable_lang"


def language(request: Request) -> Translator:
    """The browser's language: its choice in the language menu (a cookie), else the
    best of ``Accept-Language`` that civtable speaks, else English."""
    code = known(request.cookies.get(LANG_COOKIE)) or from_accept_language(request.headers.get("accept-language"))
    return translator(code)


@functools.cache
def script_messages() -> tuple[str, ...]:
    """The messages of the pages' scripts (``_("...")`` in ``static/*.js``), sent with
    each page in its language."""
    from babel.messages.extract import extract

    found: list[str] = []
    for path in sorted((HERE / "static").glob("*.js")):
        with path.open("rb") as f:
            for _line, msg, _comments, _context in extract("javascript", f):
                text = msg if isinstance(msg, str) else msg[0]
                if text not in found:
                    found.append(text)
    return tuple(found)


def script_catalog(tr: Translator) -> dict[str, str]:
    return {m: tr.gettext(m) for m in script_messages()}
class SeatIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    kind: str = Field(max_length=16)
    bot: str | None = Field(default=None, max_length=200)
    name: str | None = Field(default=None, max_length=40)


class CreateIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    game: str = Field(max_length=64)
    options: dict[str, str | int | None] = Field(default_factory=dict, max_length=80)
    seats: list[SeatIn] = Field(min_length=1, max_length=18)
    clock: int | None = Field(default=None, ge=1, le=60 * 60 * 24 * 30)
    takeover: str | None = Field(default=None, max_length=200)
    seed: int | None = Field(default=None, ge=0, lt=2**64)
    practice: bool = False


class TableIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    game: str = Field(max_length=64)
    options: dict[str, str | int | None] = Field(default_factory=dict, max_length=80)
    players: int = Field(ge=1, le=18)


class ActIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    action: str = Field(max_length=2000)
    state: int | None = Field(default=None, ge=0)
    since: int | None = Field(default=None, ge=0)
    """The viewer's event cursor: when given, the answer carries the view after the move
    (as ``GET /view?since=`` would), so a move costs one request."""


class ClaimIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    invite: str = Field(max_length=200)


class MineIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    tokens: list[str] = Field(max_length=MY_GAMES)


class ReplayIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    record: str = Field(max_length=MAX_BODY)


class BodyLimit(BaseHTTPMiddleware):
    async def dispatch(self, request: Request, call_next: RequestResponseEndpoint) -> Response:
        length = request.headers.get("content-length")
        if length is not None and (not length.isdigit() or int(length) > MAX_BODY):
            return JSONResponse({"error": language(request).t("a request body may have at most {n} MB",
                                                              n=MAX_BODY >> 20)}, 413)
        return await call_next(request)


def client_of(request: Request) -> str:
    """The client's address (the peer of the connection: a proxy in front of the server
    makes every visitor one client, docs/server.md)."""
    return request.client.host if request.client is not None else "?"


def create_app(db: str = "sqlite:///civtable.db", clock_check: float = 5.0, local_bots: bool = False,
               limits: Limits | None = None) -> FastAPI:
    """The server on database ``db``. ``local_bots``: bot seats may also be ``cmd:``
    programs and ``rules:`` files of this machine (``civtable serve --local-bots``, for
    an operator who trusts everyone who can reach the server). ``limits``: the bounds of
    what visitors may ask (``limits.Limits``, the defaults of ``civtable serve``).

    One server writes to a database: a second one on the same SQLite file or
    PostgreSQL database raises ``ServerError`` here (``Store.lock``)."""
    limits = limits or Limits()
    store = Store(db)
    try:
        store.lock()
    except Busy:
        store.engine.dispose()
        raise ServerError(message(N_("another civtable server uses the database {db}: one server per database "
                                     "(stop the other, or give this one its own --db)"),
                                  db=db.split("@")[-1])) from None
    games = Games(store, limits, clock_check=clock_check)
    replays = Replays(store)
    creations = RateLimit(limits.creations_per_minute)
    streams = Counter(limits.streams_per_client, limits.max_streams)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        try:
            yield
        finally:
            games.close()
            store.close()

    app = FastAPI(title="civtable", version=__version__, docs_url="/api/docs", redoc_url=None, lifespan=lifespan)
    app.state.games = games
    app.state.store = store
    app.add_middleware(BodyLimit)
    app.mount("/static", StaticFiles(directory=HERE / "static"), name="static")
    pages = Jinja2Templates(directory=HERE / "templates")
    install_errors(app, language)

    def page(request: Request, template: str, context: dict[str, Any]) -> Response:
        """A page in the browser's language, with the language menu and the scripts' words."""
        tr = language(request)
        here = request.url.path + (f"?{request.url.query}" if request.url.query else "")
        return pages.TemplateResponse(request, template, {
            **context, "_": tr.gettext, "tr": tr, "lang": tr.code, "languages": LANGUAGES,
            "here": quote(here, safe="/?=&"), "i18n": script_catalog(tr)})

    def limit_creations(request: Request) -> None:
        if not creations.take(client_of(request)):
            raise ServerError(message(N_("too many games created from your address: at most {n} a minute"),
                                      n=limits.creations_per_minute), 429)

    # ------------------------------------------------------------ pages
    @app.get("/", response_class=HTMLResponse)
    def lobby(request: Request) -> Response:
        return page(request, "lobby.html", {"version": __version__})

    @app.get("/play/{gid}", response_class=HTMLResponse)
    def play_page(request: Request, gid: str) -> Response:
        live = games.get(gid)
        return page(request, "game.html", {"gid": live.id, "name": live.game.name, "mode": "play",
                                           "practice": live.row.practice})

    @app.get("/replay/{gid}", response_class=HTMLResponse)
    def replay_page(request: Request, gid: str) -> Response:
        replays.get(gid)
        return page(request, "game.html", {"gid": gid, "name": language(request).t("Replay"), "mode": "replay",
                                           "practice": False})

    @app.get("/lang/{code}")
    def choose_language(code: str, next: str = "/") -> Response:
        """The language menu: remember the choice in a cookie and go back to the page
        (only a path of this site: never a redirect elsewhere)."""
        target = next if next.startswith("/") and not next.startswith("//") and "\\" not in next else "/"
        response = RedirectResponse(target, status_code=303)
        chosen = known(code)
        if chosen is not None:
            response.set_cookie(LANG_COOKIE, chosen, max_age=365 * 24 * 3600, samesite="lax")
        return response

    # ------------------------------------------------------------ lobby API
    @app.get("/api/meta")
    def meta(request: Request) -> dict[str, Any]:
        tr = language(request)
        out = []
        for gid in game_ids():
            cls = game_class(gid)
            out.append({"id": gid, "name": cls.name, "min": cls.min_players, "max": cls.max_players,
                        "default": cls.info.default_players, "summary": tr.gettext(cls.info.summary),
                        "hidden": cls.info.hidden_information,
                        "bots": [b for b in agent_names(cls()) if b not in LOCAL_ONLY],
                        # an option with values offered chooses the table (the map, the length): shown first
                        "options": [{"name": s.name, "default": s.default,
                                     "choices": [str(c) for c in (s.offered or s.choices)], "table": bool(s.offered),
                                     "help": tr.gettext(str(tr.localize(s.help))), "variant": s.variant,
                                     "rule": s.rule}
                                    for s in cls.option_specs if s.name != "players" and (s.offered or not s.file)]})
        return {"games": out, "version": __version__, "lang": tr.code,
                "limits": {"bot_ms": limits.bot_ms, "bot_iterations": limits.bot_iterations}}

    @app.post("/api/table")
    def table(request: Request, body: TableIn) -> dict[str, Any]:
        """What each seat plays at this table (``Game.seat_labels``), or why the table cannot be set."""
        options = {k: v for k, v in body.options.items() if v is not None and k != "players"}
        try:
            check_file_options(game_class(body.game), options, (), "the new game")
            game = load_game_for(body.game, options, body.players)
        except CivtableError as e:
            raise ServerError(str(e), 422) from None
        labels = game.seat_labels(language(request))
        return {"seats": None if labels is None else list(labels)}

    @app.get("/api/games")
    def list_games(status: str | None = None) -> dict[str, Any]:
        rows = store.games(status if status in ("playing", "over", "replay") else None)
        return {"games": [{"id": r.id, "game": r.game, "status": r.status, "created": r.created,
                           "updated": r.updated, "practice": r.practice,
                           "seats": [s.name for s in store.seats(r.id)]} for r in rows]}

    @app.post("/api/games")
    def create(request: Request, body: CreateIn) -> dict[str, Any]:
        for i, s in enumerate(body.seats):
            if s.kind not in KINDS:
                raise ServerError(message(N_("seat {n}: kind must be human, invite or bot, not {kind}"), n=i,
                                          kind=repr(s.kind[:20])))
        options = {k: v for k, v in body.options.items() if v is not None and k != "players"}
        cls = game_class(body.game)
        try:
            check_file_options(cls, options, (), "the new game")
        except CivtableError as e:  # a data set's name is fine; a file is not
            raise ServerError(str(e), 422) from None
        game = load_game_for(body.game, options, len(body.seats))
        persons = sum(1 for s in body.seats if s.kind != "bot")
        practice = body.practice or body.seed is not None
        if practice and persons > 1 and game.info.hidden_information:
            raise ServerError(message(N_("a game of several people cannot have a chosen seed or be a practice game: "
                                         "a chosen seed lets its chooser work out the others' hidden cards")))
        if body.seed is not None and not body.practice:
            raise ServerError(message(N_("a chosen seed makes a practice game, whose cards its creator can work out: "
                                         "say so with practice: true")))
        own = sorted(game.bots())
        takeover = body.takeover or ("greedy" if "greedy" in own else own[0] if own else "random")
        seat_bots: dict[int, str] = {}
        for i, s in enumerate(body.seats):
            if s.kind == "bot":
                seat_bots[i] = server_spec(s.bot or "", game, limits, local_bots)
        takeover = server_spec(takeover, game, limits, local_bots)
        for spec in [*seat_bots.values(), takeover]:
            make_agent(spec, game)
        if store.playing() >= limits.max_games:
            raise ServerError(message(N_("this server holds its most games ({n}) in play: try again later"),
                                      n=limits.max_games), 503)
        limit_creations(request)
        seed = body.seed if body.seed is not None else secrets.randbits(63)
        specs = [SeatSpec(s.kind, seat_bots.get(i), seat_name(i, s)) for i, s in enumerate(body.seats)]
        made = store.create_game(game.id, dict(game.options), seed, specs, body.clock, takeover, practice=practice)
        games.get(made.id)
        return {"id": made.id, "links": {str(i): f"/play/{made.id}#t={t}" for i, t in made.tokens.items()},
                "invites": {str(i): f"/play/{made.id}#i={t}" for i, t in made.invites.items()},
                "host": made.host, "spectate": f"/play/{made.id}", "practice": practice}

    @app.post("/api/my-games")
    def my_games(request: Request, body: MineIn) -> dict[str, Any]:
        """The games of the seats whose tokens this browser holds (the lobby's "My games"):
        whose turn it is, and whether it is this seat's. Tokens that are no seat are left out."""
        tr = language(request)
        out = []
        for token in body.tokens:
            row = store.seat_by_token(token[:200]) if token else None
            if row is None:
                continue
            live = games.get(row.game_id)
            with live.lock:
                movers = [] if live.row.status != "playing" else list(live.state.to_move())
                names = [local_name(live.seats[p].name, tr) for p in movers]
            out.append({"id": live.id, "game": live.game.id, "name": live.game.name, "seat": row.seat,
                        "status": live.row.status, "your_turn": row.seat in movers, "to_move": names,
                        "updated": live.last})
        out.sort(key=lambda g: (not g["your_turn"], g["status"] != "playing", -g["updated"]))
        return {"games": out}

    # ------------------------------------------------------------ seats and invitations
    def seat_of(live: LiveGame, token: str | None) -> int | None:
        if not token:
            return None
        row = store.seat_by_token(token)
        if row is None or row.game_id != live.id:
            raise ServerError(message(N_("this token is not a seat of this game")), 403)
        games.seen(live, row.seat)
        return row.seat

    @app.post("/api/games/{gid}/claim")
    def claim(gid: str, body: ClaimIn) -> dict[str, Any]:
        """An invitation claimed by the browser that opened it: a fresh token for the seat;
        the invitation is worthless from then on."""
        live = games.get(gid)
        if live.row.status != "playing":
            raise ServerError(message(N_("the game is over")), 409)
        got = store.claim(live.id, body.invite)
        if got is None:
            raise ServerError(message(N_("this invitation has already been used or replaced: ask the game's "
                                         "creator for a new link, or watch the game")), 409)
        seat, token = got
        games.claimed(live.id, seat)
        return {"seat": seat, "token": token}

    def host_of(gid: str, host: str | None) -> LiveGame:
        live = games.get(gid)
        if not store.is_host(live.id, host):
            raise ServerError(message(N_("only the game's creator can see and renew its invitations")), 403)
        return live

    @app.get("/api/games/{gid}/invites")
    def invitations(request: Request, gid: str, x_host: str | None = Header(default=None)) -> dict[str, Any]:
        live = host_of(gid, x_host)
        tr = language(request)
        fresh = store.seats(live.id)
        return {"seats": [{"seat": s.seat, "name": local_name(s.name, tr),
                           "state": "joined" if s.joined else "waiting"} for s in fresh if s.kind == "invite"]}

    @app.post("/api/games/{gid}/invites/{seat}")
    def reinvite(gid: str, seat: int, x_host: str | None = Header(default=None)) -> dict[str, Any]:
        """A new link for an invited seat nobody has claimed; the old link stops working."""
        live = host_of(gid, x_host)
        if not 0 <= seat < len(live.seats) or live.seats[seat].kind != "invite":
            raise ServerError(message(N_("seat {n} is not an invited seat of this game"), n=seat), 422)
        invite = store.reinvite(live.id, seat)
        if invite is None:
            raise ServerError(message(N_("seat {n} has been claimed: its invitation cannot be renewed"), n=seat), 409)
        return {"seat": seat, "link": f"/play/{live.id}#i={invite}"}

    # ------------------------------------------------------------ play API
    @app.get("/api/games/{gid}/view")
    def view(request: Request, gid: str, since: int = 0, x_token: str | None = Header(default=None)) -> dict[str, Any]:
        live = games.get(gid)
        with live.lock:
            return seen_by(live, seat_of(live, x_token), since, language(request))

    @app.post("/api/games/{gid}/act")
    def act(request: Request, gid: str, body: ActIn, x_token: str | None = Header(default=None)) -> dict[str, Any]:
        live = games.get(gid)
        seat = seat_of(live, x_token)
        if seat is None:
            raise ServerError(message(N_("only a seat's token can act; spectators watch")), 403)
        games.act(live, seat, body.action, body.state)
        out: dict[str, Any] = {"ok": True, "state": live.ply}
        if body.since is not None:
            with live.lock:
                out["view"] = seen_by(live, seat, body.since, language(request))
        return out

    @app.get("/api/games/{gid}/stream")
    async def stream(gid: str, request: Request) -> StreamingResponse:
        live = games.get(gid)
        who = client_of(request)
        if not streams.enter(who):
            raise ServerError(message(N_("too many open game pages from your address")), 429)

        async def changes() -> AsyncIterator[str]:
            ev = games.hub.subscribe(live.id)
            try:
                yield f"data: {live.stamp}\n\n"
                while not await request.is_disconnected():
                    try:
                        await asyncio.wait_for(ev.wait(), 15)
                    except TimeoutError:
                        yield ": keep-alive\n\n"
                        continue
                    ev.clear()
                    current = games.live.get(live.id) or live
                    yield f"data: {current.stamp}\n\n"
            finally:
                games.hub.unsubscribe(live.id, ev)
                streams.leave(who)

        return StreamingResponse(changes(), media_type="text/event-stream",
                                 headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"})

    # ------------------------------------------------------------ replays
    @app.get("/api/replays/{gid}/view")
    def replay_view(request: Request, gid: str, ply: int = 0, seat: int | None = None) -> dict[str, Any]:
        tr = language(request)
        out = replays.view(gid, ply, seat)
        if not tr.english:  # the same position told again in the viewer's language
            state, _total = replays.state_at(replays.get(gid), ply)
            names = [s.name for s in store.seats(gid)]
            told = position_view(state.game, state, seat, names, tr=tr)
            out.update({k: told[k] for k in ("screen", "html", "help", "events")})
            out["seats"] = [{"seat": i, "name": local_name(n, tr)} for i, n in enumerate(names)]
        out["lang"] = tr.code
        return out

    @app.post("/api/replays")
    def upload(request: Request, body: ReplayIn) -> dict[str, Any]:
        try:
            record = parse_record(body.record, "the uploaded record")
            record.replay()
        except RecordError as e:
            raise ServerError(str(e), 422) from None
        limit_creations(request)
        seats = [SeatSpec("bot", None, f"player {i} ({shown_bot(p)})") for i, p in enumerate(record.players)]
        made = store.create_game(record.game, record.options, record.seed or 0, seats, None, "random",
                                 moves=record.moves)
        return {"id": made.id, "link": f"/replay/{made.id}"}

    return app


def seen_by(live: LiveGame, seat: int | None, since: int, tr: Translator) -> dict[str, Any]:
    """What ``seat`` (``None``: a spectator) sees of a live game now, with the events
    after its cursor ``since``: the answer of ``GET /view`` and of a move (call it under
    the game's lock)."""
    out = position_view(live.game, live.state, seat, live.names(), max(0, since), tr)
    out.update({"id": live.id, "game": live.game.id, "name": live.game.name, "state": live.ply,
                "status": live.row.status, "clock": live.row.clock, "last_move": live.last,
                "practice": live.row.practice, "stamp": live.stamp,
                "recent": recent_marks(live, seat),
                "seats": seats_view(live.seats, out["to_move"], tr), "lang": tr.code})
    return out


def recent_marks(live: LiveGame, seat: int | None) -> list[dict[str, Any]]:
    """The others' public moves since ``seat``'s last one (for a spectator: since the
    latest move of the seat that moved before the last mover; in a game of one seat,
    whose moves are all one run, the last move only) that act on something drawn."""
    since = live.moved.get(seat, 0) if seat is not None else 0
    if seat is None and len(live.seats) == 1:
        since = live.ply - 1
    elif seat is None and live.marks:
        last = live.marks[-1][1]
        since = max((p for p, s, _t in live.marks if s != last), default=0)
    return [{"seat": s, "target": t, "ply": p} for p, s, t in live.marks if p > since and s != seat]


def seat_name(i: int, s: SeatIn) -> str:
    if s.name:
        return f"{s.name.strip()[:40]}"
    return f"player {i} ({shown_bot(s.bot or '')})" if s.kind == "bot" else f"player {i}"


__all__ = ["create_app", "derive_seed"]
