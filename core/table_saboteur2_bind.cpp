// Saboteur 2's game and batch of the core, their Python face (pysaboteur/envs/native_table.py
// and batch.py call it): registered on the core's module by core/bind.cpp.
#include "table_saboteur2_bind.hpp"

#include <nanobind/ndarray.h>
#include <nanobind/stl/array.h>
#include <nanobind/stl/shared_ptr.h>
#include <nanobind/stl/vector.h>

#include <stdexcept>
#include <string>

#include "batch_bind.hpp"
#include "batch_saboteur2.hpp"
#include "table_saboteur2.hpp"

namespace nb = nanobind;
using namespace sab;

namespace {

template <class T, size_t N>
void fill_table(std::array<T, N>& into, const std::vector<int>& from, const char* name) {
    if (from.size() != N) throw std::invalid_argument(std::string(name) + " has the wrong length");
    for (size_t i = 0; i < N; ++i) into[i] = static_cast<T>(from[i]);
}

TensorSpec2 read_tensor_spec2(const Tables& tables, nb::dict tensor) {
    TensorSpec2 t;
    auto get = [&](const char* key) { return nb::cast<int>(tensor[key]); };
    auto scale = [&](const char* key) { return nb::cast<double>(tensor[key]); };
    t.players = get("players");
    t.x_min = get("x_min"), t.x_max = get("x_max"), t.y_min = get("y_min"), t.y_max = get("y_max");
    t.width = t.x_max - t.x_min + 1;
    t.cells = t.width * (t.y_max - t.y_min + 1);
    t.maze = get("maze"), t.goals = get("goals"), t.hand = get("hand"), t.slots = get("slots");
    t.role = get("role"), t.laid_aside = get("laid_aside"), t.seats = get("seats"), t.looks = get("looks");
    t.swaps = get("swaps"), t.plays = get("plays"), t.open_hands = get("open_hands"), t.table = get("table");
    t.size = get("size");
    t.seat_width = get("seat_width"), t.look_width = get("look_width"), t.play_width = get("play_width");
    t.card_codes = get("card_codes");
    t.ladder_plane = get("ladder_plane"), t.face_down_plane = get("face_down_plane");
    t.gold_plane = get("gold_plane"), t.crystal_plane = get("crystal_plane");
    t.hand_index = nb::cast<std::vector<int>>(tensor["hand_index"]);
    t.face_planes = nb::cast<std::vector<uint16_t>>(tensor["face_planes"]);
    t.face_plays = nb::cast<std::vector<uint8_t>>(tensor["face_plays"]);
    t.play_scale = nb::cast<std::vector<double>>(tensor["play_scale"]);
    t.aimed_scale = nb::cast<std::vector<double>>(tensor["aimed_scale"]);
    t.hand_scale = scale("hand_scale"), t.in_play = scale("in_play"), t.discard_scale = scale("discard_scale");
    t.reserve_scale = scale("reserve_scale"), t.gold_scale = scale("gold_scale"), t.crystals = scale("crystals");
    t.outside = scale("outside");
    t.action_count = get("action_count");
    t.place_first = nb::cast<std::vector<int>>(tensor["place_first"]);
    t.rockfall_start = get("rockfall_start"), t.map_start = get("map_start");
    t.discard_start = get("discard_start"), t.clear_start = get("clear_start");
    t.pass_action = get("pass_action"), t.theft_action = get("theft_action"), t.steal_first = get("steal_first");
    t.aim_first = nb::cast<std::vector<std::array<int, 3>>>(tensor["aim_first"]);
    fill_table(t.discard_set, nb::cast<std::vector<int>>(tensor["discard_set"]), "discard_set");
    fill_table(t.slot_pair, nb::cast<std::vector<int>>(tensor["slot_pair"]), "slot_pair");
    t.pairs = get("pairs");
    t.scale_counts();
    size_t cards = static_cast<size_t>(tables.card_count);
    if (t.hand_index.size() != cards || t.aim_first.size() != cards || t.place_first.size() != 2 * cards)
        throw std::invalid_argument("one hand index and aim per card, a place id per face");
    if (t.play_scale.size() != TensorSpec2::PLAY_COLUMNS || t.aimed_scale.size() != TensorSpec2::AIMED_KINDS ||
        t.look_width != TensorSpec2::ROLES + 1)
        throw std::invalid_argument("the tensor's plays and looks have columns the core does not count");
    if (t.face_planes.size() != t.face_plays.size() || t.maze != 0 || t.goals % t.cells || t.size <= t.table)
        throw std::invalid_argument("one plane set and play set per face, the maze first");
    for (int card = 0; card < tables.card_count; ++card)
        for (uint16_t face : tables.faces[static_cast<size_t>(card)])
            if (face >= t.face_planes.size()) throw std::invalid_argument("a face the tensor has no planes for");
    return t;
}

DealSpec read_deal_spec2(nb::dict deal) {
    DealSpec d;
    d.players = nb::cast<int>(deal["players"]);
    d.hand_size = nb::cast<int>(deal["hand_size"]);
    d.rounds = nb::cast<int>(deal["rounds"]);
    d.role_pool = nb::cast<std::vector<uint8_t>>(deal["role_pool"]);
    d.playing_cards = nb::cast<std::vector<uint8_t>>(deal["playing_cards"]);
    d.next_round_start = nb::cast<int>(deal["next_round_start"]);
    d.open_hands = nb::cast<bool>(deal["open_hands"]);
    d.removed = nb::cast<int>(deal["removed"]);
    if (d.playing_cards.size() > MAX_PILE || d.role_pool.size() > MAX_ROLES ||
        d.role_pool.size() < static_cast<size_t>(d.players) || d.hand_size > MAX_HAND ||
        d.removed + d.hand_size * d.players > static_cast<int>(d.playing_cards.size()))
        throw std::invalid_argument("a deal the core cannot hold");
    if (d.hand_size > TensorSpec2::SLOTS)  // actions_saboteur2.cpp lists every hand's sets by its slots
        throw std::invalid_argument("hands of more cards than the action ids have slots for");
    return d;
}

Table2* make_table_saboteur2(std::shared_ptr<Tables> tables, const Saboteur2Tables& s, nb::dict tensor,
                             nb::dict deal) {
    TensorSpec2 t = read_tensor_spec2(*tables, tensor);
    return new Table2(std::move(tables), s, std::move(t), read_deal_spec2(deal));
}

using PyBatch2 = PyBatchOf<Batch2>;

PyBatch2* make_batch_saboteur2(std::shared_ptr<Tables> tables, const Saboteur2Tables& s, nb::dict tensor,
                               nb::dict deal, int games, bool round_episodes, bool win_rewards) {
    TensorSpec2 t = read_tensor_spec2(*tables, tensor);
    return new PyBatch2{
        Batch2(std::move(tables), s, std::move(t), read_deal_spec2(deal), games, round_episodes, win_rewards),
        {}, {}, {}, {}, {}, {}, {}};
}

}  // namespace

