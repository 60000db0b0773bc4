// The Duel's face on the core's module: its tables (a deck's faces and cards, as
// pysaboteur/native/duel.py hands them over) and its rounds.
#include "duel_bind.hpp"

#include <nanobind/ndarray.h>
#include <nanobind/stl/pair.h>
#include <nanobind/stl/shared_ptr.h>
#include <nanobind/stl/tuple.h>
#include <nanobind/stl/vector.h>

#include <algorithm>
#include <cstddef>
#include <cstring>
#include <memory>
#include <stdexcept>
#include <tuple>

#include "actions_duel.hpp"
#include "listed_codes.hpp"
#include "round.hpp"
#include "round_duel.hpp"
#include "splitmix.hpp"
#include "tensors_duel.hpp"

namespace nb = nanobind;

namespace sab {

namespace {

int grid_cell(int x, int y) {
    if (x < -duel::REACH || x > duel::REACH || y < -duel::REACH || y > duel::REACH)
        throw std::invalid_argument("a cell out of the Duel's reach");
    return duel::grid_of(x, y);
}

}  // namespace

void lay_out_maze(duel::DuelRound& r, const std::vector<uint8_t>& revealed, const std::vector<DuelToken>& cells,
                  const std::vector<DuelToken>& keys, const std::vector<DuelToken>& bribes,
                  const std::vector<DuelToken>& claims) {
    if (revealed.size() != duel::GOALS || cells.size() > duel::MAX_CELLS || keys.size() > duel::KEY_TOKENS ||
        bribes.size() > duel::MAX_TOKENS || claims.size() > duel::MAX_TOKENS)
        throw std::invalid_argument("six goals face up or not, and no more cards and tokens than a round holds");
    const auto& faces = r.tables->faces;
    for (int i = 0; i < duel::GOALS; ++i) r.revealed[i] = revealed[i];
    for (const auto& [x, y, face] : cells) {
        if (face < 0 || static_cast<size_t>(face) >= faces.size())
            throw std::invalid_argument("a face that is not in the table");
        int cell = grid_cell(x, y);
        r.face_at[cell] = static_cast<uint8_t>(face + 1);
        r.cells[r.cell_count++] = static_cast<uint16_t>(cell);
    }
    for (const auto& [x, y, seat] : keys) {
        int cell = grid_cell(x, y);
        r.key_cell[r.key_count] = static_cast<uint16_t>(cell);
        r.key_seat[r.key_count++] = static_cast<uint8_t>(seat);
    }
    for (const auto& [x, y, seat] : bribes) {
        int cell = grid_cell(x, y);
        r.bribe_cell[r.bribe_count] = static_cast<uint16_t>(cell);
        r.bribe_seat[r.bribe_count++] = static_cast<uint8_t>(seat);
    }
    for (const auto& [x, y, seat] : claims) {
        r.claim_cell[r.claim_count] = static_cast<uint16_t>(grid_cell(x, y));
        r.claim_seat[r.claim_count++] = static_cast<uint8_t>(seat);
    }
    r.find_networks();
    r.find_gold();
}

namespace {

using duel::DuelRound;
using duel::DuelTables;
using duel::Face;

// One face as Python describes it: its tunnels, stubs, door sides, the seat its doors'
// colour is (-1: none), troll side, the seat its ladder's colour is (-1: none), gold
// sides, nuggets, the face turned, and the playing card lying as it (-1: none).
using FaceFields = std::tuple<std::vector<uint8_t>, int, int, int, int, int, int, int, int, int>;

Face make_face(const FaceFields& fields) {
    const auto& [tunnels, stubs, doors, door_seat, troll, ladder, gold_sides, nuggets, turned, card] = fields;
    if (tunnels.size() > 4) throw std::invalid_argument("a face has at most 4 tunnels");
    Face f{};
    f.tunnel_count = static_cast<uint8_t>(tunnels.size());
    for (size_t i = 0; i < tunnels.size(); ++i) {
        f.tunnels[i] = tunnels[i];
        for (int side = 1; side < 16; side <<= 1)
            if (tunnels[i] & side) f.tunnel_at[side] = tunnels[i];
        f.sides = static_cast<uint8_t>(f.sides | tunnels[i]);
    }
    f.first_tunnel = tunnels.empty() ? 0 : tunnels[0];
    f.sides = static_cast<uint8_t>(f.sides | stubs);
    f.doors = static_cast<uint8_t>(doors);
    f.door_seat = door_seat < 0 ? duel::NOBODY : static_cast<uint8_t>(door_seat);
    f.troll = static_cast<uint8_t>(troll);
    f.barred = static_cast<uint8_t>(doors | troll);
    f.ladder = static_cast<uint8_t>(ladder + 1);
    f.gold_sides = static_cast<uint8_t>(gold_sides);
    f.nuggets = static_cast<uint8_t>(nuggets);
    f.turned = static_cast<uint16_t>(turned);
    f.card = static_cast<int16_t>(card);
    // duel_maze.py fitting: a card laid fresh carries no key and no counter, so its
    // troll, and its doors of the other colour, close their sides.
    for (int seat = 0; seat < 2; ++seat) {
        int joining = f.sides & ~f.troll;
        if (f.door_seat != seat) joining &= ~f.doors;
        f.joining[seat] = static_cast<uint8_t>(joining);
    }
    return f;
}

std::shared_ptr<DuelTables> make_duel_tables(const std::vector<FaceFields>& faces, std::vector<int> kinds,
                                             std::vector<std::vector<uint16_t>> lying,
                                             std::vector<std::vector<uint8_t>> tools, std::vector<uint8_t> rank,
                                             std::vector<int> break_card, std::vector<uint16_t> start_faces) {
    if (kinds.size() > MAX_CARDS || lying.size() != kinds.size() || tools.size() != kinds.size() ||
        rank.size() != kinds.size() || break_card.size() != 3 || start_faces.size() != 2)
        throw std::invalid_argument("one kind, face list, tool list and rank per card; 3 tools; 2 starts");
    auto t = std::make_shared<DuelTables>();
    if (faces.size() > 254) throw std::invalid_argument("at most 254 faces (a cell keeps its face + 1 in a byte)");
    for (const auto& fields : faces) t->faces.push_back(make_face(fields));
    for (const auto& f : t->faces)
        if (f.turned >= t->faces.size()) throw std::invalid_argument("a turned face that is not in the table");
    t->card_count = static_cast<int>(kinds.size());
    for (int kind : kinds) t->kind.push_back(static_cast<uint8_t>(kind));
    for (const auto& ways : lying) {
        if (ways.size() > 2) throw std::invalid_argument("a card lies as at most two faces");
        for (auto face : ways)
            if (face >= t->faces.size()) throw std::invalid_argument("a card's face that is not in the table");
    }
    t->lying = std::move(lying);
    t->tools = std::move(tools);
    t->rank = std::move(rank);
    for (int i = 0; i < 3; ++i) t->break_card[i] = break_card[i];
    t->start_faces[0] = start_faces[0];
    t->start_faces[1] = start_faces[1];
    return t;
}

struct PyDuelRound {
    std::shared_ptr<DuelTables> tables;
    DuelRound round;
    Listing listed;

