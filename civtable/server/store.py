"""The server's database: games, seats and moves (SQLAlchemy; SQLite by default,
any SQLAlchemy URL such as PostgreSQL by option).

A game is its record: the game id, options, seed and seats, and one row per move,
numbered by ply. A move row is inserted (and committed) before the move is
acknowledged; the pair (game, ply) is unique, so of two requests against the same
position only one can ever be stored. Every credential (a seat's token, an invitation,
the creator's host key) is stored as a SHA-256 hash only.

An invitation is claimed once: the first claim sets the seat's token and clears the
invitation in one conditional update, so of two browsers racing for one link exactly
one gets the seat. One server writes to a database at a time (``Store.lock``): a
second one is refused at start.
"""

from __future__ import annotations

import hashlib
import secrets
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from sqlalchemy import (
    JSON,
    ForeignKey,
    Integer,
    String,
    UniqueConstraint,
    create_engine,
    event,
    func,
    inspect,
    select,
    text,
    update,
)
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column, sessionmaker


class Base(DeclarativeBase):
    pass


class GameRow(Base):
    __tablename__ = "games"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(64))
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    seed: Mapped[str] = mapped_column(String(24))  # up to 2**64: more than a signed SQL integer holds
    clock: Mapped[int | None] = mapped_column(Integer, nullable=True)  # seconds per move, or none
    takeover: Mapped[str] = mapped_column(String(200), default="greedy")
    created: Mapped[float] = mapped_column()
    updated: Mapped[float] = mapped_column()
    status: Mapped[str] = mapped_column(String(16), default="playing")  # playing, over, replay
    result: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    host_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)  # the creator's key: invitations
    practice: Mapped[bool] = mapped_column(default=False)  # its seed was chosen by the creator


class OfAGame:
    """The first columns of a row that belongs to a game (a seat, a move): its own id and
    the game's."""

    id: Mapped[int] = mapped_column(primary_key=True, autoincrement=True, sort_order=-2)
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"), index=True, sort_order=-1)


class SeatRow(OfAGame, Base):
    __tablename__ = "seats"
    __table_args__ = (UniqueConstraint("game_id", "seat"),)

    seat: Mapped[int] = mapped_column(Integer)
    kind: Mapped[str] = mapped_column(String(16))  # human, invite, bot
    bot: Mapped[str | None] = mapped_column(String(200), nullable=True)
    name: Mapped[str] = mapped_column(String(64))
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True, unique=True)
    invite_hash: Mapped[str | None] = mapped_column(String(64), nullable=True, unique=True)
    joined: Mapped[bool] = mapped_column(default=False)
    away: Mapped[bool] = mapped_column(default=False)  # a bot plays for the player until he is back
    seen: Mapped[float] = mapped_column(default=0.0)


class MoveRow(OfAGame, Base):
    __tablename__ = "moves"
    __table_args__ = (UniqueConstraint("game_id", "ply"),)

    ply: Mapped[int] = mapped_column(Integer)
    seat: Mapped[int] = mapped_column(Integer)
    action: Mapped[str] = mapped_column(String(2000))
    by: Mapped[str] = mapped_column(String(16), default="player")  # player, bot, takeover
    said: Mapped[str | None] = mapped_column(String(400), nullable=True)  # a bot's public message with the move
    created: Mapped[float] = mapped_column()


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


def new_token() -> str:
    return secrets.token_urlsafe(24)


def new_id() -> str:
    return secrets.token_urlsafe(9).replace("-", "x").replace("_", "y")


@dataclass(frozen=True)
class SeatSpec:
    kind: str  # human, invite, bot
    bot: str | None
    name: str


class StaleMove(Exception):
    """Another move was stored for this ply first."""


class Busy(Exception):
    """Another server holds the database."""


COLUMNS = {"games": {"host_hash": "VARCHAR(64)", "practice": "BOOLEAN NOT NULL DEFAULT FALSE"},
           "seats": {"invite_hash": "VARCHAR(64)"}, "moves": {"said": "VARCHAR(400)"}}
"""Columns added since the first version of the schema: a database made by an older
civtable gets them at start (``Store.upgrade``)."""

LOCK_KEY = 0x63697674  # PostgreSQL's advisory lock of civtable's server ("civt")


@dataclass(frozen=True)
class Created:
    """A new game: its id, each person's seat token, each invited seat's invitation,
    and the creator's host key (to see the invitations and issue new ones)."""

    id: str
    tokens: dict[int, str]
    invites: dict[int, str]
    host: str


