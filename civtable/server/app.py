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
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, StreamingResponse
from fastapi.staticfiles import StaticFiles
from fastapi.templating import Jinja2Templates
from pydantic import BaseModel, Field
from starlette.middleware.base import BaseHTTPMiddleware, RequestResponseEndpoint
from starlette.responses import Response

from civtable import __version__
from civtable.agents import agent_names, make_agent, parse_spec
from civtable.core.errors import CivtableError
from civtable.core.records import RecordError, check_file_options, parse_record
from civtable.core.registry import game_class, game_ids
from civtable.core.rng import derive_seed
from civtable.i18n import LANGUAGES, Translator, error_text, from_accept_language, known, translator
from civtable.sim.runner import load_game_for

from .live import Games, LiveGame, ServerError
from .replays import Replays
from .store import SeatSpec, Store
from .views import local_name, position_view, seats_view

HERE = Path(__file__).parent
MAX_BODY = 2 << 20  # bytes: a record upload is the largest request
KINDS = ("human", "invite", "bot")
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
LOCAL_ONLY = ("cmd", "rules")
"""Bots that start a process or read a file named in their spec: never on the server."""


class SeatIn(BaseModel):
    kind: str = Field(max_length=16)
    bot: str | None = Field(default=None, max_length=200)
    name: str | None = Field(default=None, max_length=40)


class CreateIn(BaseModel):
    game: str = Field(max_length=64)
    options: dict[str, str | int | None] = Field(default_factory=dict, max_length=80)
    seats: list[SeatIn] = Field(min_length=1, max_length=18)
    clock: int | None = Field(default=None, ge=1, le=60 * 60 * 24 * 30)
    takeover: str | None = Field(default=None, max_length=200)
    seed: int | None = Field(default=None, ge=0, lt=2**64)


class ActIn(BaseModel):
    action: str = Field(max_length=2000)
    state: int | None = Field(default=None, ge=0)


class ReplayIn(BaseModel):
    record: str = Field(max_length=MAX_BODY)


class BodyLimit(BaseHTTPMiddleware):
    async def dispatch(self, request: Request, call_next: RequestResponseEndpoint) -> Response:
        length = request.headers.get("content-length")
        if length is not None and (not length.isdigit() or int(length) > MAX_BODY):
            return JSONResponse({"error": f"a request body may have at most {MAX_BODY >> 20} MB"}, 413)
        return await call_next(request)


