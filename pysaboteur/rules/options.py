"""The rule options of rules section 9, where the source texts disagree."""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from functools import cache
from typing import Any

GOLD_DRAW_CHOICES = ("players", "miners")
NEXT_ROUND_START_CHOICES = ("after-last", "rotate", "last-path")


@dataclass(frozen=True)
class Options:
    """A game's rule options; the defaults are the original edition's."""

    gold_draw: str = "players"
    next_round_start: str = "after-last"
    open_hands: bool = False

    def __post_init__(self) -> None:
        if self.gold_draw not in GOLD_DRAW_CHOICES:
            raise ValueError(f"gold_draw must be one of {', '.join(GOLD_DRAW_CHOICES)}")
        if self.next_round_start not in NEXT_ROUND_START_CHOICES:
            raise ValueError(
                f"next_round_start must be one of {', '.join(NEXT_ROUND_START_CHOICES)}"
            )
        if not isinstance(self.open_hands, bool):
            raise ValueError("open_hands must be true or false")

    def to_dict(self) -> dict[str, Any]:
        return dict(_as_dict(self))

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Options:
        known = {field.name for field in fields(cls)}
        unknown = set(data) - known
        if unknown:
            raise ValueError(f"unknown rule option(s): {', '.join(sorted(unknown))}")
        return cls(**data)


@cache
def _as_dict(options: Options) -> dict[str, Any]:
    """The options as a dict, worked out once per distinct options (they are frozen)."""
    return asdict(options)
