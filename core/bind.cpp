// pysaboteur.native._core: the core's Python face (nanobind). Only
// pysaboteur/native/ calls it; everything else goes through pysaboteur.rules.
#include <nanobind/nanobind.h>
#include <nanobind/ndarray.h>
#include <nanobind/stl/array.h>
#include <nanobind/stl/pair.h>
#include <nanobind/stl/shared_ptr.h>
#include <nanobind/stl/tuple.h>
#include <nanobind/stl/vector.h>

#include <algorithm>
#include <cstring>
#include <memory>
#include <stdexcept>
#include <tuple>

#include "batch_bind.hpp"
#include "duel_bind.hpp"
#include "duel_query_bind.hpp"
#include "info_state.hpp"
#include "info_state_bind.hpp"
#include "listed_codes.hpp"
#include "maze_query_bind.hpp"
#include "playout_bind.hpp"
#include "round.hpp"
#include "splitmix.hpp"
#include "tensors_saboteur2.hpp"
#include "table_saboteur2_bind.hpp"

namespace nb = nanobind;
using namespace sab;

namespace {

std::shared_ptr<Tables> make_tables(std::vector<int> kinds, std::vector<std::vector<uint16_t>> faces,
                                    std::vector<std::vector<uint8_t>> tools, std::vector<uint8_t> tunnel_at,
                                    std::vector<uint16_t> fits, std::vector<std::array<uint16_t, 2>> goal_shapes,
                                    int gold_card, std::vector<int> saboteur_pay, std::vector<int> break_card,
                                    std::vector<int> card_of_face, int most_discarded, int reach,
                                    bool gold_pieces, bool clears, std::vector<uint8_t> ladder_sides,
                                    std::vector<uint8_t> rank, std::vector<int> front_card) {
    if (kinds.size() > MAX_CARDS || faces.size() != kinds.size() || tools.size() != kinds.size())
        throw std::invalid_argument("one kind, face list and tool list per card, at most 128 cards");
    if (fits.size() != 4096 || goal_shapes.size() != 3)
        throw std::invalid_argument("FITS has 4096 entries and there are 3 goal cards");
    auto t = std::make_shared<Tables>();
    t->card_count = static_cast<int>(kinds.size());
    for (int kind : kinds) {
        if (kind < 0 || kind >= KIND_COUNT) throw std::invalid_argument("a kind the core does not know");
        t->kind.push_back(static_cast<uint8_t>(kind));
    }
    t->faces = std::move(faces);
    t->tools = std::move(tools);
    t->tunnel_at = std::move(tunnel_at);
    t->fits = std::move(fits);
    for (int i = 0; i < 3; ++i) t->goal_shapes[i] = goal_shapes[i];
    t->gold_card = gold_card;
    t->saboteur_pay = std::move(saboteur_pay);
    if (break_card.size() != 3) throw std::invalid_argument("one break card per tool");
    t->break_card = std::move(break_card);
    t->card_of_face = std::move(card_of_face);
    t->most_discarded = most_discarded;
    t->reach = reach;
    if (most_discarded < 1 || most_discarded > 3) throw std::invalid_argument("a discard takes 1 to 3 cards");
    if (rank.size() != t->kind.size() || front_card.size() != FRONT_COUNT)
        throw std::invalid_argument("one rank per card, and one card per front");
    t->gold_pieces = gold_pieces;
    t->clears = clears;
    t->ladder_sides = std::move(ladder_sides);
    t->rank = std::move(rank);
    for (int i = 0; i < FRONT_COUNT; ++i) t->front_card[i] = front_card[i];
    for (int card = 0; card < t->card_count; ++card) {
        const auto& lying = t->faces[card];
        t->is_ladder.push_back(t->kind[card] == PLACE && !lying.empty() && t->ladder_of(lying[0]) ? 1 : 0);
    }
    return t;
}

// A round and the tables it reads (shared by its copies); ``before`` is the round as
// it was before the last move that ended the play (the gold reached, or the round over).
// len() and [] on the codes straight from the type's slots: a method looked up by
// name would cost more than the listing.
Py_ssize_t codes_length(PyObject* self) {
    return static_cast<Py_ssize_t>(nb::inst_ptr<Codes>(self)->codes.size());
}

PyObject* codes_item(PyObject* self, Py_ssize_t index) {
    const auto& codes = nb::inst_ptr<Codes>(self)->codes;
    if (index < 0 || static_cast<size_t>(index) >= codes.size()) {
        PyErr_SetString(PyExc_IndexError, "no move has that index");
        return nullptr;
    }
    return PyLong_FromUnsignedLong(codes[static_cast<size_t>(index)]);
}

PyType_Slot codes_slots[] = {
    {Py_sq_length, reinterpret_cast<void*>(codes_length)},
    {Py_sq_item, reinterpret_cast<void*>(codes_item)},
    {0, nullptr},
};

struct PyRound {
    std::shared_ptr<Tables> tables;
    Round round;
    Round before;
    Listing listed;

