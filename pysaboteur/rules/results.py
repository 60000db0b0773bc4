"""How rounds end: who won a round, who found the gold, what each seat was paid."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any, Final

#: The base game's two sides, as a round's ``winner``.
MINERS: Final = "miners"
SABOTEURS: Final = "saboteurs"
#: Saboteur 2's side that wins when the gold is reached.
GOLD_DIGGERS: Final = "gold-diggers"


@dataclass
class RoundResult:
    """A finished round of the base game."""

    winner: str  # MINERS or SABOTEURS
    finder: int | None
    gold: list[int]  # nuggets won by each seat this round

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass
class GoldPiecesResult:
    """A finished round of Saboteur 2 (docs/rules-saboteur2.md, "End of a round")."""

    gold_reached: bool
    finder: int | None
    #: The colours the gold was open to (no door of the other colour on some route).
    open_to: list[str]
    winners: list[int]
    gold: list[int]  # gold pieces won by each seat this round, thefts included
    thefts: list[list[int]] = field(default_factory=list)  # [thief, victim] in order

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @property
    def winner(self) -> str:
        """The side that won: the gold-diggers' side if the gold was reached, else the
        saboteurs' (who won is in ``winners``)."""
        return GOLD_DIGGERS if self.gold_reached else SABOTEURS


Result = RoundResult | GoldPiecesResult
