// The Duel heuristic's prospects (duel_query.hpp; each step names the Python it mirrors).
#include "duel_query.hpp"

#include <cmath>
#include <cstdlib>
#include <stdexcept>

namespace sab::duel {

namespace {

// heuristic_duel._fronts: the empty cells (face-down goals among them) that an open
// side of the seat's network faces, as (x, y); a cell faced twice is there twice.
struct Fronts {
    int count = 0;
    int x[4 * MAX_CELLS], y[4 * MAX_CELLS];
    Fronts(const DuelRound& r, int seat) {
        for (int i = 0; i < r.cell_count; ++i) {
            int cell = r.cells[i], sides = r.open_sides(seat, cell);
            if (!sides) continue;
            for (const auto& step : STEP) {
                int there = cell + step[1];
                if (sides & step[0] && !r.face_at[there]) {
                    x[count] = grid_x(there);
                    y[count++] = grid_y(there);
                }
            }
        }
    }
    // heuristic_duel._distance: the cards still needed to reach ``cell`` from the
    // nearest front (0: it is reached).
    int distance(int cell) const {
        int cx = grid_x(cell), cy = grid_y(cell), best = std::abs(x[0] - cx) + std::abs(y[0] - cy);
        for (int i = 1; i < count; ++i) {
            int d = std::abs(x[i] - cx) + std::abs(y[i] - cy);
            if (d < best) best = d;
        }
        return best;
    }
};

// What trying a change can alter in a round, kept to put back after it: the card lists,
// the token counts (a change and its claims only add tokens), and the grid at every
// card (a network searched again touches only cells with a card).
struct Kept {
    uint8_t cell_count, gold_count, key_count, bribe_count, claim_count;
    uint16_t cells[MAX_CELLS], gold_cells[MAX_CELLS];
    uint8_t net_at[MAX_CELLS];
    explicit Kept(const DuelRound& r)
        : cell_count(r.cell_count),
          gold_count(r.gold_count),
          key_count(r.key_count),
          bribe_count(r.bribe_count),
          claim_count(r.claim_count) {
        for (int i = 0; i < cell_count; ++i) {
            cells[i] = r.cells[i];
            net_at[i] = r.net_at[r.cells[i]];
        }
        for (int i = 0; i < gold_count; ++i) gold_cells[i] = r.gold_cells[i];
    }
    void put_back(DuelRound& r) const {
        r.changed();  // the grid is put back by hand below
        r.cell_count = cell_count;
        r.gold_count = gold_count;
        r.key_count = key_count;
        r.bribe_count = bribe_count;
        r.claim_count = claim_count;
        for (int i = 0; i < cell_count; ++i) {
            r.cells[i] = cells[i];
            r.net_at[cells[i]] = net_at[i];
        }
        for (int i = 0; i < gold_count; ++i) r.gold_cells[i] = gold_cells[i];
    }
};

// heuristic_duel._after: the change carried out on ``r``, then both seats' claims (the
// mover's first); no goal turns up.
void carry_out(DuelRound& r, const DuelChange& change, int mover) {
    int cell = change.cell;
    if (change.kind == PLACE) {
        if (r.face_at[cell] || r.cell_count >= MAX_CELLS || change.face < 0 ||
            static_cast<size_t>(change.face) >= r.tables->faces.size())
            throw std::invalid_argument("a card laid on an empty cell, as a face of the table");
        r.lay(change.face, cell);
    } else if (change.kind == KEY) {
        if (r.key_count >= KEY_TOKENS) throw std::invalid_argument("a key with no key token left");
        r.key_cell[r.key_count] = static_cast<uint16_t>(cell);
        r.key_seat[r.key_count++] = static_cast<uint8_t>(mover);
        r.find_networks();
    } else if (change.kind == BRIBE) {
        if (r.bribe_count >= MAX_TOKENS) throw std::invalid_argument("a bribe with no counter left");
        r.bribe_cell[r.bribe_count] = static_cast<uint16_t>(cell);
        r.bribe_seat[r.bribe_count++] = static_cast<uint8_t>(mover);
        r.find_networks();
    } else if (change.kind == ROCKFALL) {
        if (!r.face_at[cell]) throw std::invalid_argument("a rockfall on an empty cell");
        r.remove(cell);
    } else {
        throw std::invalid_argument("a change is a placement, a key, a bribe or a rockfall");
    }
    r.claim(mover);
    r.claim(1 - mover);
}

// NEAR to each power a sum asks for, each worked out once by std::pow as Python's
// ``NEAR ** distance`` is (so the same double); 0 until asked (a power is never 0).
struct Powers {
    double near;
    double of[4 * (REACH + 1) + 2] = {};
    double at(int distance) {
        double& known = of[distance];
        if (known == 0.0) known = std::pow(near, distance);
        return known;
    }
};

// heuristic_duel.prospects of each seat: the gold in the order the Python sums it
// (the goals, then the cards in the order they lie), so the sums agree.
DuelProspects prospects_of(const DuelRound& r, const GoldWorth& worth, Powers& powers) {
    DuelProspects found{};
    for (int seat = 0; seat < 2; ++seat) {
        int claimed = 0;
        for (int i = 0; i < r.claim_count; ++i)
            if (r.claim_seat[i] == seat) claimed += r.face(r.claim_cell[i]).nuggets;
        found[2 * seat] = claimed;
        if (!r.counters_left(seat)) continue;
        Fronts fronts(r, seat);
        if (!fronts.count) continue;
        double near = 0.0;
        for (int i = 0; i < GOALS; ++i)
            if (!r.revealed[i]) near += worth.expected[i] * powers.at(fronts.distance(GOAL_CELLS[i]));
        for (int i = 0; i < r.cell_count; ++i) {
            int cell = r.cells[i];
            const Face& f = r.face(cell);
            if (f.gold_sides && !r.is_claimed(cell)) near += f.nuggets * powers.at(fronts.distance(cell) + 1);
        }
        found[2 * seat + 1] = near;
    }
    return found;
}

}  // namespace

std::array<int, GOALS> front_distances(const DuelRound& r, int seat) {
    std::array<int, GOALS> found;
    found.fill(NO_FRONT);
    Fronts fronts(r, seat);
    if (fronts.count)
        for (int i = 0; i < GOALS; ++i) found[i] = fronts.distance(GOAL_CELLS[i]);
    return found;
}

DuelProspects prospects(const DuelRound& r, const GoldWorth& worth) {
    Powers powers{worth.near};
    return prospects_of(r, worth, powers);
}

std::vector<DuelProspects> prospects_after_each(const DuelRound& r, const GoldWorth& worth, int mover,
                                                const std::vector<DuelChange>& changes) {
    std::vector<DuelProspects> found;
    found.reserve(changes.size());
    // One copy of the round (its grid is 13.8 kB): each change is made on it and taken
    // back, which touches a few hundred bytes.
    DuelRound trial = r;
    const Kept kept(r);
    Powers powers{worth.near};
    for (const DuelChange& change : changes) {
        uint8_t face_there = trial.face_at[change.cell], net_there = trial.net_at[change.cell];
        carry_out(trial, change, mover);
        found.push_back(prospects_of(trial, worth, powers));
        kept.put_back(trial);
        trial.face_at[change.cell] = face_there;
        trial.net_at[change.cell] = net_there;
    }
    return found;
}

}  // namespace sab::duel
