"""The editions' tables, handed to the core once per edition: card kinds, faces,
tools, tunnels, the fitting table and the pay, all read from :mod:`pysaboteur.rules`
so that the core has no copy of its own to drift away from them."""

from __future__ import annotations

from typing import Any

from ..rules.cards import BREAK_TOOL, FIX_TOOLS, GOAL_CARDS, GOAL_SHAPES, TOOLS
from ..rules.codes import KIND_IDS, codec_of
from ..rules.editions import Edition
from ..rules.faces import LADDER_SIDES, TUNNEL_AT
from ..rules.gold import SABOTEUR_PAY
from ..rules.kinds.clear import FRONT_CARDS
from ..rules.maze import FITS
from . import core


def plays(edition: Edition) -> bool:
    """Whether the core knows every kind of card and move of the edition: the base
    game's and Saboteur 2's (the Duel's keys and bribes it does not)."""
    if core is None:
        return False
    kinds = {*edition.kind_of_card.values(), *edition.turn_kinds}
    return kinds <= core.KINDS.keys() and 1 <= edition.most_discarded <= 3


def make_tables(edition: Edition) -> Any:
    """The core's tables of ``edition`` (which it must play: :func:`plays`)."""
    assert core is not None
    if core.KINDS != KIND_IDS:
        raise RuntimeError("the core and rules/codes.py number the kinds of move differently")
    codec = codec_of(edition)
    kinds = [KIND_IDS[edition.kind_of_card[card]] for card in codec.cards]
    faces = [[face for face, _ in edition.orientations.get(card, ())] for card in codec.cards]
    tools = [
        [TOOLS.index(BREAK_TOOL[card])]
        if card in BREAK_TOOL
        else [TOOLS.index(tool) for tool in FIX_TOOLS.get(card, ())]
        for card in codec.cards
    ]
    pay = [SABOTEUR_PAY.get(count, 0) for count in range(max(SABOTEUR_PAY) + 1)]
    breaks = {tool: card for card, tool in BREAK_TOOL.items()}
    card_of_face = [-1] * (max(edition.card_of_face) + 1)
    for face, card in edition.card_of_face.items():
        card_of_face[face] = codec.index[card]
    return core.make_tables(
        kinds=kinds,
        faces=faces,
        tools=tools,
        tunnel_at=list(TUNNEL_AT),
        fits=list(FITS),
        goal_shapes=[GOAL_SHAPES[card] for card in GOAL_CARDS],
        gold_card=GOAL_CARDS.index("gold"),
        saboteur_pay=pay,
        break_card=[codec.index[breaks[tool]] for tool in TOOLS],
        card_of_face=card_of_face,
        most_discarded=edition.most_discarded,
        reach=edition.reach,
        # Without gold picks the round's end pays gold pieces: the rules' to do.
        gold_pieces="take" not in edition.turn_kinds,
        clears="clear" in edition.turn_kinds,
        ladder_sides=list(LADDER_SIDES),
        rank=[sorted(codec.cards).index(card) for card in codec.cards],
        front_card=[codec.index.get(card, -1) for card in FRONT_CARDS],
    )
