// The recent block's layout, read from pysaboteur/envs/native_recent.py recent_spec()
// and checked; Round.observe (core/bind.cpp) writes the block after the observation.
#include "info_state_bind.hpp"

#include <nanobind/ndarray.h>
#include <nanobind/stl/shared_ptr.h>
#include <nanobind/stl/vector.h>

#include <algorithm>
#include <stdexcept>

#include "codes.hpp"
#include "info_state.hpp"
#include "tables.hpp"

namespace nb = nanobind;
using namespace sab;

namespace {

RecentSpec read_recent_spec(const Tables& tables, nb::dict recent) {
    RecentSpec r;
    auto get = [&](const char* key) { return nb::cast<int>(recent[key]); };
    r.players = get("players"), r.slots = get("slots"), r.move_size = get("move_size");
    r.kinds = get("kinds"), r.card_codes = get("card_codes"), r.tools = get("tools");
    r.x_min = get("x_min"), r.x_max = get("x_max"), r.y_min = get("y_min"), r.y_max = get("y_max");
    r.kind_column = nb::cast<std::vector<int>>(recent["kind_column"]);
    r.fields = nb::cast<std::vector<uint8_t>>(recent["fields"]);
    r.card_column = nb::cast<std::vector<int>>(recent["card_column"]);
    r.place_column = nb::cast<std::vector<int>>(recent["place_column"]);
    size_t cards = static_cast<size_t>(tables.card_count);
    if (r.kind_column.size() != KIND_COUNT || r.fields.size() != KIND_COUNT || r.card_column.size() != cards ||
        r.place_column.size() != 2 * cards)
        throw std::invalid_argument("a column and fields per kind, a column per card and per face it lies as");
    if (r.players < 1 || r.move_size != r.players + r.kinds + r.card_codes + 3 + r.players + 1 + r.tools + 1 ||
        r.x_max <= r.x_min || r.y_max <= r.y_min)
        throw std::invalid_argument("a move's columns are the seat, kind, card, cell, target, tool and value");
    for (int column : r.kind_column)
        if (column >= r.kinds) throw std::invalid_argument("a kind's column outside the kind block");
    for (const auto* columns : {&r.card_column, &r.place_column})
        for (int column : *columns)
            if (column >= r.card_codes) throw std::invalid_argument("a card's column outside the card block");
    return r;
}

}  // namespace

void register_info_state(nb::module_& m) {
    nb::class_<RecentSpec>(m, "Recent")
        .def_prop_ro("size", [](const RecentSpec& self) { return self.size(); })
        .def_prop_ro("players", [](const RecentSpec& self) { return self.players; });
    m.def(
        "make_recent",
        [](std::shared_ptr<Tables> tables, nb::dict recent) { return read_recent_spec(*tables, recent); },
        nb::arg("tables"), nb::arg("recent"));
    // The block alone, of any edition's moves (Round.observe writes it after the base
    // game's observation).
    m.def(
        "encode_recent",
        [](const RecentSpec& recent, int seat, const std::vector<int>& seats, const std::vector<uint32_t>& codes,
           bool open_hands, nb::ndarray<float, nb::numpy, nb::c_contig, nb::device::cpu> out) {
            if (seat < 0 || seat >= recent.players || seats.size() != codes.size() ||
                out.size() != static_cast<size_t>(recent.size()))
                throw std::invalid_argument("a seat of the game, a seat per code, a vector of the block's size");
            for (size_t i = 0; i < codes.size(); ++i)
                if (seats[i] < 0 || seats[i] >= recent.players || kind_of(codes[i]) >= KIND_COUNT)
                    throw std::invalid_argument("a seat of the game and a kind of the core per code");
            std::fill(out.data(), out.data() + out.size(), 0.0f);
            encode_recent(recent, seats, codes, seat, open_hands, out.data());
        },
        nb::arg("recent"), nb::arg("seat"), nb::arg("seats"), nb::arg("codes"), nb::arg("open_hands"),
        nb::arg("out"));
}
