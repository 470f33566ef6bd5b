"""Texts built in English that can be built again in another language.

A game's hooks (``render``, ``html``, ``help``, ``term``, ``action_label``,
``reference``, ``State.explain``) return text without being told a language. Their
module functions take ``tr`` (a ``Translator``) and are decorated with
``@localizable``: called without ``tr`` they return the English text as a
``Localized`` string (a ``str``, equal to the English text, so every caller and test
reading English is unchanged) that remembers how to build itself again;
``tr.localize(text)`` then builds it in ``tr``'s language. Called with ``tr`` they
return that language's plain text. A front end localizes right away (the text keeps
the observation it was built from).

``message(N_("..."), **args)`` is the same for a sentence made of a template and its
arguments: errors raised deep inside (``IllegalActionError``, ``OptionError``, the
command line's ``UsageError``) carry one, and the front end shows it in the reader's
language.

A ``Localized`` text pickles, copies and serializes as its English ``str``.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ParamSpec, TypeVar

if TYPE_CHECKING:
    from .translator import Translator

P = ParamSpec("P")
R = TypeVar("R")


class Localized(str):
    """English text that can be built again in another language (``in_language``)."""

    in_language: Callable[[Translator], str]

    def __new__(cls, english: str, again: Callable[[Translator], str]) -> Localized:
        self = super().__new__(cls, english)
        self.in_language = again
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (str, (str(self),))


class LocalizedTuple(tuple):  # type: ignore[type-arg]
    """A tuple (menu paths, reference tables) built in English that can be built again."""

    in_language: Callable[[Translator], tuple[Any, ...]]

    def __new__(cls, english: tuple[Any, ...], again: Callable[[Translator], tuple[Any, ...]]) -> LocalizedTuple:
        self = super().__new__(cls, english)
        self.in_language = again
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (tuple, (tuple(self),))


def localizable(func: Callable[P, R]) -> Callable[P, R]:
    """Decorates a function with a keyword parameter ``tr``: without it the function
    returns its English result as ``Localized`` (a ``str`` or ``tuple`` result); with
    it, that language's result."""

    @functools.wraps(func)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        if kwargs.get("tr") is not None:
            return func(*args, **kwargs)
        from .translator import ENGLISH

        call: Callable[..., R] = func
        english = call(*args, **{**kwargs, "tr": ENGLISH})

        def again(tr: Translator) -> Any:
            return call(*args, **{**kwargs, "tr": tr})

        if isinstance(english, str):
            return Localized(english, again)  # type: ignore[return-value]
        if isinstance(english, tuple):
            return LocalizedTuple(english, again)  # type: ignore[return-value]
        return english

    return wrapper


def message(template: str, **args: Any) -> Localized:
    """A sentence from a template (marked ``N_``) and its arguments, English now and in
    any language later: ``message(N_("no game {name}"), name=x)``. An argument that is
    itself ``Localized`` is localized too."""

    def build(tr: Translator) -> str:
        values = {k: tr.number(tr.localize(v)) for k, v in args.items()}
        return tr.gettext(template).format(**values)

    from .translator import ENGLISH

    return Localized(build(ENGLISH), build)


def localize(text: Any, tr: Translator) -> Any:
    """``tr.localize(text)``."""
    return tr.localize(text)


def error_text(error: BaseException, tr: Translator) -> str:
    """An exception's message in ``tr``'s language when it carries a ``Localized`` one."""
    if error.args and len(error.args) == 1 and isinstance(error.args[0], (Localized, str)):
        return str(tr.localize(error.args[0]))
    return str(error)