class Store:
    """The database behind the server."""

    def __init__(self, url: str) -> None:
        self.url = url
        args: dict[str, Any] = {}
        if url.startswith("sqlite"):
            args["connect_args"] = {"check_same_thread": False, "timeout": 30}
        self.engine: Engine = create_engine(url, **args)
        if url.startswith("sqlite"):
            event.listen(self.engine, "connect", _sqlite_pragmas)
        self.holder: Any = None
        Base.metadata.create_all(self.engine)
        self.upgrade()
        self.sessions = sessionmaker(self.engine, expire_on_commit=False)

    def upgrade(self) -> None:
        """Add the columns a database made by an older civtable lacks."""
        found = inspect(self.engine)
        with self.engine.begin() as conn:
            for table, columns in COLUMNS.items():
                have = {c["name"] for c in found.get_columns(table)}
                for name, kind in columns.items():
                    if name not in have:
                        conn.execute(text(f"ALTER TABLE {table} ADD COLUMN {name} {kind}"))

    # ------------------------------------------------------------ one writer
    def lock(self) -> None:
        """Take the database for this server, or raise ``Busy``: another server on the
        same SQLite file or PostgreSQL database would keep its own copy of every game
        in memory and refuse the other's moves. SQLite: an exclusive ``flock`` on
        ``FILE.lock`` beside the database; PostgreSQL: a session advisory lock on a
        connection held open. Both end with the process, ``kill -9`` included."""
        database = self.engine.url.database
        if self.engine.dialect.name == "sqlite":
            if not database or database == ":memory:":
                return
            import fcntl

            holder = open(f"{database}.lock", "a+")  # noqa: SIM115 (held for the server's life)
            try:
                fcntl.flock(holder.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError:
                holder.close()
                raise Busy(database) from None
            self.holder = holder
        elif self.engine.dialect.name == "postgresql":
            conn = self.engine.connect()
            if not conn.execute(text("SELECT pg_try_advisory_lock(:k)"), {"k": LOCK_KEY}).scalar():
                conn.close()
                raise Busy(database or self.url) from None
            conn.commit()
            self.holder = conn

    def unlock(self) -> None:
        holder, self.holder = self.holder, None
        if holder is not None:
            holder.close()

    def close(self) -> None:
        self.unlock()
        self.engine.dispose()

    @contextmanager
    def session(self) -> Iterator[Session]:
        with self.sessions() as s, s.begin():
            yield s

    # ------------------------------------------------------------ games
    def create_game(self, game: str, options: dict[str, Any], seed: int, seats: list[SeatSpec],
                    clock: int | None, takeover: str, moves: list[tuple[int, str]] | None = None,
                    practice: bool = False) -> Created:
        """A new game: a token for every seat of the creator (``human``), an invitation
        for every invited seat, and the creator's host key. With ``moves``, a replay of
        a finished record (status 'replay', no credential)."""
        gid = new_id()
        now = time.time()
        tokens: dict[int, str] = {}
        invites: dict[int, str] = {}
        host = new_token()
        with self.session() as s:
            s.add(GameRow(id=gid, game=game, options=options, seed=str(seed), clock=clock, takeover=takeover,
                          created=now, updated=now, status="playing" if moves is None else "replay",
                          host_hash=hash_token(host) if moves is None else None, practice=practice))
            s.flush()
            for i, spec in enumerate(seats):
                if moves is None and spec.kind == "human":
                    tokens[i] = new_token()
                elif moves is None and spec.kind == "invite":
                    invites[i] = new_token()
                s.add(SeatRow(game_id=gid, seat=i, kind=spec.kind, bot=spec.bot, name=spec.name[:64],
                              token_hash=hash_token(tokens[i]) if i in tokens else None,
                              invite_hash=hash_token(invites[i]) if i in invites else None,
                              joined=spec.kind == "human" or moves is not None, seen=now))
            for ply, (seat, action) in enumerate(moves or (), 1):
                s.add(MoveRow(game_id=gid, ply=ply, seat=seat, action=action, by="player", created=now))
        return Created(gid, tokens, invites, host if moves is None else "")

    # ------------------------------------------------------------ invitations
    def claim(self, gid: str, invite: str) -> tuple[int, str] | None:
        """The seat of invitation ``invite`` and its new token, or None when there is no
        such invitation (never issued, already claimed, or replaced by a new link). The
        seat's token is set and the invitation cleared in one conditional update: of two
        claims of one link exactly one succeeds."""
        if not invite or len(invite) > 200:
            return None
        digest = hash_token(invite)
        token = new_token()
        with self.session() as s:
            row = s.scalars(select(SeatRow).where(SeatRow.game_id == gid, SeatRow.invite_hash == digest)).first()
            if row is None:
                return None
            done = s.execute(update(SeatRow).where(SeatRow.id == row.id, SeatRow.invite_hash == digest,
                                                   SeatRow.token_hash.is_(None))
                             .values(token_hash=hash_token(token), invite_hash=None, joined=True,
                                     seen=time.time()))
            if done.rowcount != 1:  # type: ignore[attr-defined]
                return None
            return row.seat, token

    def reinvite(self, gid: str, seat: int) -> str | None:
        """A new invitation for an invited seat nobody has claimed (the old one stops
        working); None when the seat is claimed or not an invited seat."""
        invite = new_token()
        with self.session() as s:
            done = s.execute(update(SeatRow).where(SeatRow.game_id == gid, SeatRow.seat == seat,
                                                   SeatRow.kind == "invite", SeatRow.token_hash.is_(None))
                             .values(invite_hash=hash_token(invite)))
            return invite if done.rowcount == 1 else None  # type: ignore[attr-defined]

    def is_host(self, gid: str, host: str | None) -> bool:
        if not host or len(host) > 200:
            return False
        with self.session() as s:
            row = s.get(GameRow, gid)
            return row is not None and row.host_hash is not None and secrets.compare_digest(
                row.host_hash, hash_token(host))

    def playing(self) -> int:
        """How many games are being played (not over, not replays)."""
        with self.session() as s:
            return int(s.scalar(select(func.count()).select_from(GameRow).where(GameRow.status == "playing")) or 0)

    def due(self, now: float) -> list[str]:
        """Games being played whose clock has run out since their last move."""
        with self.session() as s:
            rows = s.execute(select(GameRow.id, GameRow.clock, GameRow.updated)
                             .where(GameRow.status == "playing", GameRow.clock.is_not(None)))
            return [gid for gid, clock, updated in rows if clock and now - updated >= clock]

    def game(self, gid: str) -> GameRow | None:
        with self.session() as s:
            return s.get(GameRow, gid)

    def games(self, status: str | None = None, limit: int = 200) -> list[GameRow]:
        with self.session() as s:
            q = select(GameRow).order_by(GameRow.updated.desc()).limit(limit)
            if status is not None:
                q = q.where(GameRow.status == status)
            return list(s.scalars(q))

    def seats(self, gid: str) -> list[SeatRow]:
        with self.session() as s:
            return list(s.scalars(select(SeatRow).where(SeatRow.game_id == gid).order_by(SeatRow.seat)))

    def seat_by_token(self, token: str) -> SeatRow | None:
        """The seat whose token this is (an invitation is not a token)."""
        if not token or len(token) > 200:
            return None
        with self.session() as s:
            return s.scalars(select(SeatRow).where(SeatRow.token_hash == hash_token(token))).first()

    def moves(self, gid: str) -> list[tuple[int, str]]:
        with self.session() as s:
            rows = s.scalars(select(MoveRow).where(MoveRow.game_id == gid).order_by(MoveRow.ply))
            return [(r.seat, r.action) for r in rows]

    def history(self, gid: str) -> list[tuple[int, str, str]]:
        """Every move of a game: (seat, action, who played it: player, bot or takeover)."""
        with self.session() as s:
            rows = s.scalars(select(MoveRow).where(MoveRow.game_id == gid).order_by(MoveRow.ply))
            return [(r.seat, r.action, r.by) for r in rows]

    def talk(self, gid: str) -> dict[int, tuple[int, str]]:
        """The public messages said with moves (a language model's words with a trade
        offer, ``Agent.talk``): ply -> (seat, text)."""
        with self.session() as s:
            rows = s.scalars(select(MoveRow).where(MoveRow.game_id == gid, MoveRow.said.is_not(None)))
            return {r.ply: (r.seat, r.said or "") for r in rows}

    def last_move_time(self, gid: str) -> float:
        with self.session() as s:
            row = s.scalars(select(MoveRow).where(MoveRow.game_id == gid).order_by(MoveRow.ply.desc())).first()
            if row is not None:
                return row.created
            game = s.get(GameRow, gid)
            return game.created if game is not None else time.time()

    # ------------------------------------------------------------ changes
    def add_move(self, gid: str, ply: int, seat: int, action: str, by: str,
                 result: dict[str, Any] | None = None, said: str | None = None) -> None:
        """Store the move of ``ply`` (committed on return); ``StaleMove`` if that ply is
        taken. The result of a finished game is stored in the same transaction."""
        now = time.time()
        try:
            with self.session() as s:
                s.add(MoveRow(game_id=gid, ply=ply, seat=seat, action=action, by=by, created=now, said=said))
                game = s.get(GameRow, gid)
                if game is not None:
                    game.updated = now
                    if result is not None:
                        game.status = "over"
                        game.result = result
        except IntegrityError:
            raise StaleMove(f"move {ply} of game {gid} was already played") from None

    def update_seat(self, gid: str, seat: int, **fields: Any) -> None:
        with self.session() as s:
            row = s.scalars(select(SeatRow).where(SeatRow.game_id == gid, SeatRow.seat == seat)).first()
            if row is not None:
                for k, v in fields.items():
                    setattr(row, k, v)


def _sqlite_pragmas(dbapi_connection: Any, record: Any) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=FULL")  # a committed move survives a crash
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()
