"""Pydantic's validation messages as sentences the catalogues can translate.

The server checks every request body against a model (``server/protocol.py``);
pydantic words the first problem in English.  :func:`validation_reason` gives
the same sentence as a :class:`Reason` for the kinds of problem the protocol's
models can have; another kind stays pydantic's English (in a translated frame).
Only the error's plain fields are read, so this needs no pydantic itself.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Final

from ..rules.reasons import Reason
from .catalogues import N_

#: The HTTP errors the framework words itself (an unknown path, a wrong method).
HTTP_PHRASES: Final = (N_("Not Found"), N_("Method Not Allowed"))


def _number(value: Any) -> Any:
    """A bound as pydantic writes it: ``0`` for ``0.0``."""
    return int(value) if isinstance(value, float) and value.is_integer() else value


_Make = Callable[[Mapping[str, Any]], Reason]

#: Each kind of problem (pydantic's ``type``) and its sentence from the error's ``ctx``.
_SENTENCES: Final[dict[str, _Make]] = {
    "missing": lambda ctx: Reason("Field required"),
    "extra_forbidden": lambda ctx: Reason("Extra inputs are not permitted"),
    "string_type": lambda ctx: Reason("Input should be a valid string"),
    # A string holding a lone surrogate ("\ud800" in the JSON), which is no text at all.
    "string_unicode": lambda ctx: Reason(
        "Input should be a valid string, unable to parse raw data as a unicode string"
    ),
    "int_type": lambda ctx: Reason("Input should be a valid integer"),
    "int_parsing": lambda ctx: Reason(
        "Input should be a valid integer, unable to parse string as an integer"
    ),
    "float_type": lambda ctx: Reason("Input should be a valid number"),
    "float_parsing": lambda ctx: Reason(
        "Input should be a valid number, unable to parse string as a number"
    ),
    "bool_type": lambda ctx: Reason("Input should be a valid boolean"),
    "dict_type": lambda ctx: Reason("Input should be a valid dictionary"),
    "greater_than": lambda ctx: Reason(
        "Input should be greater than {bound}", bound=_number(ctx["gt"])
    ),
    "greater_than_equal": lambda ctx: Reason(
        "Input should be greater than or equal to {bound}", bound=_number(ctx["ge"])
    ),
    "less_than_equal": lambda ctx: Reason(
        "Input should be less than or equal to {bound}", bound=_number(ctx["le"])
    ),
    "string_too_long": lambda ctx: Reason.counted(
        "String should have at most {count} character",
        "String should have at most {count} characters",
        int(ctx["max_length"]),
    ),
    "literal_error": lambda ctx: Reason("Input should be {expected}", expected=ctx["expected"]),
}


def validation_reason(error: Mapping[str, Any]) -> str:
    """The problem of one pydantic error (an item of ``errors()``), translatable
    when it is a kind this knows and reads exactly as pydantic's English."""
    message = str(error.get("msg", ""))
    ctx = error.get("ctx") or {}
    if error.get("type") == "value_error":
        # One of the models' own checks: its ValueError may carry a Reason.
        cause = ctx.get("error")
        said = cause.args[0] if isinstance(cause, ValueError) and cause.args else None
        return said if isinstance(said, Reason) else message.removeprefix("Value error, ")
    make = _SENTENCES.get(str(error.get("type")))
    if make is None:
        return message
    try:
        reason = make(ctx)
    except (KeyError, TypeError, ValueError):
        return message
    return reason if reason == message else message


def field_problem(location: str, error: Mapping[str, Any]) -> Reason:
    """``"{field}: {detail}"``, or the detail alone for the body as a whole."""
    detail = validation_reason(error)
    if not location:
        return detail if isinstance(detail, Reason) else Reason(detail)
    return Reason("{field}: {detail}", field=location, detail=detail)
