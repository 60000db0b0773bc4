"""Duel decks for the tests beside the shipped one."""

from __future__ import annotations

from typing import Any

from pysaboteur.rules.duel_deck import shipped_deck


def user_deck() -> dict[str, Any]:
    """An owner's deck file unlike the shipped one: one plain straight fewer, and a
    card of two nuggets on a stub (so that the core's cards and faces differ)."""
    data = shipped_deck().to_dict()
    data["provisional"] = False
    for item in data["paths"]:
        if item["code"] == "NS":
            item["count"] = 2
    data["paths"].append({"code": "NS+xE/gold2@E", "count": 1, "source": "a test"})
    return data