def create_app(db: str = "sqlite:///civtable.db", clock_check: float = 5.0, local_bots: bool = False) -> FastAPI:
    """The server on database ``db``. ``local_bots``: bot seats may also be ``cmd:``
    programs and ``rules:`` files of this machine (``civtable serve --local-bots``, for
    an operator who trusts everyone who can reach the server)."""
    store = Store(db)
    games = Games(store, clock_check=clock_check)
    replays = Replays(store)
    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        yield
        games.close()

    app = FastAPI(title="civtable", version=__version__, docs_url="/api/docs", redoc_url=None, lifespan=lifespan)
    app.state.games = games
    app.add_middleware(BodyLimit)
    app.mount("/static", StaticFiles(directory=HERE / "static"), name="static")
    pages = Jinja2Templates(directory=HERE / "templates")

    def page(request: Request, template: str, context: dict[str, Any]) -> Response:
        """A page in the browser's language, with the language menu and the scripts' words."""
        tr = language(request)
        here = request.url.path + (f"?{request.url.query}" if request.url.query else "")
        return pages.TemplateResponse(request, template, {
            **context, "_": tr.gettext, "tr": tr, "lang": tr.code, "languages": LANGUAGES,
            "here": quote(here, safe="/?=&"), "i18n": script_catalog(tr)})

    @app.exception_handler(ServerError)
    async def server_error(request: Request, e: ServerError) -> JSONResponse:
        return JSONResponse({"error": error_text(e, language(request))}, e.status)

    @app.exception_handler(CivtableError)
    async def civtable_error(request: Request, e: CivtableError) -> JSONResponse:
        return JSONResponse({"error": error_text(e, language(request))}, 422)

    @app.exception_handler(RequestValidationError)
    async def bad_request(request: Request, e: RequestValidationError) -> JSONResponse:
        first = e.errors()[0] if e.errors() else {}
        where = ".".join(str(x) for x in first.get("loc", ()) if x != "body") or "the request"
        return JSONResponse({"error": f"{where}: {first.get('msg', 'is not valid')}"[:300]}, 422)

    @app.exception_handler(Exception)
    async def failure(request: Request, e: Exception) -> JSONResponse:
        return JSONResponse({"error": "the server failed on this request; the game is unchanged"}, 500)

    # ------------------------------------------------------------ pages
    @app.get("/", response_class=HTMLResponse)
    def lobby(request: Request) -> Response:
        return page(request, "lobby.html", {"version": __version__})

    @app.get("/play/{gid}", response_class=HTMLResponse)
    def play_page(request: Request, gid: str) -> Response:
        live = games.get(gid)
        return page(request, "game.html", {"gid": live.id, "name": live.game.name, "mode": "play"})

    @app.get("/replay/{gid}", response_class=HTMLResponse)
    def replay_page(request: Request, gid: str) -> Response:
        replays.get(gid)
        return page(request, "game.html", {"gid": gid, "name": language(request).t("Replay"), "mode": "replay"})

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
                        "bots": [b for b in agent_names(cls()) if b not in LOCAL_ONLY],
                        "options": [{"name": s.name, "default": s.default, "choices": [str(c) for c in s.choices],
                                     "help": tr.gettext(str(tr.localize(s.help))), "variant": s.variant,
                                     "rule": s.rule}
                                    for s in cls.option_specs if s.name != "players" and not s.file]})
        return {"games": out, "version": __version__, "lang": tr.code}

    @app.get("/api/games")
    def list_games(status: str | None = None) -> dict[str, Any]:
        rows = store.games(status if status in ("playing", "over", "replay") else None)
        return {"games": [{"id": r.id, "game": r.game, "status": r.status, "created": r.created,
                           "updated": r.updated, "seats": [s.name for s in store.seats(r.id)]} for r in rows]}

    @app.post("/api/games")
    def create(body: CreateIn) -> dict[str, Any]:
        seats = []
        for i, s in enumerate(body.seats):
            if s.kind not in KINDS:
                raise ServerError(f"seat {i}: kind must be human, invite or bot, not {s.kind[:20]!r}")
            seats.append(s)
        options = {k: v for k, v in body.options.items() if v is not None and k != "players"}
        cls = game_class(body.game)
        try:
            check_file_options(cls, options, (), "the new game")
        except CivtableError as e:  # a data set's name is fine; a file is not
            raise ServerError(str(e), 422) from None
        game = load_game_for(body.game, options, len(seats))
        own = sorted(game.bots())
        takeover = body.takeover or ("greedy" if "greedy" in own else own[0] if own else "random")
        for spec in [s.bot or "" for s in seats if s.kind == "bot"] + [takeover]:
            if not spec or parse_spec(spec)[0] == "human":
                raise ServerError(f"{spec[:40]!r} is not a bot that can play on the server")
            if parse_spec(spec)[0] in LOCAL_ONLY and not local_bots:
                raise ServerError(f"{parse_spec(spec)[0]!r} bots run a command or read a file of this machine: "
                                  "they play on the server only when it was started with --local-bots")
            make_agent(spec, game)
        seed = body.seed if body.seed is not None else secrets.randbits(63)
        specs = [SeatSpec(s.kind, s.bot if s.kind == "bot" else None, _seat_name(i, s)) for i, s in enumerate(seats)]
        gid, tokens = store.create_game(game.id, dict(game.options), seed, specs, body.clock, takeover)
        games.get(gid)
        return {"id": gid, "links": {str(i): f"/play/{gid}#t={t}" for i, t in tokens.items()},
                "spectate": f"/play/{gid}"}

    # ------------------------------------------------------------ play API
    def seat_of(live: LiveGame, token: str | None) -> int | None:
        if not token:
            return None
        row = store.seat_by_token(token)
        if row is None or row.game_id != live.id:
            raise ServerError("this token is not a seat of this game", 403)
        games.seen(live, row.seat)
        return row.seat

    @app.get("/api/games/{gid}/view")
    def view(request: Request, gid: str, since: int = 0, x_token: str | None = Header(default=None)) -> dict[str, Any]:
        tr = language(request)
        live = games.get(gid)
        with live.lock:
            seat = seat_of(live, x_token)
            out = position_view(live.game, live.state, seat, live.names(), max(0, since), tr)
            out.update({"id": live.id, "game": live.game.id, "name": live.game.name, "state": live.ply,
                        "status": live.row.status, "clock": live.row.clock, "last_move": live.last,
                        "seats": seats_view(live.seats, out["to_move"], tr), "lang": tr.code})
        return out

    @app.post("/api/games/{gid}/act")
    def act(gid: str, body: ActIn, x_token: str | None = Header(default=None)) -> dict[str, Any]:
        live = games.get(gid)
        seat = seat_of(live, x_token)
        if seat is None:
            raise ServerError("only a seat's token can act; spectators watch", 403)
        games.act(live, seat, body.action, body.state)
        return {"ok": True, "state": live.ply}

    @app.get("/api/games/{gid}/stream")
    async def stream(gid: str, request: Request) -> StreamingResponse:
        live = games.get(gid)

        async def changes() -> AsyncIterator[str]:
            ev = games.hub.subscribe(live.id)
            try:
                yield f"data: {live.ply}\n\n"
                while not await request.is_disconnected():
                    try:
                        await asyncio.wait_for(ev.wait(), 15)
                    except TimeoutError:
                        yield ": keep-alive\n\n"
                        continue
                    ev.clear()
                    yield f"data: {live.ply}\n\n"
            finally:
                games.hub.unsubscribe(live.id, ev)

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
    def upload(body: ReplayIn) -> dict[str, Any]:
        try:
            record = parse_record(body.record, "the uploaded record")
            record.replay()
        except RecordError as e:
            raise ServerError(str(e), 422) from None
        seats = [SeatSpec("bot", None, f"player {i} ({p})") for i, p in enumerate(record.players)]
        gid, _ = store.create_game(record.game, record.options, record.seed or 0, seats, None, "random",
                                   moves=record.moves)
        return {"id": gid, "link": f"/replay/{gid}"}

    return app


def _seat_name(i: int, s: SeatIn) -> str:
    if s.name:
        return f"{s.name.strip()[:40]}"
    return f"player {i} ({s.bot})" if s.kind == "bot" else f"player {i}"


__all__ = ["create_app", "derive_seed"]
