// The batch's Python face (pysaboteur/envs/batch.py calls it): registered on the
// core's module by core/bind.cpp.
#include "batch_bind.hpp"

#include <nanobind/ndarray.h>
#include <nanobind/stl/array.h>
#include <nanobind/stl/shared_ptr.h>
#include <nanobind/stl/vector.h>

#include <stdexcept>

#include "batch.hpp"

namespace nb = nanobind;
using namespace sab;

TensorSpec read_tensor_spec(const Tables& tables, nb::dict tensor) {
    TensorSpec t;
    auto get = [&](const char* key) { return nb::cast<int>(tensor[key]); };
    auto scale = [&](const char* key) { return nb::cast<double>(tensor[key]); };
    t.players = get("players");
    t.x_min = get("x_min"), t.x_max = get("x_max"), t.y_min = get("y_min"), t.y_max = get("y_max");
    t.width = t.x_max - t.x_min + 1;
    t.cells = t.width * (t.y_max - t.y_min + 1);
    t.maze = get("maze"), t.goals = get("goals"), t.hand = get("hand"), t.role = get("role");
    t.seats = get("seats"), t.plays = get("plays"), t.open_hands = get("open_hands"), t.table = get("table");
    t.size = get("size"), t.seat_width = get("seat_width"), t.play_width = get("play_width");
    t.play_columns = get("play_columns"), t.card_codes = get("card_codes");
    t.hand_index = nb::cast<std::vector<int>>(tensor["hand_index"]);
    t.play_scale = nb::cast<std::vector<double>>(tensor["play_scale"]);
    t.aimed_scale = scale("aimed_scale"), t.hand_scale = scale("hand_scale"), t.all_cards = scale("all_cards");
    t.gold_deck = scale("gold_deck"), t.offer = scale("offer"), t.nuggets = scale("nuggets");
    t.outside = scale("outside");
    t.action_count = get("action_count");
    t.place_first = nb::cast<std::vector<int>>(tensor["place_first"]);
    t.place_start = get("place_start"), t.rockfall_start = get("rockfall_start"), t.map_start = get("map_start");
    t.aim_start = get("break_start");
    t.take_start = get("take_start"), t.pass_action = get("pass_action");
    t.discard_id = nb::cast<std::vector<int>>(tensor["discard_id"]);
    t.aim_first = nb::cast<std::vector<std::array<int, 3>>>(tensor["aim_first"]);
    if (t.maze != 0 || t.goals != TensorSpec::PLANES * t.cells || t.size <= t.goals)
        throw std::invalid_argument("the tensor begins with the maze planes, the other blocks after them");
    if (t.play_columns != Tally::COLUMNS || static_cast<int>(t.play_scale.size()) != Tally::COLUMNS)
        throw std::invalid_argument("the tensor's plays block has columns the core does not count");
    size_t cards = static_cast<size_t>(tables.card_count);
    if (t.hand_index.size() != cards || t.discard_id.size() != cards || t.aim_first.size() != cards ||
        t.place_first.size() != 2 * cards)
        throw std::invalid_argument("one hand index, discard id and aim per card, a place id per face");
    t.scale_counts();
    t.make_codes(tables);
    return t;
}

namespace {

DealSpec deal_spec(nb::dict deal) {
    DealSpec d;
    d.players = nb::cast<int>(deal["players"]);
    d.hand_size = nb::cast<int>(deal["hand_size"]);
    d.rounds = nb::cast<int>(deal["rounds"]);
    d.role_pool = nb::cast<std::vector<uint8_t>>(deal["role_pool"]);
    d.playing_cards = nb::cast<std::vector<uint8_t>>(deal["playing_cards"]);
    d.gold_cards = nb::cast<std::vector<uint8_t>>(deal["gold_cards"]);
    d.gold_draw = nb::cast<int>(deal["gold_draw"]);
    d.next_round_start = nb::cast<int>(deal["next_round_start"]);
    d.open_hands = nb::cast<bool>(deal["open_hands"]);
    if (d.playing_cards.size() > MAX_PILE || d.gold_cards.size() > MAX_GOLD ||
        d.role_pool.size() != static_cast<size_t>(d.players) + 1 || d.hand_size > MAX_HAND ||
        d.hand_size * d.players > static_cast<int>(d.playing_cards.size()))
        throw std::invalid_argument("a deal the core cannot hold");
    return d;
}

using PyBatch = PyBatchOf<Batch>;
using Floats = nb::ndarray<float, nb::numpy, nb::c_contig, nb::device::cpu>;

PyBatch* make_batch(std::shared_ptr<Tables> tables, nb::dict tensor, nb::dict deal, int games, bool round_episodes,
                    bool win_rewards) {
    TensorSpec t = read_tensor_spec(*tables, tensor);
    return new PyBatch{Batch(std::move(tables), std::move(t), deal_spec(deal), games, round_episodes, win_rewards),
                       {}, {}, {}, {}, {}, {}, {}};
}

Table* make_table(std::shared_ptr<Tables> tables, nb::dict tensor, nb::dict deal) {
    TensorSpec t = read_tensor_spec(*tables, tensor);
    return new Table(std::move(tables), std::move(t), deal_spec(deal));
}

}  // namespace

void register_batch(nb::module_& m) {
    nb::class_<PyBatch> batch(m, "Batch");
    bind_batch_calls(batch);
    nb::class_<Table> table(m, "Table");
    bind_table_calls(table);
    table.def("observe_over", [](const Table& self, int seat, Floats out) {
        if (out.size() != static_cast<size_t>(self.tensors().size) || seat < 0 || seat >= self.tensors().players)
            throw std::invalid_argument("a seat of the game, and a vector of the tensor's size");
        self.observe_over(seat, out.data());
    });
    table.def_prop_ro("to_move", [](const Table& self) {
        uint8_t seat = self.game().round.to_move;
        return seat == NOBODY ? -1 : static_cast<int>(seat);
    });
    // The layout alone, for a round of the core to encode (Round.observe, core/bind.cpp).
    nb::class_<TensorSpec>(m, "Tensors")
        .def_prop_ro("size", [](const TensorSpec& self) { return self.size; })
        .def_prop_ro("players", [](const TensorSpec& self) { return self.players; });
    m.def(
        "make_tensors",
        [](std::shared_ptr<Tables> tables, nb::dict tensor) { return read_tensor_spec(*tables, tensor); },
        nb::arg("tables"), nb::arg("tensor"));
    m.def("make_table", &make_table, nb::rv_policy::take_ownership, nb::arg("tables"), nb::arg("tensor"),
          nb::arg("deal"));
    m.def("make_batch", &make_batch, nb::rv_policy::take_ownership, nb::arg("tables"), nb::arg("tensor"),
          nb::arg("deal"), nb::arg("games"), nb::arg("round_episodes"), nb::arg("win_rewards"));
    m.def("python_shuffle", [](uint64_t seed, std::vector<int> items, int times) {
        // random.Random(seed).shuffle(items), ``times`` over: for the tests of the deals.
        PyRandom rng;
        rng.seed(seed);
        for (int i = 0; i < times; ++i) rng.shuffle(items.data(), static_cast<int>(items.size()));
        return items;
    });
}
