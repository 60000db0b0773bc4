// The Duel's round: listing, applying, networks, goals and claims
// (round_duel.hpp; each step names the Python it mirrors).
#include "round_duel.hpp"

#include <algorithm>
#include <cstring>

namespace sab::duel {

namespace {

// What each cell of the grid is, worked out once: listing asks it of every candidate.
enum CellFlag : uint8_t { GOAL_CELL = 1, NEXT_TO_GOAL = 2, START_CELL = 4, IN_REACH = 8 };

struct CellFlags {
    uint8_t of[GRID];
    CellFlags() : of{} {
        for (int cell = 0; cell < GRID; ++cell) {
            int x = grid_x(cell), y = grid_y(cell);
            if (x >= -REACH && x <= REACH && y >= -REACH && y <= REACH) of[cell] |= IN_REACH;
        }
        for (int goal : GOAL_CELLS) {
            of[goal] |= GOAL_CELL;
            for (const auto& step : STEP) of[goal + step[1]] |= NEXT_TO_GOAL;
        }
        for (int start : START_CELLS) of[start] |= START_CELL;
    }
};
const CellFlags FLAGS;

bool is_goal_cell(int cell) { return FLAGS.of[cell] & GOAL_CELL; }
bool is_start_cell(int cell) { return FLAGS.of[cell] & START_CELL; }
bool within_reach(int cell) { return FLAGS.of[cell] & IN_REACH; }
bool next_to_goal(int cell) { return FLAGS.of[cell] & NEXT_TO_GOAL; }
int goal_index(int cell) {
    for (int i = 0; i < GOALS; ++i)
        if (GOAL_CELLS[i] == cell) return i;
    return -1;
}

uint32_t at_cell(uint32_t code, int cell) {
    return code | static_cast<uint32_t>(grid_x(cell) + 128) << 12 | static_cast<uint32_t>(grid_y(cell) + 128) << 20;
}
int cell_in(uint32_t code) {
    return grid_of(static_cast<int>(code >> 12 & 255) - 128, static_cast<int>(code >> 20 & 255) - 128);
}

// Cells sorted and without repeats (a handful: sorting beats any bookkeeping).
int sorted_unique(uint16_t* cells, int count) {
    std::sort(cells, cells + count);
    return static_cast<int>(std::unique(cells, cells + count) - cells);
}

}  // namespace

int DuelRound::counters_left(int seat) const {
    int placed = 0;
    for (int i = 0; i < claim_count; ++i) placed += claim_seat[i] == seat;
    for (int i = 0; i < bribe_count; ++i) placed += bribe_seat[i] == seat;
    return COUNTERS - placed;
}

bool DuelRound::is_claimed(int cell) const {
    for (int i = 0; i < claim_count; ++i)
        if (claim_cell[i] == cell) return true;
    return false;
}

// duel_maze.py has_token: a counter or a key lies on the card.
bool DuelRound::has_token(int cell) const {
    for (int i = 0; i < bribe_count; ++i)
        if (bribe_cell[i] == cell) return true;
    return key_owner(cell) >= 0 || is_claimed(cell);
}

// duel_maze.py closed: a troll without the seat's counter, a door of the other colour
// without the seat's key.
bool DuelRound::closed(int seat, int cell, const Face& f, int side) const {
    if (!(f.barred & side)) return false;
    if (f.troll == side) return !bribed(cell, seat);
    return f.door_seat != seat && key_owner(cell) != seat;
}

int DuelRound::open_past_barriers(int seat, int cell, const Face& f, int sides) const {
    for (const auto& step : STEP)
        if (sides & step[0] && closed(seat, cell, f, step[0])) sides &= ~step[0];
    return sides;
}

// duel_maze.py _search from one tunnel not yet in the network.
void DuelRound::spread(int seat, int cell, int tunnel, uint16_t* reached_cells, int* reached_count) {
    uint16_t stack_cell[4 * MAX_CELLS];
    uint8_t stack_tunnel[4 * MAX_CELLS];
    int depth = 0;
    join(seat, cell, tunnel);
    stack_cell[depth] = static_cast<uint16_t>(cell);
    stack_tunnel[depth++] = static_cast<uint8_t>(tunnel);
    while (depth) {
        --depth;
        int at = stack_cell[depth], sides = stack_tunnel[depth];
        const Face& f = face(at);
        for (const auto& step : STEP) {
            if (!(sides & step[0]) || closed(seat, at, f, step[0])) continue;
            int there = at + step[1];
            if (!face_at[there]) continue;
            const Face& other = face(there);
            int reached = other.tunnel_at[step[2]];
            if (!reached || net(seat, there) & reached || closed(seat, there, other, step[2])) continue;
            join(seat, there, reached);
            if (reached_cells && *reached_count < MAX_FRONT) reached_cells[(*reached_count)++] = static_cast<uint16_t>(there);
            stack_cell[depth] = static_cast<uint16_t>(there);
            stack_tunnel[depth++] = static_cast<uint8_t>(reached);
        }
    }
}

// duel_maze.py network_of: from every ladder of the seat's colour (its start's too).
void DuelRound::find_network(int seat) {
    for (int i = 0; i < cell_count; ++i) net_at[cells[i]] = static_cast<uint8_t>(net_at[cells[i]] & ~(15 << (4 * seat)));
    for (int i = 0; i < cell_count; ++i) {
        const Face& f = face(cells[i]);
        if (f.ladder == seat + 1 && !(net(seat, cells[i]) & f.first_tunnel)) spread(seat, cells[i], f.first_tunnel);
    }
}

void DuelRound::find_networks() {
    changed();
    find_network(0);
    find_network(1);
}

void DuelRound::find_gold() {
    gold_count = 0;
    for (int i = 0; i < cell_count; ++i)
        if (face(cells[i]).gold_sides && !is_claimed(cells[i])) gold_cells[gold_count++] = cells[i];
}

namespace {

void drop(uint16_t* cells, uint8_t& count, int cell) {
    for (int i = 0; i < count; ++i)
        if (cells[i] == cell) {
            cells[i] = cells[--count];
            return;
        }
}

}  // namespace

// duel_maze.py lay and _extend: the card joins what it reaches to each network; the
// frontier changes only beside the card and beside the cells the networks reached.
void DuelRound::lay(int face_index, int cell) {
    face_at[cell] = static_cast<uint8_t>(face_index + 1);
    cells[cell_count++] = static_cast<uint16_t>(cell);
    const Face& f = tables->faces[face_index];
    if (f.gold_sides) gold_cells[gold_count++] = static_cast<uint16_t>(cell);
    uint16_t reached[MAX_FRONT];
    int reached_count = 0;
    reached[reached_count++] = static_cast<uint16_t>(cell);
    for (int seat = 0; seat < 2; ++seat) {
        if (f.ladder == seat + 1) {
            spread(seat, cell, f.first_tunnel, reached, &reached_count);
            continue;
        }
        for (int t = 0; t < f.tunnel_count; ++t) {
            int tunnel = f.tunnels[t];
            if (net(seat, cell) & tunnel) continue;  // joined through another of its tunnels
            for (const auto& step : STEP) {
                if (!(tunnel & step[0]) || closed(seat, cell, f, step[0])) continue;
                int there = cell + step[1];
                if (!face_at[there]) continue;
                const Face& other = face(there);
                int joined = other.tunnel_at[step[2]];
                if (joined && net(seat, there) & joined && !closed(seat, there, other, step[2])) {
                    spread(seat, cell, tunnel, reached, &reached_count);
                    break;
                }
            }
        }
    }
    if (!front_ready) return;
    if (reached_count >= MAX_FRONT) {
        changed();
        return;
    }
    refresh_frontier(reached, reached_count, cell);
}

// duel_maze.py remove (a rockfall): the networks are searched again.
void DuelRound::remove(int cell) {
    face_at[cell] = 0;
    net_at[cell] = 0;
    int kept = 0;
    for (int i = 0; i < cell_count; ++i)
        if (cells[i] != cell) cells[kept++] = cells[i];
    cell_count = static_cast<uint8_t>(kept);
    drop(gold_cells, gold_count, cell);
    find_networks();
}

// duel_maze.py reveal_reached: every goal either network reaches turns up, until none does.
void DuelRound::reveal_reached() {
    bool progress = true;
    while (progress) {
        progress = false;
        bool all = true;
        for (int i = 0; i < GOALS; ++i) all = all && revealed[i];
        if (all) return;
        for (int i = 0; i < GOALS; ++i) {
            if (revealed[i]) continue;
            int reaching = 0;
            for (const auto& step : STEP) {
                int there = GOAL_CELLS[i] + step[1];
                if (net_at[there] && (open_sides(0, there) | open_sides(1, there)) & step[2]) reaching |= step[0];
            }
            if (!reaching) continue;
            int lying = goals[i];
            const Face& printed = tables->faces[lying];
            if (!(printed.sides & reaching) && tables->faces[printed.turned].sides & reaching) lying = printed.turned;
            revealed[i] = 1;
            lay(lying, GOAL_CELLS[i]);
            progress = true;
        }
    }
}

// duel_maze.py claim and reached_gold: the unclaimed cards whose gold the seat reaches,
// more nuggets first, then by cell, while its counters last.
void DuelRound::claim(int seat) {
    int left = counters_left(seat);
    if (!left) return;
    uint16_t found[MAX_CELLS];
    int count = 0;
    for (int i = 0; i < gold_count; ++i) {
        int cell = gold_cells[i];
        const Face& f = face(cell);
        for (const auto& step : STEP) {
            if (!(f.gold_sides & step[0])) continue;
            int tunnel = f.tunnel_at[step[0]];
            // Gold on a stub lies at the end of a dead end: reached from across it.
            bool reached = tunnel ? (net(seat, cell) & tunnel) != 0
                                  : (open_sides(seat, cell + step[1]) & step[2]) != 0;
            if (reached) {
                found[count++] = static_cast<uint16_t>(cell);
                break;
            }
        }
    }
    std::sort(found, found + count, [this](uint16_t a, uint16_t b) {
        int na = face(a).nuggets, nb = face(b).nuggets;
        return na != nb ? na > nb : a < b;
    });
    for (int i = 0; i < count && i < left && claim_count < MAX_TOKENS; ++i) {
        claim_cell[claim_count] = found[i];
        claim_seat[claim_count++] = static_cast<uint8_t>(seat);
        drop(gold_cells, gold_count, found[i]);
    }
}

int DuelRound::nuggets_won(int seat) const {
    int claimed[MAX_TOKENS];
    int count = 0, bribes = 0, won = 0;
    for (int i = 0; i < claim_count; ++i)
        if (claim_seat[i] == seat) won += claimed[count++] = face(claim_cell[i]).nuggets;
    for (int i = 0; i < bribe_count; ++i) bribes += bribe_seat[i] == seat;
    std::sort(claimed, claimed + count);
    for (int i = 0; i < bribes && i < count; ++i) won -= claimed[i];
    return won;
}

// -- listing ------------------------------------------------------------------------

// DuelMaze.cell_constraints of one cell for both seats at once: false if no path card
// could go there (a card there, a goal cell, out of reach, no card beside it).
bool DuelRound::front_entry(int cell, FrontEntry& e) const {
    if (face_at[cell] || is_goal_cell(cell) || !within_reach(cell)) return false;
    int near = 0, open = 0, joins = 0, flags = next_to_goal(cell) ? FrontEntry::BESIDE_GOAL : 0;
    for (const auto& step : STEP) {
        int there = cell + step[1];
        if (!face_at[there]) continue;
        near |= step[0];
        if (!is_goal_cell(there)) flags |= FrontEntry::TOUCHES_CARD;
        if (face(there).sides & step[2]) {
            open |= step[0];
            if (net_at[there]) {
                if (open_sides(0, there) & step[2]) joins |= step[0];
                if (open_sides(1, there) & step[2]) joins |= step[0] << 4;
            }
        }
    }
    if (!near) return false;
    e.at = at_cell(0, cell);
    e.cell = static_cast<uint16_t>(cell);
    e.near = static_cast<uint8_t>(near);
    e.open = static_cast<uint8_t>(open);
    e.joins = static_cast<uint8_t>(joins);
    e.flags = static_cast<uint8_t>(flags);
    return true;
}

// The frontier worked out from the whole maze (after a change lay() does not follow).
const DuelFrontier& DuelRound::frontier() const {
    if (front_ready) return front;
    DuelFrontier& f = front;
    uint16_t candidates[MAX_FRONT];
    int found = 0;
    f.troll_count = 0;
    for (int i = 0; i < cell_count; ++i) {
        int cell = cells[i];
        if (face(cell).troll) f.trolls[f.troll_count++] = static_cast<uint16_t>(cell);
        for (const auto& step : STEP) candidates[found++] = static_cast<uint16_t>(cell + step[1]);
    }
    std::sort(f.trolls, f.trolls + f.troll_count);
    found = sorted_unique(candidates, found);
    f.count = 0;
    for (int c = 0; c < found; ++c)
        if (front_entry(candidates[c], f.entries[f.count])) ++f.count;
    front_ready = true;
    return f;
}

// After a card was laid at ``laid``: the cells beside it and beside every cell whose
// networks it changed (``around``, the card's cell among them) are worked out again and
// merged into the ordered frontier (core/maze.cpp refresh_frontier does the same).
void DuelRound::refresh_frontier(uint16_t* around, int count, int laid) {
    DuelFrontier& f = front;
    if (face(laid).troll) {  // into the trolls, by cell
        int i = f.troll_count++;
        for (; i > 0 && f.trolls[i - 1] > laid; --i) f.trolls[i] = f.trolls[i - 1];
        f.trolls[i] = static_cast<uint16_t>(laid);
    }
    uint16_t touched[4 * MAX_FRONT + 1];
    int touched_count = 0;
    touched[touched_count++] = static_cast<uint16_t>(laid);
    for (int i = 0; i < count; ++i)
        for (const auto& step : STEP) touched[touched_count++] = static_cast<uint16_t>(around[i] + step[1]);
    touched_count = sorted_unique(touched, touched_count);
    FrontEntry merged[MAX_FRONT];
    int out = 0, a = 0, b = 0;
    while (a < f.count || b < touched_count) {
        if (b >= touched_count || (a < f.count && f.entries[a].cell < touched[b])) {
            merged[out++] = f.entries[a++];
            continue;
        }
        int cell = touched[b++];
        if (a < f.count && f.entries[a].cell == cell) ++a;  // replaced by what it is now
        if (out < MAX_FRONT && front_entry(cell, merged[out])) ++out;
    }
    std::memcpy(f.entries, merged, static_cast<size_t>(out) * sizeof(FrontEntry));
    f.count = static_cast<uint16_t>(out);
}

// kinds/bribe.py list_bribes: the trolls, by cell, that the seat may bribe.
void DuelRound::list_bribes(int seat, std::vector<uint32_t>& out) const {
    if (!counters_left(seat)) return;
    const DuelFrontier& f = frontier();
    for (int i = 0; i < f.troll_count; ++i) {
        int cell = f.trolls[i];
        if (bribed(cell, seat)) continue;
        const Face& troll = face(cell);
        int side = troll.troll;
        bool touches = net(seat, cell) & troll.tunnel_at[side];
        if (!touches) {
            for (const auto& step : STEP) {
                if (step[0] != side) continue;
                int there = cell + step[1];
                touches = face_at[there] && net(seat, there) & face(there).tunnel_at[step[2]];
            }
        }
        if (touches) out.push_back(at_cell(static_cast<uint32_t>(BRIBE), cell));
    }
}

// Two sides' bits (bit 0 and bit 1) spread out to bits 0 and 32 of a word.
constexpr uint64_t SPREAD[4] = {0, 1, uint64_t{1} << 32, (uint64_t{1} << 32) | 1};

// DuelGame._list_placements over DuelMaze.cell_constraints: by cell, then face. The
// hand's faces are sets of bits (face i, bit i), so that each cell tests them all at once.
void DuelRound::list_placements(int seat, const uint8_t* distinct, int count, std::vector<uint32_t>& out) const {
    static_assert(2 * MAX_HAND <= 32, "a side's faces are 32 bits of a word");
    uint32_t codes[2 * MAX_HAND];
    // Per side (STEP[s][0] is 1 << s), the faces open on that side and the faces that
    // join the seat's network across it, two sides to a word (sides 1 and 2 in
    // ``open_low``'s bits 0-31 and 32-63, sides 4 and 8 in ``open_high``'s): each face's
    // sides go in two at a time rather than bit by bit.
    uint64_t open_low = 0, open_high = 0, joining_low = 0, joining_high = 0;
    uint32_t own_ladders = 0, ladders = 0;
    int faces = 0;
    for (int i = 0; i < count; ++i) {
        int card = distinct[i];
        const auto& ways = tables->lying[card];
        const int lying = static_cast<int>(ways.size());
        for (int which = 0; which < lying; ++which) {
            const Face& f = tables->faces[ways[which]];
            uint32_t bit = 1u << faces;
            codes[faces] = code_of(PLACE, card) | static_cast<uint32_t>(which) << 28;
            open_low |= SPREAD[f.sides & 3] << faces;
            open_high |= SPREAD[f.sides >> 2 & 3] << faces;
            if (f.ladder == seat + 1) {
                own_ladders |= bit;
            } else {
                joining_low |= SPREAD[f.joining[seat] & 3] << faces;
                joining_high |= SPREAD[f.joining[seat] >> 2 & 3] << faces;
            }
            if (f.ladder) ladders |= bit;
            ++faces;
        }
    }
    if (!faces) return;
    const uint32_t with_side[4] = {static_cast<uint32_t>(open_low), static_cast<uint32_t>(open_low >> 32),
                                   static_cast<uint32_t>(open_high), static_cast<uint32_t>(open_high >> 32)};
    const uint32_t joining[4] = {static_cast<uint32_t>(joining_low), static_cast<uint32_t>(joining_low >> 32),
                                 static_cast<uint32_t>(joining_high), static_cast<uint32_t>(joining_high >> 32)};
    // By the sides a cell asks open, walled or joined: the faces that are, that are not,
    // that join across one of them (each built from the one with a side fewer).
    uint32_t open_on[16], walled_on[16], joined_across[16];
    open_on[0] = walled_on[0] = ~0u;
    joined_across[0] = 0;
    for (int m = 1; m < 16; ++m) {
        int s = __builtin_ctz(static_cast<unsigned>(m)), rest = m & (m - 1);
        open_on[m] = open_on[rest] & with_side[s];
        walled_on[m] = walled_on[rest] & ~with_side[s];
        joined_across[m] = joined_across[rest] | joining[s];
    }
    const DuelFrontier& front = frontier();
    int shift = 4 * seat;
    for (int c = 0; c < front.count; ++c) {
        const FrontEntry& e = front.entries[c];
        int joins = e.joins >> shift & 15;
        // With a ladder of the seat's colour every cell next to a card; else those an
        // open side of the seat's network faces.
        if (!joins && !own_ladders) continue;
        uint32_t fit = open_on[e.open] & walled_on[e.near & ~e.open];
        if (e.flags & FrontEntry::BESIDE_GOAL) fit &= ~ladders;
        uint32_t joined = joined_across[joins] | (e.flags & FrontEntry::TOUCHES_CARD ? own_ladders : 0);
        for (uint32_t fits = fit & joined; fits; fits &= fits - 1) out.push_back(codes[__builtin_ctz(fits)] | e.at);
    }
}

// DuelGame.legal_moves' action cards.
void DuelRound::list_actions(int seat, int card, std::vector<uint32_t>& out) const {
    int kind = tables->kind[card];
    if (kind == BREAK) {
        int other = 1 - seat, tool = tables->tools[card][0];
        if (!(broken[other] >> tool & 1))
            out.push_back(code_of(BREAK, card) | static_cast<uint32_t>(other) << 12 | static_cast<uint32_t>(tool) << 16);
    } else if (kind == FIX) {
        for (int tool : tables->tools[card])
            if (broken[seat] >> tool & 1)
                out.push_back(code_of(FIX, card) | static_cast<uint32_t>(seat) << 12 | static_cast<uint32_t>(tool) << 16);
    } else if (kind == KEY) {
        if (key_count >= KEY_TOKENS) return;
        uint16_t doors[MAX_CELLS];
        int count = 0;
        for (int i = 0; i < cell_count; ++i) {
            int cell = cells[i];
            if (face(cell).door_seat == 1 - seat && key_owner(cell) < 0) doors[count++] = static_cast<uint16_t>(cell);
        }
        std::sort(doors, doors + count);
        for (int i = 0; i < count; ++i) out.push_back(at_cell(code_of(KEY, card), doors[i]));
    } else if (kind == MAP) {
        for (int i = 0; i < GOALS; ++i)
            if (!revealed[i]) out.push_back(at_cell(code_of(MAP, card), GOAL_CELLS[i]));
    } else if (kind == ROCKFALL) {
        uint16_t paths[MAX_CELLS];
        int count = 0;
        for (int i = 0; i < cell_count; ++i) {
            int cell = cells[i];
            if (!is_start_cell(cell) && !is_goal_cell(cell) && !has_token(cell)) paths[count++] = static_cast<uint16_t>(cell);
        }
        std::sort(paths, paths + count);
        for (int i = 0; i < count; ++i) out.push_back(at_cell(code_of(ROCKFALL, card), paths[i]));
    }
}

// The hand's distinct cards in the order they came (placements, action cards and
// single discards list them so) and sorted as text, each with its copies (the pairs
// of discards and clears are the combinations of the sorted hand, each once). A card's
// rank is below 128 (a code's seven card bits): two words of bits sort them.
struct HandKinds {
    int count = 0;
    uint8_t in_order[MAX_HAND];
    uint8_t by_rank[MAX_HAND];
    uint8_t copies[MAX_HAND];  // of by_rank's cards
};

void DuelRound::hand_kinds(int seat, HandKinds& kinds) const {
    const auto& rank = tables->rank;
    uint64_t held[2] = {0, 0};
    uint8_t card_at[128], copies_at[128];
    for (int i = 0; i < hand_size[seat]; ++i) {
        int card = hand[seat][i], r = rank[card];
        uint64_t bit = 1ull << (r & 63);
        if (!(held[r >> 6] & bit)) {
            held[r >> 6] |= bit;
            card_at[r] = static_cast<uint8_t>(card);
            copies_at[r] = 0;
            kinds.in_order[kinds.count++] = static_cast<uint8_t>(card);
        }
        ++copies_at[r];
    }
    int k = 0;
    for (int word = 0; word < 2; ++word)
        for (uint64_t bits = held[word]; bits; bits &= bits - 1) {
            int r = 64 * word + __builtin_ctzll(bits);
            kinds.by_rank[k] = card_at[r];
            kinds.copies[k++] = copies_at[r];
        }
}

// DuelGame.legal_moves: bribes; then placements, action cards, clears and discards
// (pass alone with an empty hand).
void DuelRound::legal(std::vector<uint32_t>& out) const {
    out.clear();
    if (phase != PLAY || to_move == NOBODY) return;
    int seat = to_move;
    list_bribes(seat, out);
    int size = hand_size[seat];
    if (!size) {
        out.push_back(static_cast<uint32_t>(PASS));
        return;
    }
    HandKinds kinds;
    hand_kinds(seat, kinds);
    const int count = kinds.count;
    if (!broken[seat]) list_placements(seat, kinds.in_order, count, out);
    for (int i = 0; i < count; ++i) list_actions(seat, kinds.in_order[i], out);
    // A pair's cards as a code's bits (the first card, the second + 1), sorted as text.
    uint32_t pairs[MAX_HAND * (MAX_HAND + 1) / 2];
    int pair_count = 0;
    for (int a = 0; a < count; ++a) {
        uint32_t first = code_of(0, kinds.by_rank[a]);
        if (kinds.copies[a] > 1) pairs[pair_count++] = first | static_cast<uint32_t>(kinds.by_rank[a] + 1) << 12;
        for (int b = a + 1; b < count; ++b) pairs[pair_count++] = first | static_cast<uint32_t>(kinds.by_rank[b] + 1) << 12;
    }
    // The clears (the broken tools in front, in TOOLS order) and the discards, whose
    // number is known: written in place rather than a code at a time.
    const int tools = size >= 2 ? __builtin_popcount(broken[seat]) : 0;
    const size_t at = out.size();
    out.resize(at + static_cast<size_t>(tools * pair_count + count + pair_count));
    uint32_t* put = out.data() + at;
    if (tools)
        for (int tool = 0; tool < 3; ++tool) {
            if (!(broken[seat] >> tool & 1)) continue;
            uint32_t clear = static_cast<uint32_t>(CLEAR) | static_cast<uint32_t>(tool) << 19;
            for (int p = 0; p < pair_count; ++p) *put++ = clear | pairs[p];
        }
    for (int i = 0; i < count; ++i) *put++ = code_of(DISCARD, kinds.in_order[i]);
    for (int p = 0; p < pair_count; ++p) *put++ = static_cast<uint32_t>(DISCARD) | pairs[p];
}

// -- applying -----------------------------------------------------------------------

void DuelRound::take_from_hand(int seat, int card) {
    uint8_t* cards = hand[seat];
    int size = hand_size[seat];
    for (int i = 0; i < size; ++i)
        if (cards[i] == card) {
            std::memmove(cards + i, cards + i + 1, static_cast<size_t>(size - i - 1));
            hand_size[seat] = static_cast<uint8_t>(size - 1);
            return;
        }
}

// DuelGame._apply and _carry_out: the move, the draws, the goals reached, both seats'
// claims (the mover's first), and the round's ends.
void DuelRound::apply(uint32_t code) {
    int seat = to_move;
    int kind = kind_of(code), card = card_of(code);
    int draws = 1;
    if (kind == BRIBE) {
        int cell = cell_in(code);
        bribe_cell[bribe_count] = static_cast<uint16_t>(cell);
        bribe_seat[bribe_count++] = static_cast<uint8_t>(seat);
        find_networks();
        draws = 0;
    } else {
        last_turn = static_cast<uint8_t>(seat);
        if (kind == PLACE) {
            take_from_hand(seat, card);
            lay(tables->lying[card][face_index_of(code)], cell_in(code));
            last_path = static_cast<uint8_t>(seat);
        } else if (kind == PASS) {
        } else {
            take_from_hand(seat, card);
            int second = second_of(code);
            if ((kind == DISCARD || kind == CLEAR) && second >= 0) take_from_hand(seat, second);
            if (kind == BREAK) {
                broken[1 - seat] = static_cast<uint8_t>(broken[1 - seat] | 1 << tool_of(code));
            } else if (kind == FIX) {
                broken[seat] = static_cast<uint8_t>(broken[seat] & ~(1 << tool_of(code)));
                discard(card);
                discard(tables->break_card[tool_of(code)]);
            } else if (kind == KEY) {
                int cell = cell_in(code);
                key_cell[key_count] = static_cast<uint16_t>(cell);
                key_seat[key_count++] = static_cast<uint8_t>(seat);
                find_networks();
                discard(card);
            } else if (kind == MAP) {
                int index = goal_index(cell_in(code));
                bool seen = false;
                for (int i = 0; i < mapped_count[seat]; ++i) seen = seen || mapped[seat][i] == index;
                if (!seen) mapped[seat][mapped_count[seat]++] = static_cast<uint8_t>(index);
                discard(card);
            } else if (kind == ROCKFALL) {
                int cell = cell_in(code);
                discard(face(cell).card);
                remove(cell);
                discard(card);
            } else if (kind == CLEAR) {
                int tool = front_of(code);
                broken[seat] = static_cast<uint8_t>(broken[seat] & ~(1 << tool));
                discard(card);
                discard(second);
                discard(tables->break_card[tool]);
            } else {  // DISCARD
                discard(card);
                if (second >= 0) {
                    discard(second);
                    draws = 2;
                }
            }
        }
    }
    for (int i = 0; i < draws && pile_size; ++i) hand[seat][hand_size[seat]++] = pile[--pile_size];
    // Goals turn up and gold is claimed only where a network may have grown: after
    // any other move both are as the last move left them (each ran to its end then).
    if (kind == PLACE || kind == BRIBE || kind == KEY || kind == ROCKFALL) {
        reveal_reached();
        claim(seat);
        claim(1 - seat);
    }
    bool all = true;
    for (int i = 0; i < GOALS; ++i) all = all && revealed[i];
    uint8_t ended = all ? END_GOALS
                    : !counters_left(0) && !counters_left(1) ? END_COUNTERS
                    : !pile_size && !hand_size[0] && !hand_size[1] ? END_CARDS
                                                                   : NOT_ENDED;
    if (ended) {
        end = ended;
        phase = ENDED;  // the rules score the round (duel_results.py)
        to_move = NOBODY;
    } else if (kind != BRIBE) {
        to_move = static_cast<uint8_t>(1 - seat);
    }
}

}  // namespace sab::duel