    const std::shared_ptr<Codes>& legal() { return listed.of(round); }

    // 0: refused (nothing changed); 1: played, and the play goes on; 2: played, and
    // it ended the play (``before`` holds the round as it was); the seat that moved
    // in the bits above (4 * seat).
    int advance(uint32_t code) {
        const auto& known = legal()->codes;
        if (std::find(known.begin(), known.end(), code) == known.end()) return 0;
        int seat = round.to_move;
        // Only a placement (reaching the gold) or a turn with the pile empty (the
        // last cards) can end the play: only then is the round kept as it was.
        bool may_end = kind_of(code) == PLACE || round.pile_size == 0;
        if (may_end) before = round;
        round.apply(code);
        listed.reset();
        return (may_end && round.phase != PLAY ? 2 : 1) | seat << 2;
    }
};

uint8_t seat_or_nobody(int seat) { return seat < 0 ? NOBODY : static_cast<uint8_t>(seat); }
int seat_or_minus(uint8_t seat) { return seat == NOBODY ? -1 : seat; }

template <size_t Size>
void fill(uint8_t (&into)[Size], uint8_t& size, const std::vector<uint8_t>& from) {
    if (from.size() > Size) throw std::invalid_argument("more cards than the core holds");
    std::copy(from.begin(), from.end(), into);
    size = static_cast<uint8_t>(from.size());
}

using Floats = nb::ndarray<float, nb::numpy, nb::c_contig, nb::device::cpu>;

// What both editions' observe check: the round in play (or, ``ended_too``, one whose
// play has ended), a seat of it, a vector of the tensor's size (``size`` and the recent
// block's, of as many players) and a seat of the round per code. Returns the vector's size.
size_t check_observed(const Round& round, int players, int size, int seat, const std::vector<int>& seats,
                      const std::vector<uint32_t>& codes, const Floats& out, const RecentSpec* recent,
                      bool ended_too = false) {
    if (round.phase == ENDED && !ended_too)
        throw std::invalid_argument("a round in play (or its gold) is encoded, not one ended");
    size_t whole = static_cast<size_t>(size + (recent ? recent->size() : 0));
    if (players != round.players || (recent && recent->players != round.players) || seat < 0 ||
        seat >= round.players || out.size() != whole || seats.size() != codes.size())
        throw std::invalid_argument("a seat of the round, a vector of the tensor's size, a seat per code");
    for (int moved : seats)
        if (moved < 0 || moved >= round.players) throw std::invalid_argument("a seat of the round per code");
    return whole;
}

// The observation tensor of ``seat`` (core/tensors.cpp) of the round in play, given what
// the round holds not: its moves so far (``seats[i]`` played ``codes[i]``, counted into
// the round's tally) and where the game stands (the round's number, the seat's nuggets
// from the rounds before, open hands). The OpenSpiel game (pysaboteur/envs/
// openspiel_native.py) hands them over, as a batch's game keeps them itself. With
// ``recent``, the information-state tensor: the observation, then the seat's last
// moves of those (core/info_state.cpp).
void observe(const PyRound& self, const TensorSpec& spec, int seat, const std::vector<int>& seats,
             const std::vector<uint32_t>& codes, int round_number, int nuggets, bool open_hands, Floats out,
             const RecentSpec* recent) {
    const Round& round = self.round;
    size_t size = check_observed(round, spec.players, spec.size, seat, seats, codes, out, recent);
    Tally tally;
    tally.clear();
    for (size_t i = 0; i < codes.size(); ++i) tally.count(*self.tables, seats[i], codes[i]);
    float* put = out.data();
    std::memset(put, 0, sizeof(float) * size);
    Written written;
    encode(spec, round, tally, GameSide{round_number, nuggets, open_hands}, seat, put, written, false);
    if (recent) encode_recent(*recent, seats, codes, seat, open_hands, put + spec.size);
}

// Saboteur 2's observation tensor of ``seat`` (core/tensors_saboteur2.cpp) of the round
// in play, and with ``recent`` its information-state tensor, as observe() writes the
// base game's: given the round's moves (move ``i`` of the round, for the tally's
// swap-hats and the steals), each seat's gold pieces so far and open hands. With
// ``stealing`` (the thieves still to steal, in order, the first to move) the round's
// play is over and the thieves steal: the round is the one that ended (the rules play
// the steals, and pysaboteur/envs/openspiel_native_saboteur2.py loads their state into
// a round of the core), encoded as the batch's rows of the steals are (Side2).
void observe_saboteur2(const PyRound& self, const TensorSpec2& spec, int seat, const std::vector<int>& seats,
                       const std::vector<uint32_t>& codes, int round_number, const std::vector<int>& pieces,
                       bool open_hands, Floats out, const RecentSpec* recent, const std::vector<int>& stealing) {
    const Round& round = self.round;
    const bool steals = !stealing.empty();
    size_t size = check_observed(round, spec.players, spec.size, seat, seats, codes, out, recent, steals);
    if (pieces.size() != round.players) throw std::invalid_argument("each seat's gold pieces");
    if (stealing.size() > MAX_SEATS) throw std::invalid_argument("the thieves still to steal");
    uint8_t thieves[MAX_SEATS];
    for (size_t i = 0; i < stealing.size(); ++i) {
        if (stealing[i] < 0 || stealing[i] >= round.players) throw std::invalid_argument("a thief is a seat of the round");
        thieves[i] = static_cast<uint8_t>(stealing[i]);
    }
    Tally2 tally;
    tally.clear();
    for (size_t i = 0; i < codes.size(); ++i) tally.count(spec, *self.tables, seats[i], codes[i], static_cast<int>(i));
    int16_t held[MAX_SEATS];
    std::copy(pieces.begin(), pieces.end(), held);
    Side2 side{round_number, steals, steals ? stealing[0] : seat_or_minus(round.to_move), held, thieves,
               static_cast<int>(stealing.size()), open_hands};
    float* put = out.data();
    std::memset(put, 0, sizeof(float) * size);
    encode_saboteur2(spec, round, tally, side, seat, put);
    if (recent) encode_recent(*recent, seats, codes, seat, open_hands, put + spec.size);
}

PyRound* make_round(std::shared_ptr<Tables> tables, int players, int first, int to_move, int phase,
                    const std::vector<std::vector<uint8_t>>& hands, const std::vector<uint8_t>& pile,
                    const std::vector<uint8_t>& broken, const std::vector<uint8_t>& miners,
                    const std::vector<uint8_t>& goals, const std::vector<std::tuple<int, int>>& cells,
                    const std::vector<uint8_t>& revealed, const std::vector<uint8_t>& offer,
                    const std::vector<uint8_t>& gold, int gold_draw, int last_turn, int last_path, int finder,
                    const std::vector<int>& round_gold, const std::vector<uint8_t>& discards,
                    const std::vector<std::vector<uint8_t>>& maps, const std::vector<uint8_t>& roles,
                    const std::vector<uint8_t>& trapped, const std::vector<uint8_t>& thieves,
                    const std::vector<uint8_t>& reserve, const std::vector<uint8_t>& hats_out, int moves_played,
                    const std::vector<std::tuple<int, int, int, int, int>>& looks,
                    const std::vector<std::tuple<int, int, int, std::vector<uint8_t>, std::vector<uint8_t>>>& swaps) {
    if (players < 1 || players > MAX_SEATS || hands.size() != static_cast<size_t>(players) ||
        broken.size() != hands.size() || miners.size() != hands.size() || round_gold.size() != hands.size() ||
        goals.size() != 3 || revealed.size() != 3 || cells.size() > MAX_CELLS || maps.size() != hands.size() ||
        discards.size() > MAX_DISCARDS || (!roles.empty() && roles.size() != hands.size()) ||
        (!trapped.empty() && trapped.size() != hands.size()) || thieves.size() > MAX_SEATS ||
        reserve.size() > MAX_ROLES || hats_out.size() > MAX_ROLES || looks.size() > MAX_LOOKS ||
        swaps.size() > MAX_SWAPS)
        throw std::invalid_argument("a round's fields do not fit together");
    auto* made = new PyRound{tables, {}, {}, {}};
    Round& r = made->round;
    std::memset(&r, 0, sizeof r);
    r.tables = tables.get();
    r.players = static_cast<uint8_t>(players);
    r.first = static_cast<uint8_t>(first);
    r.to_move = seat_or_nobody(to_move);
    r.phase = static_cast<uint8_t>(phase);
    r.last_turn = seat_or_nobody(last_turn);
    r.last_path = seat_or_nobody(last_path);
    r.finder = seat_or_nobody(finder);
    r.winner = NO_TEAM;
    for (int seat = 0; seat < players; ++seat) {
        fill(r.hand[seat], r.hand_size[seat], hands[seat]);
        r.broken[seat] = broken[seat];
        r.miner[seat] = miners[seat];
        r.round_gold[seat] = static_cast<int16_t>(round_gold[seat]);
        if (maps[seat].size() > 3) throw std::invalid_argument("a seat maps at most the 3 goals");
        std::copy(maps[seat].begin(), maps[seat].end(), r.mapped[seat]);
        r.mapped_count[seat] = static_cast<uint8_t>(maps[seat].size());
    }
    fill(r.pile, r.pile_size, pile);
    fill(r.offer, r.offer_size, offer);
    fill(r.gold, r.gold_size, gold);
    r.gold_draw = static_cast<uint8_t>(gold_draw);
    std::copy(discards.begin(), discards.end(), r.discard_pile);
    r.discards = static_cast<uint8_t>(discards.size());
    uint8_t goal_cards[3] = {goals[0], goals[1], goals[2]};
    r.maze.clear(goal_cards);
    for (const auto& [key, face] : cells) r.maze.put(key, face);
    for (int i = 0; i < 3; ++i) r.maze.revealed[i] = revealed[i] != 0;
    std::copy(roles.begin(), roles.end(), r.role);
    std::copy(trapped.begin(), trapped.end(), r.trapped);
    fill(r.thieves, r.thief_count, thieves);
    fill(r.reserve, r.reserve_size, reserve);
    fill(r.hats_out, r.hats_out_size, hats_out);
    r.moves_played = static_cast<uint16_t>(moves_played);
    for (const auto& [move, viewer, seat, role, laid_aside] : looks)
        r.looks[r.look_count++] = Look{static_cast<uint16_t>(move), static_cast<uint8_t>(viewer),
                                       static_cast<uint8_t>(seat), static_cast<uint8_t>(role),
                                       static_cast<uint8_t>(laid_aside)};
    for (const auto& [move, seat, other, gave, got] : swaps) {
        SwapRecord& record = r.swaps[r.swap_count++];
        record.move = static_cast<uint16_t>(move);
        record.seat = static_cast<uint8_t>(seat);
        record.other = static_cast<uint8_t>(other);
        fill(record.gave, record.gave_size, gave);
        fill(record.got, record.got_size, got);
    }
    r.maze.find_network(*tables);
    return made;
}

// A random playout of the round from here: the bench's and callgrind's loop, with
// a generator of its own (splitmix64) for the choices, which are not the game's chance.
int playout(PyRound& self, uint64_t seed) {
    std::vector<uint32_t> moves;
    int played = 0;
    SplitMix random{seed};
    while (self.round.phase != ENDED) {
        self.round.legal(moves);
        if (moves.empty()) break;
        self.listed.reset();
        self.round.play(moves[random.below(moves.size())]);
        ++played;
    }
    return played;
}

}  // namespace

