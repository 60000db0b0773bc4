// The playout policy's Python face (pysaboteur/native/playout.py calls it): bind.cpp
// registers it with one call, handing over how to read a round of the core.
#include "playout_bind.hpp"

#include <nanobind/stl/tuple.h>
#include <nanobind/stl/vector.h>

#include <tuple>

#include "playout.hpp"

namespace nb = nanobind;

namespace sab {

namespace {
RoundOf round_of = nullptr;
}  // namespace

void register_playout(nb::module_& m, RoundOf read_round) {
    round_of = read_round;
    register_playout_saboteur2(m, read_round);
    m.attr("GUESS_RIGHT") = GUESS_RIGHT;
    m.attr("FAR") = FAR;
    m.def(
        "play_out",
        [](nb::handle round, uint64_t seed, int limit, double guess_right) {
            PlayoutOutcome outcome = play_out(round_of(round), seed, limit, guess_right);
            return std::make_tuple(outcome.winner, outcome.moves, outcome.round_gold);
        },
        nb::arg("round"), nb::arg("seed"), nb::arg("limit") = 1000, nb::arg("guess_right") = GUESS_RIGHT,
        "Plays a copy of the round on by the search's playout policy: (winning team, moves, "
        "each seat's gold this round). The round itself is not changed.");
    m.def(
        "playout_trace",
        [](nb::handle round, uint64_t seed, int limit, double guess_right) {
            std::vector<uint32_t> trace;
            play_out(round_of(round), seed, limit, guess_right, &trace);
            return trace;
        },
        nb::arg("round"), nb::arg("seed"), nb::arg("limit") = 1000, nb::arg("guess_right") = GUESS_RIGHT,
        "The codes play_out plays, in order (a test replays them on the reference engine).");
    m.def(
        "play_outs",
        [](nb::handle round, uint64_t seed, int count, int limit, double guess_right) {
            // Many playouts of one position, each with its own seed: the miners' wins,
            // the saboteurs' wins, and the moves played in all.
            const Round& start = round_of(round);
            SplitMix seeds{seed};
            int wins[3] = {0, 0, 0};
            long moves = 0;
            for (int i = 0; i < count; ++i) {
                PlayoutOutcome outcome = play_out(start, seeds.next(), limit, guess_right);
                ++wins[outcome.winner];
                moves += outcome.moves;
            }
            return std::make_tuple(wins[MINERS], wins[SABOTEURS], moves);
        },
        nb::arg("round"), nb::arg("seed"), nb::arg("count"), nb::arg("limit") = 1000,
        nb::arg("guess_right") = GUESS_RIGHT);
    m.def(
        "playout_scores", [](nb::handle round) { return certain_scores(round_of(round)); }, nb::arg("round"),
        "The policy's score of each legal move, every chance 0 (a test compares them with rollout.py's).");
    m.def(
        "target_goal", [](nb::handle round, int seat) { return target_goal(round_of(round), seat); },
        nb::arg("round"), nb::arg("seat"));
    m.def(
        "cards_to_goal",
        [](nb::handle round, int goal) {
            // maze_view.cards_to_goal, as (cell key, cards) pairs in key order.
            GoalField field;
            CellGrid grid;
            grid.build(round_of(round).maze);
            field.compute(grid, goal);
            std::vector<std::tuple<int, int>> found;
            for (int key = 0; key < 65536; ++key)
                if (field.reached(key)) found.emplace_back(key, field.need(key));
            return found;
        },
        nb::arg("round"), nb::arg("goal"));
}

}  // namespace sab
