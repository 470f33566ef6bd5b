"""One error shape for every refusal of the server: JSON ``{"error": "one sentence"}``
in the viewer's language, whatever raised it (a refusal of ours, a body that is not
JSON or not valid, an unknown route or method, a failure)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from civtable.core.errors import CivtableError
from civtable.core.messages import N_
from civtable.i18n import Translator, error_text

if TYPE_CHECKING:
    from fastapi import FastAPI, Request
    from fastapi.exceptions import RequestValidationError


class ServerError(CivtableError):
    """A request that cannot be carried out; ``status`` is its HTTP status. The message is
    a ``message(N_(...))`` (told in the viewer's language) or plain English."""

    def __init__(self, message: str, status: int = 422) -> None:
        super().__init__(message)
        self.status = status


HTTP_TEXTS = {
    400: N_("the request cannot be read"),
    401: N_("this needs a seat's token"),
    403: N_("this is not allowed"),
    404: N_("there is no such page or game"),
    405: N_("this address does not take that method"),
    406: N_("the server cannot answer in that format"),
    413: N_("the request body is too large"),
    415: N_("the request body must be JSON"),
    429: N_("too many requests: wait a little"),
}

VALIDATION = {
    "missing": N_("{field} is missing"),
    "json_invalid": N_("the request body is not valid JSON"),
    "json_type": N_("the request body must be a JSON object"),
    "model_attributes_type": N_("{field} must be a JSON object"),
    "dict_type": N_("{field} must be a JSON object"),
    "list_type": N_("{field} must be a list"),
    "string_type": N_("{field} must be a text"),
    "int_type": N_("{field} must be a whole number"),
    "int_parsing": N_("{field} must be a whole number"),
    "bool_type": N_("{field} must be true or false"),
    "bool_parsing": N_("{field} must be true or false"),
    "string_too_long": N_("{field} is too long"),
    "too_long": N_("{field} has too many entries"),
    "too_short": N_("{field} has too few entries"),
    "greater_than_equal": N_("{field} is too small"),
    "greater_than": N_("{field} is too small"),
    "less_than_equal": N_("{field} is too large"),
    "less_than": N_("{field} is too large"),
    "extra_forbidden": N_("{field} is not a field of this request"),
}
"""Pydantic's error types, said as one sentence of ours (translatable)."""


def install(app: FastAPI, language: Callable[[Request], Translator]) -> None:
    """Every error of ``app`` as ``{"error": "..."}`` in the request's language."""
    from fastapi.exceptions import RequestValidationError
    from fastapi.responses import JSONResponse
    from starlette.exceptions import HTTPException

    def answer(request: Request, text: str, status: int) -> JSONResponse:
        return JSONResponse({"error": text[:300]}, status, headers={"Cache-Control": "no-store"})

    @app.exception_handler(ServerError)
    async def server_error(request: Request, e: ServerError) -> JSONResponse:
        return answer(request, error_text(e, language(request)), e.status)

    @app.exception_handler(CivtableError)
    async def civtable_error(request: Request, e: CivtableError) -> JSONResponse:
        return answer(request, error_text(e, language(request)), 422)

    @app.exception_handler(RequestValidationError)
    async def bad_request(request: Request, e: RequestValidationError) -> JSONResponse:
        tr = language(request)
        errors = _errors(e)
        first = errors[0] if errors else {}
        where = ".".join(str(x) for x in first.get("loc", ()) if not _hidden(x)) or tr.t("the request")
        template = VALIDATION.get(str(first.get("type", "")))
        text = tr.gettext(template).format(field=where) if template else tr.t(
            "{field} is not valid", field=where)
        return answer(request, text, 422)

    @app.exception_handler(HTTPException)
    async def http_error(request: Request, e: HTTPException) -> JSONResponse:
        tr = language(request)
        template = HTTP_TEXTS.get(e.status_code)
        text = tr.gettext(template) if template else tr.t("the request cannot be carried out")
        return answer(request, text, e.status_code)

    @app.exception_handler(RecursionError)
    async def too_deep(request: Request, e: RecursionError) -> JSONResponse:
        return answer(request, language(request).t("the request body is nested too deeply"), 422)

    @app.exception_handler(Exception)
    async def failure(request: Request, e: Exception) -> JSONResponse:
        return answer(request, language(request).t("the server failed on this request; the game is unchanged"), 500)


LOCATIONS = frozenset({"body", "query", "path", "header", "cookie", "str", "int", "float", "bool", "none"})
"""Parts of pydantic's error location that name where a field was sent or which member of
a union was tried, not the field: ``body.options.a.str`` is said ``options.a``."""


def _hidden(part: Any) -> bool:
    return isinstance(part, str) and (part in LOCATIONS or part.startswith(("list[", "dict[", "function-")))


def _errors(e: RequestValidationError) -> list[dict[str, Any]]:
    try:
        return list(e.errors())
    except Exception:  # an error list that cannot be built (a body too deep to walk)
        return [{"type": "json_invalid"}]
