"""Claims made in table talk as a gentle clue of the bots' beliefs (bots/claims.py).

Every figure below is worked out by hand from the likelihoods in bots/claims.py,
at 5 players (2 saboteur cards among 6 places: a seat other than a miner
observer is a saboteur with probability 0.4 before any clue).
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pysaboteur.bots import make_bot
from pysaboteur.bots.claims import Claim, Listener
from pysaboteur.bots.clue_beliefs import ClueBeliefs
from pysaboteur.bots.dwarf_beliefs import DwarfBeliefs
from pysaboteur.bots.heuristic import HeuristicBot
from pysaboteur.rules import Game, Move, Observation, seat_observation

TOP = (8, -2)  # a stone in game seed 5; the gold lies at (8, 2)


def start(seed: int = 5) -> Game:
    return Game.new(players=5, seed=seed)


def believed(observation: Observation, claims: list[Claim], seat: int = 0) -> ClueBeliefs:
    beliefs = ClueBeliefs(seat, observation["players"])
    beliefs.update(observation)
    beliefs.hear(claims)
    return beliefs


def mapped_top(game: Game, seat: int) -> None:
    assert game.to_move == seat
    game.play(next(m for m in game.legal_moves() if m.kind == "map" and (m.x, m.y) == TOP))


def goal_claim(seat: int, card: str, cell: tuple[int, int] = TOP) -> Claim:
    return Claim(seat=seat, kind="goal", x=cell[0], y=cell[1], card=card)


def test_without_claims_a_seat_is_at_the_prior() -> None:
    game = start()
    assert game.roles[0] == "miner" and game.to_move == 0
    beliefs = believed(seat_observation(game, 0), [])
    assert beliefs.saboteur_probabilities()[1:] == pytest.approx([0.4] * 4)
    assert beliefs.gold_chances() == pytest.approx([1 / 3] * 3)


def test_a_claim_the_observer_knows_false_points_at_its_speaker() -> None:
    game = start()
    mapped_top(game, 0)  # seat 0 now knows the top goal is a stone
    observation = seat_observation(game, 0)
    # Seat 1 never looked: a miner's guess is true 0.6, a saboteur's 0.5.
    lie = believed(observation, [goal_claim(1, "gold")]).saboteur_probabilities()
    assert lie[1] == pytest.approx(0.4 * 0.5 / (0.4 * 0.5 + 0.6 * 0.4))  # 5/11
    truth = believed(observation, [goal_claim(1, "stone")]).saboteur_probabilities()
    assert truth[1] == pytest.approx(0.4 * 0.5 / (0.4 * 0.5 + 0.6 * 0.6))  # 5/14
    # The others move only as the pool makes them: {1, 2} at 0.5, {2, x} (x not 1) 3 x 0.4,
    # of 4 x 0.5 + 6 x 0.4 in all.
    assert lie[2:] == pytest.approx([(0.5 + 3 * 0.4) / 4.4] * 3)


def test_a_lie_about_a_goal_its_speaker_mapped_weighs_more() -> None:
    game = start()
    mapped_top(game, 0)
    assert game.to_move == 1
    mapped_top(game, 1)  # public: seat 1 looked at the top goal too
    observation = seat_observation(game, 0)
    lie = believed(observation, [goal_claim(1, "gold")]).saboteur_probabilities()
    assert lie[1] == pytest.approx(0.4 * 0.5 / (0.4 * 0.5 + 0.6 * 0.1))  # 10/13
    truth = believed(observation, [goal_claim(1, "stone")]).saboteur_probabilities()
    assert truth[1] == pytest.approx(0.4 * 0.5 / (0.4 * 0.5 + 0.6 * 0.9))


def test_an_unchecked_goal_claim_moves_the_gold_more_than_the_roles() -> None:
    beliefs = believed(seat_observation(start(), 0), [goal_claim(1, "gold", (8, 0))])
    # gold at (8,0): 1/3 (0.6 * 0.6 + 0.4 * 0.5); elsewhere 1/3 (0.6 * 0.4 + 0.4 * 0.5) each
    assert beliefs.gold_chances() == pytest.approx([0.44 / 1.44, 0.56 / 1.44, 0.44 / 1.44])
    # The speaker: a miner's claim is true 0.6 under one gold and 0.4 under two: 1.4/3 against
    # a saboteur's 0.5, so seat 1 is a saboteur 0.4 * 0.5 / (0.4 * 0.5 + 0.6 * 1.4 / 3).
    assert beliefs.saboteur_probabilities()[1] == pytest.approx(0.2 / (0.2 + 0.28))


def test_accusations_and_trust_weigh_as_mild_breaks_and_repairs() -> None:
    observation = seat_observation(start(), 0)
    accused = believed(observation, [Claim(seat=1, kind="accuse", target=2)])
    # places 1..4 and the set-aside card, 2 saboteurs: {1,2} same team 0.4; one of them 6 x 0.6;
    # neither 3 x 0.4.
    assert accused.saboteur_probabilities()[2] == pytest.approx((0.4 + 3 * 0.6) / 5.2)
    assert accused.saboteur_probabilities()[1] == pytest.approx((0.4 + 3 * 0.6) / 5.2)
    trusted = believed(observation, [Claim(seat=1, kind="trust", target=2)])
    assert trusted.saboteur_probabilities()[2] == pytest.approx((0.6 + 3 * 0.4) / 4.8)
    # Accusing the observer, a miner: a saboteur accuses a miner (0.6), a miner a teammate (0.4).
    me = believed(observation, [Claim(seat=1, kind="accuse", target=0)])
    assert me.saboteur_probabilities()[1] == pytest.approx(0.4 * 0.6 / (0.4 * 0.6 + 0.6 * 0.4))


def test_role_claims_say_little() -> None:
    observation = seat_observation(start(), 0)
    miner = believed(observation, [Claim(seat=3, kind="role", role="miner")])
    assert miner.saboteur_probabilities()[3] == pytest.approx(0.4 * 0.8 / (0.4 * 0.8 + 0.6))
    saboteur = believed(observation, [Claim(seat=3, kind="role", role="saboteur")])
    assert saboteur.saboteur_probabilities()[3] == pytest.approx(0.8 / 1.4)


def test_saying_it_again_is_no_new_evidence_and_own_claims_say_nothing() -> None:
    observation = seat_observation(start(), 0)
    once = believed(observation, [Claim(seat=1, kind="accuse", target=2)])
    twice = believed(observation, [Claim(seat=1, kind="accuse", target=2)] * 2)
    assert twice.saboteur_probabilities() == once.saboteur_probabilities()
    own = believed(observation, [Claim(seat=0, kind="accuse", target=2)])
    assert own.saboteur_probabilities()[1:] == pytest.approx([0.4] * 4)


@settings(max_examples=25, deadline=None)
@given(
    seed=st.integers(0, 10_000),
    moves=st.integers(0, 30),
    claims=st.lists(
        st.one_of(
            st.builds(
                goal_claim,
                st.integers(1, 4),
                st.sampled_from(["gold", "stone"]),
                st.sampled_from([(8, -2), (8, 0), (8, 2)]),
            ),
            st.builds(
                Claim,
                seat=st.integers(1, 4),
                kind=st.sampled_from(["accuse", "trust"]),
                target=st.integers(0, 4),
            ),
            st.builds(
                Claim,
                seat=st.integers(1, 4),
                kind=st.just("role"),
                role=st.sampled_from(["miner", "saboteur"]),
            ),
        ),
        max_size=6,
    ),
)
def test_beliefs_with_claims_stay_probabilities(seed: int, moves: int, claims: list[Claim]) -> None:
    game = Game.new(players=5, seed=seed)
    for _ in range(moves):
        if game.is_over or game.to_move is None:
            break
        game.play(game.legal_moves()[0])
    seat = 0
    observation = seat_observation(game, seat)
    claims = [claim for claim in claims if claim.target != claim.seat]
    beliefs = believed(observation, claims, seat)
    probabilities = beliefs.saboteur_probabilities()
    assert all(-1e-9 <= p <= 1 + 1e-9 for p in probabilities)
    # Two saboteur cards among the seats and the set-aside one: 1 or 2 of them at the table.
    assert 1 - 1e-9 <= sum(probabilities) <= 2 + 1e-9
    chances = beliefs.gold_chances()
    assert sum(chances) == pytest.approx(1.0)
    known = [goal["card"] for goal in observation["goals"]]
    for index, card in enumerate(known):
        if card is not None and card != "gold":
            assert chances[index] == 0.0  # what the observer knows, no claim unsays
        if card == "gold":
            assert chances[index] == pytest.approx(1.0)


def test_the_heuristic_hears_unless_deaf() -> None:
    listening = make_bot("heuristic", seed=1)
    deaf = make_bot("heuristic:talk=0", seed=1)
    assert isinstance(listening, Listener) and isinstance(deaf, HeuristicBot)
    game = start()
    mapped_top(game, 0)
    claims = [goal_claim(1, "gold")]
    observation = seat_observation(game, 0)
    listening.hear(claims)
    deaf.hear(claims)
    heard = listening.saboteur_probabilities(observation)
    assert heard[1] == pytest.approx(5 / 11)
    assert deaf.saboteur_probabilities(observation)[1] == pytest.approx(0.4)
    # The search's samples come from the same beliefs.
    search = make_bot("ismcts", seed=1)
    assert isinstance(search, Listener)
    search.hear(claims)
    assert search.saboteur_probabilities(observation)[1] == pytest.approx(5 / 11)


def test_a_miner_digs_towards_the_gold_others_claim() -> None:
    game = Game.new(players=5, seed=0)
    for seat in (0, 1):
        mover = make_bot("heuristic", seed=2)
        game.play(mover.choose(seat_observation(game, seat), game.legal_moves()))
    seat = 2
    assert game.to_move == seat and game.roles[seat] == "miner"
    observation, legal = seat_observation(game, seat), game.legal_moves()
    assert str(make_bot("heuristic", seed=1).choose(observation, legal)) == "2 place NESW 0,-1"
    listening = make_bot("heuristic", seed=1)
    assert isinstance(listening, Listener)
    listening.hear([Claim(seat=3, kind="goal", x=8, y=2, card="gold"),
                    Claim(seat=4, kind="goal", x=8, y=2, card="gold")])  # fmt: skip
    assert str(listening.choose(observation, legal)) == "2 place NE 0,1"  # on the side of 8,2


# -- Saboteur 2: claims of dwarf cards, accusations and trust --


def dwarf_beliefs_after(claims: list[Claim]) -> list[dict[str, float]]:
    game = Game.new(players=5, seed=0, edition="saboteur2")  # seat 0 holds a green card
    assert game.roles[0] == "green" and game.to_move == 0
    beliefs = DwarfBeliefs(0, 5)
    beliefs.update(seat_observation(game, 0))
    beliefs.hear(claims)
    return beliefs.role_probabilities()


def test_a_claimed_dwarf_card_is_twice_as_likely() -> None:
    # 14 cards the observer has not seen, 3 of them saboteurs: 3/14 before, and with the
    # claim 2 x 3 / (2 x 3 + 11).
    before = dwarf_beliefs_after([])
    assert before[1]["saboteur"] == pytest.approx(3 / 14)
    claimed = dwarf_beliefs_after([Claim(seat=1, kind="role", role="saboteur")])
    assert claimed[1]["saboteur"] == pytest.approx(6 / 17)
    # green: 3 left of 14: 2 x 3 / (2 x 3 + 11) as well
    green = dwarf_beliefs_after([Claim(seat=2, kind="role", role="green")])
    assert green[2]["green"] == pytest.approx(6 / 17)
    # Seat 1 draws from the 13 cards seat 2 did not take: 2 greens left if seat 2 is green
    # (6/17), 3 if not (11/17).
    assert green[1]["green"] == pytest.approx(6 / 17 * 2 / 13 + 11 / 17 * 3 / 13)


def test_accusing_and_trusting_move_saboteur2_beliefs_apart() -> None:
    before = dwarf_beliefs_after([])[2]["saboteur"]
    accused = dwarf_beliefs_after([Claim(seat=1, kind="accuse", target=2)])[2]["saboteur"]
    trusted = dwarf_beliefs_after([Claim(seat=1, kind="trust", target=2)])[2]["saboteur"]
    assert trusted < before < accused
    # The observer's own words and repeats add nothing.
    assert dwarf_beliefs_after([Claim(seat=0, kind="accuse", target=2)])[2]["saboteur"] == (
        pytest.approx(before)
    )
    twice = dwarf_beliefs_after([Claim(seat=1, kind="accuse", target=2, at=0),
                                 Claim(seat=1, kind="accuse", target=2, at=3)])  # fmt: skip
    assert twice[2]["saboteur"] == pytest.approx(accused)


def test_the_saboteur2_heuristic_and_search_hear_through_the_bot() -> None:
    game = Game.new(players=5, seed=0, edition="saboteur2")
    observation = seat_observation(game, 0)
    for spec in ("heuristic", "ismcts"):
        bot = make_bot(spec, seed=1)
        assert isinstance(bot, Listener)
        bot.hear([Claim(seat=1, kind="role", role="saboteur")])
        bot.choose(observation, game.legal_moves())  # the edition's player takes the claims
        assert bot.saboteur_probabilities(observation)[1] == pytest.approx(6 / 17)


def test_a_dwarf_claim_speaks_of_the_card_held_when_it_was_said() -> None:
    """Seat 0 (green) lays seat 1's dwarf card aside by swap-hats at the round's first
    move: a claim said before it is about the card laid aside, one said after it about
    seat 1's new card."""
    game = Game.new(players=5, seed=33, edition="saboteur2")
    assert game.roles[0] == "green"
    game.play(Move.parse("0 swap-hats @1"))
    observation = seat_observation(game, 0)

    def seat_1(at: int) -> float:
        beliefs = DwarfBeliefs(0, 5)
        beliefs.update(observation)
        beliefs.hear([Claim(seat=1, kind="role", role="saboteur", at=at)])
        return beliefs.saboteur_probabilities()[1]

    before_swap, after_swap = seat_1(0), seat_1(1)
    assert after_swap == pytest.approx(6 / 17)  # the new card, as if nothing else were known
    # The card laid aside took the claim: 6/17 saboteur, so the new card draws from 13 cards
    # with 2 saboteurs left (6/17 of the time) or 3: below the 3/14 it had without the claim.
    assert before_swap == pytest.approx(6 / 17 * 2 / 13 + 11 / 17 * 3 / 13)
