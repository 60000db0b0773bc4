// Saboteur 2's pay-out and playout policy, their Python face (pysaboteur/native/playout.py
// calls them); playout_bind.cpp registers them with the base game's policy.
#include <nanobind/stl/pair.h>
#include <nanobind/stl/tuple.h>
#include <nanobind/stl/vector.h>

#include <stdexcept>
#include <tuple>

#include "playout_bind.hpp"
#include "playout_saboteur2.hpp"

namespace nb = nanobind;

namespace sab {

namespace {

RoundOf round_of = nullptr;

// Each seat's gold pieces in the game, checked against the round's seats.
std::vector<int> pieces_of(const Round& round, const std::vector<int>& pieces) {
    if (pieces.size() != round.players) throw std::invalid_argument("one gold pieces count per seat");
    return pieces;
}

const Round& saboteur2_round(nb::handle handle) {
    const Round& round = round_of(handle);
    if (!round.tables->gold_pieces) throw std::invalid_argument("the round is not one of Saboteur 2");
    return round;
}

}  // namespace

void register_playout_saboteur2(nb::module_& m, RoundOf read_round) {
    round_of = read_round;
    nb::class_<Saboteur2Tables>(m, "Saboteur2Tables");
    m.def(
        "make_saboteur2_tables",
        [](std::vector<uint8_t> dwarf, std::vector<uint8_t> share, std::vector<uint8_t> shortfall,
           std::vector<uint8_t> door, std::vector<uint8_t> crystal, std::vector<uint8_t> tunnels) {
            if (shortfall.size() != DWARF_KINDS) throw std::invalid_argument("one shortfall per dwarf card");
            for (uint8_t kind : dwarf)
                if (kind >= DWARF_KINDS) throw std::invalid_argument("an unknown dwarf card");
            auto* s = new Saboteur2Tables();
            s->dwarf = std::move(dwarf);
            s->share = std::move(share);
            for (int i = 0; i < DWARF_KINDS; ++i) s->shortfall[i] = shortfall[i];
            s->door = std::move(door);
            s->crystal = std::move(crystal);
            s->tunnels = std::move(tunnels);
            return s;
        },
        nb::kw_only(), nb::arg("dwarf"), nb::arg("share"), nb::arg("shortfall"), nb::arg("door"), nb::arg("crystal"),
        nb::arg("tunnels"));
    m.def(
        "saboteur2_pay",
        [](const Saboteur2Tables& s, nb::handle handle, const std::vector<int>& pieces) {
            const Round& round = saboteur2_round(handle);
            if (round.phase != ENDED) throw std::invalid_argument("the round has not ended");
            std::vector<int> held = pieces_of(round, pieces);
            Saboteur2Pay pay = pay_saboteur2(round, s, held.data());
            return std::make_tuple(pay.reached, pay.finder == NOBODY ? -1 : pay.finder, pay.open_to, pay.winners,
                                   pay.paid, pay.stealing, pay.thefts, pay.round_gold);
        },
        nb::arg("tables"), nb::arg("round"), nb::arg("pieces"),
        "The pay-out of a round the core has ended: (gold reached, finder or -1, the teams the gold "
        "is open to as bits 1 green 2 blue, winners, pay, thieves in order, thefts, round gold).");
    m.def(
        "saboteur2_play_out",
        [](const Saboteur2Tables& s, nb::handle handle, const std::vector<int>& pieces, int64_t first,
           uint64_t seed, int limit) {
            const Round& round = saboteur2_round(handle);
            std::vector<int> held = pieces_of(round, pieces);
            Saboteur2Outcome outcome = play_out_saboteur2(round, s, held.data(), first, seed, limit);
            return std::make_tuple(outcome.ended, outcome.moves, outcome.round_gold);
        },
        nb::arg("tables"), nb::arg("round"), nb::arg("pieces"), nb::arg("first"), nb::arg("seed"),
        nb::arg("limit") = 1000,
        "Plays ``first`` (or nothing if negative) and the policy on a copy of the round, then pays "
        "it: (ended, moves, each seat's gold pieces of the round, thefts included).");
    m.def(
        "saboteur2_playout_trace",
        [](const Saboteur2Tables& s, nb::handle handle, const std::vector<int>& pieces, int64_t first,
           uint64_t seed, int limit) {
            const Round& round = saboteur2_round(handle);
            std::vector<int> held = pieces_of(round, pieces);
            std::vector<uint32_t> trace;
            play_out_saboteur2(round, s, held.data(), first, seed, limit, &trace);
            return trace;
        },
        nb::arg("tables"), nb::arg("round"), nb::arg("pieces"), nb::arg("first"), nb::arg("seed"),
        nb::arg("limit") = 1000, "The codes saboteur2_play_out plays after ``first``, the steals last.");
    m.def(
        "saboteur2_round_gold",
        [](const Saboteur2Tables& s, nb::handle handle, const std::vector<int>& pieces,
           const std::vector<uint32_t>& firsts, int seat, uint64_t seed, int limit) {
            // The search's iteration: every candidate played out with the same seed
            // (paired), scored by the seat's gold pieces of the round (0 unfinished).
            const Round& round = saboteur2_round(handle);
            std::vector<int> held = pieces_of(round, pieces);
            if (seat < 0 || seat >= round.players) throw std::invalid_argument("no such seat");
            std::vector<int> gold;
            gold.reserve(firsts.size());
            for (uint32_t first : firsts) {
                Saboteur2Outcome outcome = play_out_saboteur2(round, s, held.data(), first, seed, limit);
                gold.push_back(outcome.ended ? outcome.round_gold[seat] : 0);
            }
            return gold;
        },
        nb::arg("tables"), nb::arg("round"), nb::arg("pieces"), nb::arg("firsts"), nb::arg("seat"),
        nb::arg("seed"), nb::arg("limit") = 1000);
}

}  // namespace sab
