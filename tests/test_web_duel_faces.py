"""The page reads and turns the Duel's faces as the engine does (rules-duel.md 1.2):
for every card of the shipped deck and for generated faces, Node runs the page's
``cards_duel.js`` and ``cards.js`` helpers and their answers are compared with
``duel_faces``. The page needs this for its Turn button and its pictures."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from node_helpers import NODE, run_module

from pysaboteur.rules.duel_deck import shipped_deck
from pysaboteur.rules.duel_faces import FaceError, read_face, turned

pytestmark = pytest.mark.skipif(NODE is None, reason="Node is not installed")

HARNESS = textwrap.dedent(
    """
    const { turnedDuelCode, duelMarkers, duelNuggets } = await import(process.argv[2]);
    const codes = JSON.parse(process.argv[3]);
    const out = codes.map((code) => ({
      turned: turnedDuelCode(code),
      nuggets: duelNuggets(code),
      markers: duelMarkers(code),
    }));
    console.log(JSON.stringify(out));
    """
)


def page_answers(tmp_path: Path, codes: list[str]) -> list[dict[str, object]]:
    answers: list[dict[str, object]] = run_module(tmp_path, HARNESS, "cards_duel.js", codes)
    return answers


def test_every_card_of_the_deck_turns_on_the_page_as_in_the_engine(tmp_path: Path) -> None:
    deck = shipped_deck()
    codes = [entry.code for entry in (*deck.paths, *deck.goals)]
    codes += [turned(read_face(code)).code for code in codes]
    for code, answer in zip(codes, page_answers(tmp_path, codes), strict=True):
        face = read_face(code)
        assert answer["turned"] == turned(face).code, code
        assert answer["nuggets"] == face.nuggets, code
    # Examples of the spec, spelled out.
    pinned = {"NW+ES/gold1@E": "NW+ES/gold1@N", "ESW+xN/gold1@N": "NEW+xS/gold1@S"}
    answers = page_answers(tmp_path, list(pinned))
    assert [answer["turned"] for answer in answers] == list(pinned.values())


SIDES = "NESW"
groups = st.lists(
    st.sets(st.sampled_from(SIDES), min_size=1, max_size=4).map(
        lambda sides: "".join(side for side in SIDES if side in sides)
    ),
    min_size=1,
    max_size=2,
)
markers = st.lists(
    st.sampled_from(
        [f"door-green@{s}" for s in SIDES]
        + [f"door-blue@{s}" for s in SIDES]
        + [f"troll@{s}" for s in SIDES]
        + [f"gold{n}@{s}" for n in (1, 2, 3) for s in SIDES]
        + ["ladder-green", "ladder-blue"]
    ),
    max_size=3,
)


faces = st.tuples(groups, st.sets(st.sampled_from(SIDES)), markers)


def code_of(groups: list[str], stubs: set[str], markers: list[str]) -> str:
    head = "+".join(groups)
    if stubs:
        head += "+x" + "".join(side for side in SIDES if side in stubs)
    return "/".join([head, *markers])


@settings(max_examples=15, deadline=None)
@given(st.lists(faces, min_size=40, max_size=80))
def test_any_face_the_engine_reads_turns_the_same_on_the_page(
    tmp_path_factory: pytest.TempPathFactory, drawn: list[tuple[list[str], set[str], list[str]]]
) -> None:
    read = []
    for parts in drawn:
        try:
            read.append(read_face(code_of(*parts)))
        except FaceError:
            continue  # not a face: nothing to compare
    answers = page_answers(tmp_path_factory.mktemp("faces"), [face.code for face in read])
    for face, answer in zip(read, answers, strict=True):
        assert answer["turned"] == turned(face).code, face.code