void register_table_saboteur2(nb::module_& m) {
    nb::class_<Table2> table(m, "Table2");
    bind_table_calls(table);
    table.def_prop_ro("to_move", [](const Table2& self) { return self.game().to_move(); })
        .def_prop_ro("round_number", [](const Table2& self) { return self.game().round_number; })
        .def("legal_codes",
             [](const Table2& self) {
                 std::vector<uint32_t> codes;
                 self.game().legal(codes);
                 return codes;
             })
        .def("legal_ids", &Table2::legal_ids)
        .def("id_of_code", &Table2::id_of_code)
        .def_prop_ro("gold_pieces", [](const Table2& self) {
            const NativeGame2& game = self.game();
            return std::vector<int>(game.pieces, game.pieces + game.round.players);
        });
    nb::class_<PyBatch2> batch(m, "Batch2");
    bind_batch_calls(batch);
    m.def("make_batch_saboteur2", &make_batch_saboteur2, nb::rv_policy::take_ownership, nb::arg("tables"),
          nb::arg("saboteur2_tables"), nb::arg("tensor"), nb::arg("deal"), nb::arg("games"),
          nb::arg("round_episodes"), nb::arg("win_rewards"));
    m.def("make_table_saboteur2", &make_table_saboteur2, nb::rv_policy::take_ownership, nb::arg("tables"),
          nb::arg("saboteur2_tables"), nb::arg("tensor"), nb::arg("deal"));
    // The layout alone, for a round of the core to encode (Round.observe_saboteur2, core/bind.cpp).
    nb::class_<TensorSpec2>(m, "Tensors2")
        .def_prop_ro("size", [](const TensorSpec2& self) { return self.size; })
        .def_prop_ro("players", [](const TensorSpec2& self) { return self.players; });
    m.def(
        "make_tensors_saboteur2",
        [](std::shared_ptr<Tables> tables, nb::dict tensor) { return read_tensor_spec2(*tables, tensor); },
        nb::arg("tables"), nb::arg("tensor"));
}
