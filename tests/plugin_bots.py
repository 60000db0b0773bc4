"""Outside bots for the arena's plug-in tests: named by ``plugin_bots:Class``, not
registered, so that every process (a worker, a Ray task) must import them itself."""

from __future__ import annotations

from pysaboteur.rules import Move, Observation


class FirstLegal:
    """Plays the first legal move; ``pick=last`` the last.  Says it did 7 iterations."""

    name = "first-legal"

    def __init__(self, settings: dict[str, str], seed: int | None) -> None:
        unknown = set(settings) - {"pick"}
        if unknown:
            raise ValueError(f"FirstLegal takes pick=first|last, not {', '.join(unknown)}")
        self.pick = settings.get("pick", "first")
        self.last_iterations = 0

    def parameters(self) -> dict[str, str]:
        return {"pick": self.pick}

    def choose(self, observation: Observation, legal_moves: list[Move]) -> Move:
        self.last_iterations = 7
        return legal_moves[-1] if self.pick == "last" else legal_moves[0]
