"""The server's database: games, seats and moves (SQLAlchemy; SQLite by default,
any SQLAlchemy URL such as PostgreSQL by option).

A game is its record: the game id, options, seed and seats, and one row per move,
numbered by ply. A move row is inserted (and committed) before the move is
acknowledged; the pair (game, ply) is unique, so of two requests against the same
position only one can ever be stored. Tokens are stored as SHA-256 hashes only.
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
    select,
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


class SeatRow(Base):
    __tablename__ = "seats"
    __table_args__ = (UniqueConstraint("game_id", "seat"),)

    id: Mapped[int] = mapped_column(primary_key=True, autoincrement=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"), index=True)
    seat: Mapped[int] = mapped_column(Integer)
    kind: Mapped[str] = mapped_column(String(16))  # human, invite, bot
    bot: Mapped[str | None] = mapped_column(String(200), nullable=True)
    name: Mapped[str] = mapped_column(String(64))
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True, unique=True)
    joined: Mapped[bool] = mapped_column(default=False)
    away: Mapped[bool] = mapped_column(default=False)  # a bot plays for the player until he is back
    seen: Mapped[float] = mapped_column(default=0.0)


class MoveRow(Base):
    __tablename__ = "moves"
    __table_args__ = (UniqueConstraint("game_id", "ply"),)

    id: Mapped[int] = mapped_column(primary_key=True, autoincrement=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"), index=True)
    ply: Mapped[int] = mapped_column(Integer)
    seat: Mapped[int] = mapped_column(Integer)
    action: Mapped[str] = mapped_column(String(2000))
    by: Mapped[str] = mapped_column(String(16), default="player")  # player, bot, takeover
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
        Base.metadata.create_all(self.engine)
        self.sessions = sessionmaker(self.engine, expire_on_commit=False)

    @contextmanager
    def session(self) -> Iterator[Session]:
        with self.sessions() as s, s.begin():
            yield s

    # ------------------------------------------------------------ games
    def create_game(self, game: str, options: dict[str, Any], seed: int, seats: list[SeatSpec],
                    clock: int | None, takeover: str, moves: list[tuple[int, str]] | None = None,
                    ) -> tuple[str, dict[int, str]]:
        """A new game; returns its id and the token of every human or invited seat. With
        ``moves``, a replay of a finished record (status 'replay', no tokens)."""
        gid = new_id()
        now = time.time()
        tokens: dict[int, str] = {}
        with self.session() as s:
            s.add(GameRow(id=gid, game=game, options=options, seed=str(seed), clock=clock, takeover=takeover,
                          created=now, updated=now, status="playing" if moves is None else "replay"))
            s.flush()
            for i, spec in enumerate(seats):
                if spec.kind != "bot" and moves is None:
                    tokens[i] = new_token()
                s.add(SeatRow(game_id=gid, seat=i, kind=spec.kind, bot=spec.bot, name=spec.name[:64],
                              token_hash=hash_token(tokens[i]) if i in tokens else None,
                              joined=spec.kind == "human" or moves is not None, seen=now))
            for ply, (seat, action) in enumerate(moves or (), 1):
                s.add(MoveRow(game_id=gid, ply=ply, seat=seat, action=action, by="player", created=now))
        return gid, tokens

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

    def last_move_time(self, gid: str) -> float:
        with self.session() as s:
            row = s.scalars(select(MoveRow).where(MoveRow.game_id == gid).order_by(MoveRow.ply.desc())).first()
            if row is not None:
                return row.created
            game = s.get(GameRow, gid)
            return game.created if game is not None else time.time()

    # ------------------------------------------------------------ changes
    def add_move(self, gid: str, ply: int, seat: int, action: str, by: str,
                 result: dict[str, Any] | None = None) -> None:
        """Store the move of ``ply`` (committed on return); ``StaleMove`` if that ply is
        taken. The result of a finished game is stored in the same transaction."""
        now = time.time()
        try:
            with self.session() as s:
                s.add(MoveRow(game_id=gid, ply=ply, seat=seat, action=action, by=by, created=now))
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