NB_MODULE(_core, m) {
    m.doc() = "The native core of pysaboteur: rounds of the base game and Saboteur 2, moves as codes.";
    // Each edition's tables, and whatever rounds the last games hold, live as long as
    // the process (pysaboteur/native/engine.py keeps them): not leaks to report at exit.
    nb::set_leak_warnings(false);
    nb::dict kinds;
    kinds["place"] = static_cast<int>(PLACE);
    kinds["break"] = static_cast<int>(BREAK);
    kinds["fix"] = static_cast<int>(FIX);
    kinds["rockfall"] = static_cast<int>(ROCKFALL);
    kinds["map"] = static_cast<int>(MAP);
    kinds["discard"] = static_cast<int>(DISCARD);
    kinds["pass"] = static_cast<int>(PASS);
    kinds["take"] = static_cast<int>(TAKE);
    kinds["theft"] = static_cast<int>(THEFT);
    kinds["trapped"] = static_cast<int>(TRAPPED);
    kinds["free-at-last"] = static_cast<int>(FREE_AT_LAST);
    kinds["hands-off"] = static_cast<int>(HANDS_OFF);
    kinds["inspection"] = static_cast<int>(INSPECTION);
    kinds["swap-hand"] = static_cast<int>(SWAP_HAND);
    kinds["swap-hats"] = static_cast<int>(SWAP_HATS);
    kinds["clear"] = static_cast<int>(CLEAR);
    kinds["steal"] = static_cast<int>(STEAL);
    m.attr("KINDS") = kinds;
    m.attr("PLAY") = static_cast<int>(PLAY);
    m.attr("GOLD") = static_cast<int>(GOLD);
    m.attr("ENDED") = static_cast<int>(ENDED);

    nb::class_<Tables>(m, "Tables");
    register_info_state(m);  // the information state's recent block (core/info_state_bind.cpp)
    m.def("make_tables", &make_tables, nb::arg("kinds"), nb::arg("faces"), nb::arg("tools"),
          nb::arg("tunnel_at"), nb::arg("fits"), nb::arg("goal_shapes"), nb::arg("gold_card"),
          nb::arg("saboteur_pay"), nb::arg("break_card"), nb::arg("card_of_face"), nb::arg("most_discarded"),
          nb::arg("reach"), nb::arg("gold_pieces"), nb::arg("clears"), nb::arg("ladder_sides"), nb::arg("rank"),
          nb::arg("front_card"));

    nb::class_<Codes>(m, "Codes", nb::type_slots(codes_slots))
        .def("__contains__",
             [](const Codes& self, long code) {
                 return std::find(self.codes.begin(), self.codes.end(), static_cast<uint32_t>(code)) != self.codes.end();
             })
        .def("tolist", [](const Codes& self) { return self.codes; });

    nb::class_<PyRound>(m, "Round")
        .def("legal", [](PyRound& self) { return self.legal(); })
        .def("listing",
             [](PyRound& self) { return std::make_pair(seat_or_minus(self.round.to_move), self.legal()); })
        .def("legal_count",
             [](const PyRound& self) {
                 static thread_local std::vector<uint32_t> moves;
                 self.round.legal(moves);
                 return moves.size();
             })
        .def("is_legal", [](const PyRound& self, uint32_t code) { return self.round.is_legal(code); })
        .def("play", [](PyRound& self, uint32_t code) { return (self.advance(code) & 3) != 0; })
        .def("advance", [](PyRound& self, uint32_t code) { return self.advance(code); })
        .def("previous", [](const PyRound& self) { return new PyRound{self.tables, self.before, self.before, {}}; })
        .def("copy", [](const PyRound& self) { return new PyRound(self); })
        .def("observe", &observe, nb::arg("tensors"), nb::arg("seat"), nb::arg("seats"), nb::arg("codes"),
             nb::arg("round_number"), nb::arg("nuggets"), nb::arg("open_hands"), nb::arg("out"),
             nb::arg("recent").none() = nullptr)
        .def("observe_saboteur2", &observe_saboteur2, nb::arg("tensors"), nb::arg("seat"), nb::arg("seats"),
             nb::arg("codes"), nb::arg("round_number"), nb::arg("pieces"), nb::arg("open_hands"), nb::arg("out"),
             nb::arg("recent").none() = nullptr, nb::arg("stealing") = std::vector<int>{})
        .def("playout", &playout)
        .def_prop_ro("to_move", [](const PyRound& self) { return seat_or_minus(self.round.to_move); })
        .def_prop_ro("revealed", [](const PyRound& self) {
            return std::vector<bool>(self.round.maze.revealed, self.round.maze.revealed + 3);
        })
        .def_prop_ro("phase", [](const PyRound& self) { return static_cast<int>(self.round.phase); })
        .def_prop_ro("winner", [](const PyRound& self) { return static_cast<int>(self.round.winner); })
        .def_prop_ro("finder", [](const PyRound& self) { return seat_or_minus(self.round.finder); })
        .def_prop_ro("last_turn", [](const PyRound& self) { return seat_or_minus(self.round.last_turn); })
        .def_prop_ro("last_path", [](const PyRound& self) { return seat_or_minus(self.round.last_path); })
        .def_prop_ro("discards",
                     [](const PyRound& self) {
                         return std::vector<int>(self.round.discard_pile, self.round.discard_pile + self.round.discards);
                     })
        .def_prop_ro("maps",
                     [](const PyRound& self) {
                         std::vector<std::vector<int>> maps;
                         for (int seat = 0; seat < self.round.players; ++seat)
                             maps.emplace_back(self.round.mapped[seat], self.round.mapped[seat] + self.round.mapped_count[seat]);
                         return maps;
                     })
        .def_prop_ro("pile", [](const PyRound& self) {
            return std::vector<int>(self.round.pile, self.round.pile + self.round.pile_size);
        })
        .def_prop_ro("network", [](const PyRound& self) {
            std::vector<std::tuple<int, int>> network;  // key, sides, in the order cells joined
            const Maze& maze = self.round.maze;
            for (int i = 0; i < maze.net_count; ++i) {
                int s = maze.net_of[i];
                network.emplace_back(maze.slot_key[s], maze.slot_net[s]);
            }
            return network;
        })
        .def_prop_ro("broken",
                     [](const PyRound& self) {
                         return std::vector<int>(self.round.broken, self.round.broken + self.round.players);
                     })
        .def_prop_ro("round_gold",
                     [](const PyRound& self) {
                         return std::vector<int>(self.round.round_gold, self.round.round_gold + self.round.players);
                     })
        .def_prop_ro("hands",
                     [](const PyRound& self) {
                         std::vector<std::vector<int>> hands;
                         for (int seat = 0; seat < self.round.players; ++seat)
                             hands.emplace_back(self.round.hand[seat], self.round.hand[seat] + self.round.hand_size[seat]);
                         return hands;
                     })
        .def_prop_ro("pile_size", [](const PyRound& self) { return static_cast<int>(self.round.pile_size); })
        .def_prop_ro("gold", [](const PyRound& self) {
            return std::vector<int>(self.round.gold, self.round.gold + self.round.gold_size);
        })
        .def_prop_ro("offer", [](const PyRound& self) {
            return std::vector<int>(self.round.offer, self.round.offer + self.round.offer_size);
        })
        .def_prop_ro("cells",
                     [](const PyRound& self) {
                         std::vector<std::tuple<int, int>> cells;  // key, face, in the order they came
                         const Maze& maze = self.round.maze;
                         for (int i = 0; i < maze.cell_count; ++i) {
                             int s = maze.slot_of[i];
                             cells.emplace_back(maze.slot_key[s], maze.slot_face[s]);
                         }
                         return cells;
                     })
        // The maze as the dictionaries rules/maze.py keeps (cell key -> face, cell key ->
        // open sides, in the order cells came and joined): made here, a state restored
        // from the core at every round's end needs no list of pairs to build them from.
        .def_prop_ro("cell_faces",
                     [](const PyRound& self) {
                         nb::dict faces;
                         const Maze& maze = self.round.maze;
                         for (int i = 0; i < maze.cell_count; ++i) {
                             int s = maze.slot_of[i];
                             faces[nb::int_(maze.slot_key[s])] = nb::int_(maze.slot_face[s]);
                         }
                         return faces;
                     })
        .def_prop_ro("network_sides",
                     [](const PyRound& self) {
                         nb::dict sides;
                         const Maze& maze = self.round.maze;
                         for (int i = 0; i < maze.net_count; ++i) {
                             int s = maze.net_of[i];
                             sides[nb::int_(maze.slot_key[s])] = nb::int_(maze.slot_net[s]);
                         }
                         return sides;
                     })
        .def_prop_ro("roles",
                     [](const PyRound& self) {
                         return std::vector<int>(self.round.role, self.round.role + self.round.players);
                     })
        .def_prop_ro("trapped",
                     [](const PyRound& self) {
                         return std::vector<bool>(self.round.trapped, self.round.trapped + self.round.players);
                     })
        .def_prop_ro("thieves",
                     [](const PyRound& self) {
                         return std::vector<int>(self.round.thieves, self.round.thieves + self.round.thief_count);
                     })
        .def_prop_ro("reserve",
                     [](const PyRound& self) {
                         return std::vector<int>(self.round.reserve, self.round.reserve + self.round.reserve_size);
                     })
        .def_prop_ro("hats_out",
                     [](const PyRound& self) {
                         return std::vector<int>(self.round.hats_out, self.round.hats_out + self.round.hats_out_size);
                     })
        .def_prop_ro("looks",
                     [](const PyRound& self) {
                         std::vector<std::tuple<int, int, int, int, int>> looks;  // laid_aside: role + 1, 0 none
                         for (int i = 0; i < self.round.look_count; ++i) {
                             const Look& look = self.round.looks[i];
                             looks.emplace_back(look.move, look.viewer, look.seat, look.role, look.laid_aside);
                         }
                         return looks;
                     })
        .def_prop_ro("swaps",
                     [](const PyRound& self) {
                         std::vector<std::tuple<int, int, int, std::vector<int>, std::vector<int>>> swaps;
                         for (int i = 0; i < self.round.swap_count; ++i) {
                             const SwapRecord& swap = self.round.swaps[i];
                             swaps.emplace_back(swap.move, swap.seat, swap.other,
                                                std::vector<int>(swap.gave, swap.gave + swap.gave_size),
                                                std::vector<int>(swap.got, swap.got + swap.got_size));
                         }
                         return swaps;
                     })
        .def_prop_ro("frontier", [](const PyRound& self) {
            std::vector<std::tuple<int, int>> front;
            const Maze& maze = self.round.maze;
            for (int i = 0; i < maze.front_count; ++i) front.emplace_back(maze.front_key[i], maze.front_fits[i]);
            return front;
        });

    register_batch(m);  // the batched environment (core/batch_bind.cpp)
    register_table_saboteur2(m);  // Saboteur 2's game for the environments
    m.def("make_round", &make_round, nb::rv_policy::take_ownership, nb::arg("tables"), nb::arg("players"),
          nb::arg("first"), nb::arg("to_move"), nb::arg("phase"), nb::arg("hands"), nb::arg("pile"),
          nb::arg("broken"), nb::arg("miners"), nb::arg("goals"), nb::arg("cells"), nb::arg("revealed"),
          nb::arg("offer"), nb::arg("gold"), nb::arg("gold_draw"), nb::arg("last_turn"), nb::arg("last_path"),
          nb::arg("finder"), nb::arg("round_gold"), nb::arg("discards"), nb::arg("maps"),
          nb::arg("roles") = std::vector<uint8_t>{}, nb::arg("trapped") = std::vector<uint8_t>{},
          nb::arg("thieves") = std::vector<uint8_t>{}, nb::arg("reserve") = std::vector<uint8_t>{},
          nb::arg("hats_out") = std::vector<uint8_t>{}, nb::arg("moves_played") = 0,
          nb::arg("looks") = std::vector<std::tuple<int, int, int, int, int>>{},
          nb::arg("swaps") = std::vector<std::tuple<int, int, int, std::vector<uint8_t>, std::vector<uint8_t>>>{});
    register_playout(m, [](nb::handle round) -> const Round& { return nb::cast<PyRound&>(round).round; });
    register_duel(m);  // the Duel's rounds (core/duel_bind.cpp)
    register_maze_query(m);  // the bots' maze questions (core/maze_query_bind.cpp)
    register_duel_query(m);  // the Duel heuristic's maze questions (core/duel_query_bind.cpp)
}
