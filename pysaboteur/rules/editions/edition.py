"""What an edition of the game is: its cards, roles and counts as data, and the
few rules that differ between editions as methods of one class per edition.

Each edition is a subclass of :class:`Edition` found by name with
:func:`find_edition` (as python-chess finds its variants).  The engine asks
its edition for everything that is not the same in every edition: which cards
there are and what kind of card each one is, how a round is dealt, how many
cards a discard may take, how a round ends and how it is paid.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, ClassVar

from ..cards import GOAL_CARDS
from ..faces import CARD_OF_FACE, LADDER_SIDES, face_code, register, turned_face
from ..shuffle import shuffle

if TYPE_CHECKING:
    from ..game import Game


@dataclass
class Deal:
    """How one round was dealt: everything chance decided at its start."""

    first: int
    roles: list[str]
    set_aside: str  # the base game's role card set aside ("" in Saboteur 2)
    goals: list[str]
    hands: list[list[str]]
    deck: list[str]  # the draw pile, top first
    #: Saboteur 2: the dwarf cards not dealt, top first (``swap-hats`` draws the top one).
    reserve: list[str] = field(default_factory=list)
    #: Saboteur 2: the cards removed face down, unseen, for the round.
    removed: list[str] = field(default_factory=list)


class Edition:
    """One edition of Saboteur. Subclasses fill in the tables and override what differs."""

    name: ClassVar[str]
    aliases: ClassVar[tuple[str, ...]] = ()
    #: The edition's name for people.
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    rounds: ClassVar[int] = 3
    #: Every tunnel card by printed code, with its count.
    tunnel_counts: ClassVar[Mapping[str, int]]
    #: Every action card by code: the kind of card it is (the module that plays
    #: it, :mod:`pysaboteur.rules.kinds`) and its count.
    action_cards: ClassVar[Mapping[str, tuple[str, int]]]
    #: The kinds of move that do not play one action card: discards, passes,
    #: gold picks, thefts at a round's end.
    turn_kinds: ClassVar[tuple[str, ...]]
    #: The role codes, and the team (or role) each belongs to.
    role_codes: ClassVar[tuple[str, ...]]
    #: How many cards one ``discard`` may take.
    most_discarded: ClassVar[int] = 1
    #: How far from the start a card can lie at most (the tunnel cards and the goals).
    reach: ClassVar[int]

    # Worked out once per edition from the tables above.
    card_counts: ClassVar[dict[str, int]]
    playing_cards: ClassVar[tuple[str, ...]]
    #: Each tunnel card's faces: ``(face, code as it lies)``, once or twice (turned).
    orientations: ClassVar[dict[str, tuple[tuple[int, str], ...]]]
    #: ``orientations`` split: ladders follow their own placement rule.
    plain_orientations: ClassVar[dict[str, tuple[tuple[int, str], ...]]]
    ladder_orientations: ClassVar[dict[str, tuple[tuple[int, str], ...]]]
    #: ``plain_orientations`` with each face as the bit of its open sides in a
    #: frontier cell's mask (``Maze.frontier``): what the listing of placements tests.
    fit_bits: ClassVar[dict[str, tuple[tuple[int, str], ...]]]
    #: The printed card of every face the edition's tunnel cards can lie as.
    card_of_face: ClassVar[dict[int, str]]
    #: The printed card of every card code and of every face code its tunnel cards
    #: lie as (one look-up on the hot path of checking and playing moves).
    printed_of: ClassVar[dict[str, str]]
    #: The kind of each card: ``"place"`` for tunnel cards.
    kind_of_card: ClassVar[dict[str, str]]

    def __init_subclass__(cls) -> None:
        super().__init_subclass__()
        cls.card_counts = {code: count for code, count in cls.tunnel_counts.items()}
        cls.card_counts.update({code: count for code, (_, count) in cls.action_cards.items()})
        cls.playing_cards = tuple(
            code for code, count in cls.card_counts.items() for _ in range(count)
        )
        cls.orientations = {}
        cls.card_of_face = {}
        for code in cls.tunnel_counts:
            face = register(code)
            faces = dict.fromkeys((face, turned_face(face)))
            cls.orientations[code] = tuple((lying, face_code(lying)) for lying in faces)
            for lying in faces:
                assert CARD_OF_FACE.setdefault(lying, code) == code, "a face names one card"
                cls.card_of_face[lying] = code
        cls.plain_orientations = {
            code: faces for code, faces in cls.orientations.items() if not LADDER_SIDES[faces[0][0]]
        }
        cls.fit_bits = {
            code: tuple((1 << (face & 15), lying) for face, lying in faces)
            for code, faces in cls.plain_orientations.items()
        }
        cls.ladder_orientations = {
            code: faces for code, faces in cls.orientations.items() if LADDER_SIDES[faces[0][0]]
        }
        cls.printed_of = {code: code for code in cls.card_counts}
        for code, ways in cls.orientations.items():
            for _, face_text in ways:
                cls.printed_of[face_text] = code
        cls.kind_of_card = dict.fromkeys(cls.tunnel_counts, "place")
        cls.kind_of_card.update({code: kind for code, (kind, _) in cls.action_cards.items()})
        EDITIONS[cls.name] = cls()
        for alias in cls.aliases:
            _ALIASES[alias] = cls.name

    # -- counts -----------------------------------------------------------------------

    def check_players(self, players: object) -> None:
        """``ValueError`` unless ``players`` is a player count of this edition."""
        if (
            not isinstance(players, int)
            or isinstance(players, bool)
            or not self.min_players <= players <= self.max_players
        ):
            raise ValueError(
                f"{self.title} is for {self.min_players} to {self.max_players} players, "
                f"not {players}"
            )

    def hand_size(self, players: int) -> int:
        raise NotImplementedError

    def role_pool(self, players: int) -> list[str]:
        """The role cards shuffled for a round: dealt one a seat, the rest set aside."""
        raise NotImplementedError

    def card_of(self, code: str) -> str | None:
        """The printed card that lies as ``code`` (a face) or is ``code``; None if none."""
        return self.printed_of.get(code)

    # -- dealing ----------------------------------------------------------------------

    def deal(self, rng: random.Random, players: int, first: int) -> Deal:
        raise NotImplementedError

    def shuffled(self, rng: random.Random, players: int) -> tuple[list[str], list[str], list[str]]:
        """The role cards, the goal cards and the playing cards, each shuffled, in this
        order (every edition draws its chance the same way, so a seed deals alike)."""
        roles = self.role_pool(players)
        shuffle(roles, rng)
        goals = list(GOAL_CARDS)
        shuffle(goals, rng)
        cards = list(self.playing_cards)
        shuffle(cards, rng)
        return roles, goals, cards

    def deal_error(self, deal: Deal, players: int) -> str | None:
        """What is wrong with a deal read from a record, or None."""
        raise NotImplementedError

    # -- the game ---------------------------------------------------------------------

    def start_game(self, game: Game, rng: random.Random, gold_deck: list[int] | None) -> None:
        """What the edition sets up once, before the first deal."""

    # -- the end of a round -----------------------------------------------------------

    def gold_reached(self, game: Game, finder: int) -> None:
        """The gold goal was reached by ``finder``'s placement."""
        raise NotImplementedError

    def round_exhausted(self, game: Game) -> None:
        """The pile and every hand are empty: the round ends without the gold."""
        raise NotImplementedError


#: Every edition by name.
EDITIONS: dict[str, Edition] = {}
_ALIASES: dict[str, str] = {}


def find_edition(name: str) -> Edition:
    """The edition called ``name`` (or one of its aliases); ``ValueError`` if none is."""
    edition = EDITIONS.get(_ALIASES.get(name, name))
    if edition is None:
        raise ValueError(f"no edition is called {name!r} (there are: {', '.join(EDITIONS)})")
    return edition