    const std::shared_ptr<Codes>& legal() { return listed.of(round); }

    // As bind.cpp's rounds: 0 refused; 1 played and the play goes on; 2 played and the
    // play ended; the seat that moved in the bits above (4 * seat).
    int advance(uint32_t code) {
        const auto& known = legal()->codes;
        if (std::find(known.begin(), known.end(), code) == known.end()) return 0;
        int seat = round.to_move;
        round.apply(code);
        listed.reset();
        return (round.phase == PLAY ? 1 : 2) | seat << 2;
    }
};

int seat_or_minus(uint8_t seat) { return seat == duel::NOBODY ? -1 : seat; }
uint8_t seat_or_nobody(int seat) { return seat < 0 ? duel::NOBODY : static_cast<uint8_t>(seat); }

using Token = DuelToken;

PyDuelRound* make_duel_round(std::shared_ptr<DuelTables> tables, int first, int to_move,
                             const std::vector<std::vector<uint8_t>>& hands, const std::vector<uint8_t>& pile,
                             const std::vector<uint8_t>& broken, const std::vector<uint16_t>& goals,
                             const std::vector<uint8_t>& revealed, const std::vector<Token>& cells,
                             const std::vector<Token>& keys, const std::vector<Token>& bribes,
                             const std::vector<Token>& claims, const std::vector<uint8_t>& discards,
                             const std::vector<std::vector<uint8_t>>& maps, int last_turn, int last_path) {
    if (hands.size() != 2 || broken.size() != 2 || maps.size() != 2 || goals.size() != duel::GOALS ||
        revealed.size() != duel::GOALS || pile.size() > duel::MAX_PILE || discards.size() > duel::MAX_DISCARDS || hands[0].size() > duel::MAX_HAND || hands[1].size() > duel::MAX_HAND ||
        maps[0].size() > duel::GOALS || maps[1].size() > duel::GOALS)
        throw std::invalid_argument("a Duel round's fields do not fit together");
    // Made without clearing its round, which is cleared once here (its grid is 13.8 kB)
    // up to listing's frontier, which is worked out when first asked (front_ready false).
    auto* made = new PyDuelRound;
    made->tables = tables;
    DuelRound& r = made->round;
    std::memset(&r, 0, offsetof(DuelRound, front));
    r.tables = tables.get();
    r.phase = PLAY;
    r.first = static_cast<uint8_t>(first);
    r.to_move = seat_or_nobody(to_move);
    r.last_turn = seat_or_nobody(last_turn);
    r.last_path = seat_or_nobody(last_path);
    for (int seat = 0; seat < 2; ++seat) {
        std::copy(hands[seat].begin(), hands[seat].end(), r.hand[seat]);
        r.hand_size[seat] = static_cast<uint8_t>(hands[seat].size());
        r.broken[seat] = broken[seat];
        std::copy(maps[seat].begin(), maps[seat].end(), r.mapped[seat]);
        r.mapped_count[seat] = static_cast<uint8_t>(maps[seat].size());
    }
    std::copy(pile.begin(), pile.end(), r.pile);
    r.pile_size = static_cast<uint8_t>(pile.size());
    std::copy(discards.begin(), discards.end(), r.discard_pile);
    r.discards = static_cast<uint8_t>(discards.size());
    for (int i = 0; i < duel::GOALS; ++i) {
        if (goals[i] >= tables->faces.size()) throw std::invalid_argument("a goal that is not in the table");
        r.goals[i] = goals[i];
    }
    lay_out_maze(r, revealed, cells, keys, bribes, claims);
    return made;
}

// A round as dealt (DuelGame._start_round): the hands, the pile (bottom first), the
// goals' printed faces, the two starts face up and nothing else on the maze, which
// the core lays itself (what make_duel_round makes of such a round, from its cards alone).
PyDuelRound* deal_duel_round(std::shared_ptr<DuelTables> tables, int first,
                             const std::vector<std::vector<uint8_t>>& hands, const std::vector<uint8_t>& pile,
                             const std::vector<uint16_t>& goals) {
    if (hands.size() != 2 || hands[0].size() > duel::MAX_HAND || hands[1].size() > duel::MAX_HAND ||
        pile.size() > duel::MAX_PILE || goals.size() != duel::GOALS || first < 0 || first > 1)
        throw std::invalid_argument("a Duel deal's fields do not fit together");
    for (uint16_t goal : goals)
        if (goal >= tables->faces.size()) throw std::invalid_argument("a goal that is not in the table");
    auto* made = new PyDuelRound;  // cleared up to the frontier once, as make_duel_round does
    made->tables = tables;
    DuelRound& r = made->round;
    std::memset(&r, 0, offsetof(DuelRound, front));
    r.tables = tables.get();
    r.phase = PLAY;
    r.first = r.to_move = static_cast<uint8_t>(first);
    r.last_turn = r.last_path = duel::NOBODY;
    for (int seat = 0; seat < 2; ++seat) {
        std::copy(hands[seat].begin(), hands[seat].end(), r.hand[seat]);
        r.hand_size[seat] = static_cast<uint8_t>(hands[seat].size());
    }
    std::copy(pile.begin(), pile.end(), r.pile);
    r.pile_size = static_cast<uint8_t>(pile.size());
    for (int i = 0; i < duel::GOALS; ++i) r.goals[i] = goals[i];
    for (int seat = 0; seat < 2; ++seat) {  // duel_maze.py DuelMaze(): the starts, green's first
        r.face_at[duel::START_CELLS[seat]] = static_cast<uint8_t>(tables->start_faces[seat] + 1);
        r.cells[r.cell_count++] = static_cast<uint16_t>(duel::START_CELLS[seat]);
    }
    r.find_networks();
    r.find_gold();
    return made;
}

// A random playout of the round from here (as bind.cpp's): splitmix64 choices.
int duel_playout(PyDuelRound& self, uint64_t seed) {
    std::vector<uint32_t> moves;
    int played = 0;
    SplitMix random{seed};
    while (self.round.phase == PLAY) {
        self.round.legal(moves);
        if (moves.empty()) break;
        self.listed.reset();
        self.round.apply(moves[random.below(moves.size())]);
        ++played;
    }
    return played;
}

// A deck's tables of the tensor (pysaboteur/envs/native_duel.py makes them from
// tensors_duel.py): per viewer seat each face's features, each card's hand entry.
std::shared_ptr<duel::DuelTensorTables> make_duel_tensor_tables(const std::vector<std::vector<float>>& face_rows,
                                                                 int kinds, const std::vector<uint8_t>& card_slot,
                                                                 const std::vector<uint8_t>& tool_bits) {
    if (face_rows.size() != 2 || face_rows[0].size() != face_rows[1].size() ||
        face_rows[0].size() % duel::FACE_FEATURES || tool_bits.size() != 3)
        throw std::invalid_argument("two viewers' rows of the faces' features, and three tools");
    auto t = std::make_shared<duel::DuelTensorTables>();
    t->faces = static_cast<int>(face_rows[0].size() / duel::FACE_FEATURES);
    t->face_rows[0] = face_rows[0];
    t->face_rows[1] = face_rows[1];
    for (auto slot : card_slot)
        if (slot >= kinds) throw std::invalid_argument("a card's hand entry past the hand block");
    t->kinds = kinds;
    t->card_slot = card_slot;
    for (int i = 0; i < 3; ++i) t->tool_bits[i] = tool_bits[i];
    return t;
}

void observe_duel(const PyDuelRound& self, const duel::DuelTensorTables& t, int seat, int round_number,
                  int nuggets_0, int nuggets_1, nb::ndarray<float, nb::numpy, nb::c_contig, nb::device::cpu> out) {
    const DuelRound& r = self.round;
    if (r.phase != PLAY || seat < 0 || seat > 1 || out.size() != static_cast<size_t>(t.size()) ||
        t.faces != static_cast<int>(r.tables->faces.size()) || t.card_slot.size() != static_cast<size_t>(r.tables->card_count))
        throw std::invalid_argument("a round in play, a seat, a vector of the tensor's size, the deck's tables");
    duel::encode_duel(r, t, duel::DuelGameSide{round_number, {nuggets_0, nuggets_1}}, seat, out.data());
}

// A deck's action space as the core reads it (pysaboteur/envs/native_duel.py makes
// the tables from actions_duel.py): see actions_duel.hpp.
std::shared_ptr<duel::DuelActionTables> make_duel_action_tables(
    int size, const std::vector<std::pair<uint32_t, int32_t>>& whole,
    const std::vector<std::pair<uint32_t, int32_t>>& at_cell, int discard_kind, int clear_kind, int32_t discard_start,
    const std::vector<int32_t>& clear_start, const std::vector<std::pair<int, int>>& discard_offset,
    const std::vector<std::pair<int, int>>& pair_offset) {
    if (clear_start.size() != 8) throw std::invalid_argument("a clear's first id for each of the 8 front codes");
    auto t = std::make_shared<duel::DuelActionTables>();
    t->size = size;
    auto an_id = [size](int32_t id) {
        if (id < 0 || id >= size) throw std::invalid_argument("an id outside the space");
        return id;
    };
    for (const auto& [code, id] : whole) t->whole[code] = an_id(id);
    for (const auto& [code, id] : at_cell) t->at_cell[code] = id;
    t->discard_kind = discard_kind;
    t->clear_kind = clear_kind;
    t->discard_start = discard_start;
    for (int i = 0; i < 8; ++i) t->clear_start[i] = clear_start[i];
    std::fill(std::begin(t->discard_offset), std::end(t->discard_offset), int16_t{-1});
    std::fill(std::begin(t->pair_offset), std::end(t->pair_offset), int16_t{-1});
    for (const auto& [bits, offset] : discard_offset) {
        if (bits <= 0 || bits >= (1 << duel::HAND_SLOTS)) throw std::invalid_argument("a set of the hand's slots");
        t->discard_offset[bits] = static_cast<int16_t>(offset);
    }
    for (const auto& [bits, offset] : pair_offset) {
        if (bits <= 0 || bits >= (1 << duel::HAND_SLOTS)) throw std::invalid_argument("a set of the hand's slots");
        t->pair_offset[bits] = static_cast<int16_t>(offset);
    }
    return t;
}

// The mover's listed codes and each one's id (-1: none), the ids' mask written into
// out (all zero when nobody is to move).
std::pair<std::vector<uint32_t>, std::vector<int32_t>> listed_ids(
    PyDuelRound& self, const duel::DuelActionTables& t, nb::ndarray<int8_t, nb::numpy, nb::c_contig, nb::device::cpu> out) {
    if (out.size() != static_cast<size_t>(t.size)) throw std::invalid_argument("a mask of the space's size");
    int8_t* mask = out.data();
    std::memset(mask, 0, out.size());
    std::vector<uint32_t> codes;
    std::vector<int32_t> ids;
    if (self.round.phase != PLAY || self.round.to_move == duel::NOBODY) return {codes, ids};
    codes = self.legal()->codes;
    duel::action_ids(self.round, t, codes, ids);
    for (int32_t id : ids)
        if (id >= 0 && id < t.size) mask[id] = 1;
    return {codes, ids};
}

std::vector<Token> tokens(const uint16_t* cells, const uint8_t* seats, int count) {
    std::vector<Token> found;
    for (int i = 0; i < count; ++i) found.emplace_back(duel::grid_x(cells[i]), duel::grid_y(cells[i]), seats[i]);
    return found;
}

}  // namespace

void register_duel(nb::module_& m) {
    nb::dict kinds;
    kinds["key"] = duel::KEY;
    kinds["bribe"] = duel::BRIBE;
    m.attr("DUEL_KINDS") = kinds;
    nb::class_<DuelTables>(m, "DuelTables");
    nb::class_<duel::DuelTensorTables>(m, "DuelTensorTables")
        .def_prop_ro("size", [](const duel::DuelTensorTables& t) { return t.size(); });
    nb::class_<duel::DuelActionTables>(m, "DuelActionTables");
    m.def("make_duel_action_tables", &make_duel_action_tables, nb::arg("size"), nb::arg("whole"), nb::arg("at_cell"),
          nb::arg("discard_kind"), nb::arg("clear_kind"), nb::arg("discard_start"), nb::arg("clear_start"),
          nb::arg("discard_offset"), nb::arg("pair_offset"));
    m.def("make_duel_tensor_tables", &make_duel_tensor_tables, nb::arg("face_rows"), nb::arg("kinds"),
          nb::arg("card_slot"), nb::arg("tool_bits"));
    m.def("make_duel_tables", &make_duel_tables, nb::arg("faces"), nb::arg("kinds"), nb::arg("lying"),
          nb::arg("tools"), nb::arg("rank"), nb::arg("break_card"), nb::arg("start_faces"));
    nb::class_<PyDuelRound>(m, "DuelRound")
        .def("legal", [](PyDuelRound& self) { return self.legal(); })
        .def("listing",
             [](PyDuelRound& self) { return std::make_pair(seat_or_minus(self.round.to_move), self.legal()); })
        .def("is_legal",
             [](PyDuelRound& self, uint32_t code) {
                 const auto& known = self.legal()->codes;
                 return std::find(known.begin(), known.end(), code) != known.end();
             })
        .def("play", [](PyDuelRound& self, uint32_t code) { return (self.advance(code) & 3) != 0; })
        .def("advance", [](PyDuelRound& self, uint32_t code) { return self.advance(code); })
        // advance(code) for ``seat``'s move: 0, refused, unless the seat is to move (one
        // call where a Move is played, not a read of to_move and then advance).
        .def("advance_as",
             [](PyDuelRound& self, nb::handle seat, uint32_t code) {
                 // Any int is a seat to ask about (a Move's seat is not checked before).
                 long asked = PyLong_AsLong(seat.ptr());
                 if (asked == -1 && PyErr_Occurred()) {
                     PyErr_Clear();
                     return 0;
                 }
                 return asked == self.round.to_move ? self.advance(code) : 0;
             })
        .def("copy", [](const PyDuelRound& self) { return new PyDuelRound(self); })
        .def("playout", &duel_playout)
        .def("listed_ids", &listed_ids, nb::arg("actions"), nb::arg("mask"))
        .def("observe", &observe_duel, nb::arg("tensors"), nb::arg("seat"), nb::arg("round_number"),
             nb::arg("nuggets_0"), nb::arg("nuggets_1"), nb::arg("out"))
        .def_prop_ro("to_move", [](const PyDuelRound& self) { return seat_or_minus(self.round.to_move); })
        .def_prop_ro("first", [](const PyDuelRound& self) { return static_cast<int>(self.round.first); })
        .def_prop_ro("nuggets_won",
                     [](const PyDuelRound& self) {
                         return std::make_pair(self.round.nuggets_won(0), self.round.nuggets_won(1));
                     })
        .def_prop_ro("phase", [](const PyDuelRound& self) { return static_cast<int>(self.round.phase); })
        .def_prop_ro("end", [](const PyDuelRound& self) { return static_cast<int>(self.round.end); })
        .def_prop_ro("last_turn", [](const PyDuelRound& self) { return seat_or_minus(self.round.last_turn); })
        .def_prop_ro("last_path", [](const PyDuelRound& self) { return seat_or_minus(self.round.last_path); })
        .def_prop_ro("hands",
                     [](const PyDuelRound& self) {
                         const DuelRound& r = self.round;
                         return std::vector<std::vector<uint8_t>>{
                             {r.hand[0], r.hand[0] + r.hand_size[0]}, {r.hand[1], r.hand[1] + r.hand_size[1]}};
                     })
        .def_prop_ro("pile",
                     [](const PyDuelRound& self) {
                         return std::vector<uint8_t>(self.round.pile, self.round.pile + self.round.pile_size);
                     })
        .def_prop_ro("broken",
                     [](const PyDuelRound& self) {
                         return std::vector<int>{self.round.broken[0], self.round.broken[1]};
                     })
        .def_prop_ro("discards",
                     [](const PyDuelRound& self) {
                         return std::vector<uint8_t>(self.round.discard_pile,
                                                     self.round.discard_pile + self.round.discards);
                     })
        .def_prop_ro("maps",
                     [](const PyDuelRound& self) {
                         const DuelRound& r = self.round;
                         return std::vector<std::vector<uint8_t>>{{r.mapped[0], r.mapped[0] + r.mapped_count[0]},
                                                                  {r.mapped[1], r.mapped[1] + r.mapped_count[1]}};
                     })
        .def_prop_ro("revealed",
                     [](const PyDuelRound& self) {
                         return std::vector<bool>(self.round.revealed, self.round.revealed + duel::GOALS);
                     })
        .def_prop_ro("cells",
                     [](const PyDuelRound& self) {
                         const DuelRound& r = self.round;
                         std::vector<Token> found;
                         for (int i = 0; i < r.cell_count; ++i)
                             found.emplace_back(duel::grid_x(r.cells[i]), duel::grid_y(r.cells[i]),
                                                r.face_at[r.cells[i]] - 1);
                         return found;
                     })
        .def_prop_ro("keys",
                     [](const PyDuelRound& self) {
                         return tokens(self.round.key_cell, self.round.key_seat, self.round.key_count);
                     })
        .def_prop_ro("bribes",
                     [](const PyDuelRound& self) {
                         return tokens(self.round.bribe_cell, self.round.bribe_seat, self.round.bribe_count);
                     })
        .def_prop_ro("claims",
                     [](const PyDuelRound& self) {
                         return tokens(self.round.claim_cell, self.round.claim_seat, self.round.claim_count);
                     })
        // The nuggets on each claimed card, in the order of ``claims`` (what scoring
        // reads, without reading every cell of the maze).
        .def_prop_ro("claimed_nuggets",
                     [](const PyDuelRound& self) {
                         const DuelRound& r = self.round;
                         std::vector<int> found;
                         for (int i = 0; i < r.claim_count; ++i) found.push_back(r.face(r.claim_cell[i]).nuggets);
                         return found;
                     })
        .def_prop_ro("network", [](const PyDuelRound& self) {
            // Per seat, the cells with a tunnel in its network and those tunnels' sides.
            const DuelRound& r = self.round;
            std::vector<std::vector<Token>> found(2);
            for (int seat = 0; seat < 2; ++seat)
                for (int i = 0; i < r.cell_count; ++i)
                    if (r.net(seat, r.cells[i]))
                        found[seat].emplace_back(duel::grid_x(r.cells[i]), duel::grid_y(r.cells[i]),
                                                 r.net(seat, r.cells[i]));
            return found;
        });
    m.def("deal_duel_round", &deal_duel_round, nb::rv_policy::take_ownership);
    m.def("make_duel_round", &make_duel_round, nb::rv_policy::take_ownership, nb::arg("tables"), nb::arg("first"),
          nb::arg("to_move"), nb::arg("hands"), nb::arg("pile"), nb::arg("broken"), nb::arg("goals"),
          nb::arg("revealed"), nb::arg("cells"), nb::arg("keys"), nb::arg("bribes"), nb::arg("claims"),
          nb::arg("discards"), nb::arg("maps"), nb::arg("last_turn"), nb::arg("last_path"));
}

}  // namespace sab
