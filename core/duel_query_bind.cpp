// The Duel heuristic's maze questions (core/duel_query.hpp) from Python: the maze is an
// observation's, handed over as its cards and tokens (pysaboteur/native/duel_query.py),
// since an observation has no round of the core behind it.
#include "duel_query_bind.hpp"

#include <nanobind/stl/array.h>
#include <nanobind/stl/shared_ptr.h>
#include <nanobind/stl/tuple.h>
#include <nanobind/stl/vector.h>

#include <cstring>
#include <memory>
#include <stdexcept>
#include <tuple>

#include "duel_bind.hpp"
#include "duel_query.hpp"

namespace nb = nanobind;
using namespace sab;
using namespace sab::duel;

namespace {

using Change = std::tuple<int, int, int, int>;  // kind, x, y, the face laid (PLACE) or -1
using Answers = std::tuple<DuelProspects, std::array<std::array<int, GOALS>, 2>, std::vector<DuelProspects>>;

// heuristic_duel.prospects of the maze now, each seat's front distances to the goals,
// and the prospects after each change the mover tries.
Answers duel_prospects(const std::shared_ptr<DuelTables>& tables, const std::vector<uint8_t>& revealed,
                       const std::vector<DuelToken>& cells, const std::vector<DuelToken>& keys,
                       const std::vector<DuelToken>& bribes, const std::vector<DuelToken>& claims,
                       const std::vector<double>& expected, double near, int mover,
                       const std::vector<Change>& changes) {
    if (expected.size() != GOALS || mover < 0 || mover > 1)
        throw std::invalid_argument("each goal's expected nuggets, and the seat to move");
    GoldWorth worth{};
    for (int i = 0; i < GOALS; ++i) worth.expected[i] = expected[i];
    worth.near = near;
    std::vector<DuelChange> tried;
    tried.reserve(changes.size());
    for (const auto& [kind, x, y, face] : changes) {
        if (x < -REACH || x > REACH || y < -REACH || y > REACH)
            throw std::invalid_argument("a change's cell out of the Duel's reach");
        tried.push_back(DuelChange{kind, grid_of(x, y), face});
    }
    // Cleared once here, as make_duel_round's round is: no hand, pile or goal matters.
    auto maze = std::make_unique<DuelRound>();
    std::memset(maze.get(), 0, sizeof(DuelRound));
    maze->tables = tables.get();
    maze->phase = PLAY;
    maze->to_move = duel::NOBODY;
    lay_out_maze(*maze, revealed, cells, keys, bribes, claims);
    return {prospects(*maze, worth), {front_distances(*maze, 0), front_distances(*maze, 1)},
            prospects_after_each(*maze, worth, mover, tried)};
}

}  // namespace

void register_duel_query(nb::module_& m) {
    m.def("duel_prospects", &duel_prospects, nb::arg("tables"), nb::arg("revealed"), nb::arg("cells"),
          nb::arg("keys"), nb::arg("bribes"), nb::arg("claims"), nb::arg("expected"), nb::arg("near"),
          nb::arg("mover"), nb::arg("changes"),
          "heuristic_duel.prospects of both seats on the maze the cards and tokens make (claimed, near, "
          "claimed, near), each seat's distances from its network's fronts to the goals (-1: no front), "
          "and the prospects after each change (kind, x, y, face laid or -1) the mover tries.");
}
