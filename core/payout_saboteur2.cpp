#include "payout_saboteur2.hpp"

#include <algorithm>

namespace sab {

namespace {

bool is_digger(int dwarf) { return dwarf == GREEN_DIGGER || dwarf == BLUE_DIGGER; }
int team_bit(int dwarf) { return dwarf == GREEN_DIGGER ? GREEN_DOOR : BLUE_DOOR; }

// rules/gold_pieces.py winning_teams: a digger wins for its own team if the gold
// is open to it, else for the other team if open to that one; any other finder
// wins for every team the gold is open to.
int winning_teams(int finder_dwarf, int open_to) {
    if (!is_digger(finder_dwarf)) return open_to;
    int own = team_bit(finder_dwarf);
    if (open_to & own) return own;
    return open_to & (GREEN_DOOR | BLUE_DOOR) & ~own;
}

}  // namespace

bool gold_open_to(const Round& round, const Saboteur2Tables& s, int colour) {
    const Tables& t = *round.tables;
    const Maze& maze = round.maze;
    int gold_index = 0;
    while (maze.goals[gold_index] != t.gold_card) ++gold_index;
    int gold_slot = maze.slot(GOAL_KEYS[gold_index]);
    if (gold_slot < 0) return false;
    // The sides of each cell a route has come through, by slot; every push adds a
    // side to a cell, so the stack never holds more than four a cell.
    uint8_t passable[SLOTS] = {};
    struct Step {
        uint16_t key;
        uint8_t sides;
    };
    Step stack[4 * MAX_CELLS + 4];
    int top = 0;
    int start = maze.slot(START_KEY);
    passable[start] = static_cast<uint8_t>(passable[start] | START_SHAPE);
    stack[top++] = {static_cast<uint16_t>(START_KEY), static_cast<uint8_t>(START_SHAPE)};
    for (int i = 0; i < maze.cell_count; ++i) {
        int slot = maze.slot_of[i];
        int sides = t.ladder_of(maze.slot_face[slot]);
        if (!sides) continue;
        passable[slot] = static_cast<uint8_t>(passable[slot] | sides);
        stack[top++] = {maze.slot_key[slot], static_cast<uint8_t>(sides)};
    }
    while (top) {
        Step here = stack[--top];
        for (const auto& step : SIDE_STEP) {
            if (!(here.sides & step[0])) continue;
            int neighbour = here.key + step[1];
            int slot = maze.slot(neighbour);
            if (slot < 0) continue;
            int face = maze.slot_face[slot];
            int tunnel = t.tunnel_of(static_cast<uint16_t>(face), step[2]);
            if (!tunnel || (passable[slot] & tunnel)) continue;
            int door = s.door_of(face);
            if (door && door != colour) continue;
            passable[slot] = static_cast<uint8_t>(passable[slot] | tunnel);
            if (top < static_cast<int>(sizeof stack / sizeof stack[0]))
                stack[top++] = {static_cast<uint16_t>(neighbour), static_cast<uint8_t>(tunnel)};
        }
    }
    return passable[gold_slot] != 0;
}

Saboteur2Pay pay_saboteur2(const Round& round, const Saboteur2Tables& s, const int* pieces) {
    // editions/saboteur2.py Saboteur2.gold_reached / round_exhausted and _pay, with
    // gold_pieces.py round_winners, payout and theft_order.
    const int players = round.players;
    Saboteur2Pay pay;
    int dwarf[MAX_SEATS];
    for (int seat = 0; seat < players; ++seat) dwarf[seat] = s.dwarf[round.role[seat]];
    pay.reached = round.finder != NOBODY;
    pay.finder = round.finder;
    // Which dwarf cards win: the profiteer always; without the gold the saboteurs;
    // with it the winning teams and then the boss.
    bool wins[DWARF_KINDS] = {false, false, false, true, false, false};
    if (pay.reached) {
        if (gold_open_to(round, s, GREEN_DOOR)) pay.open_to |= GREEN_DOOR;
        if (gold_open_to(round, s, BLUE_DOOR)) pay.open_to |= BLUE_DOOR;
        int teams = winning_teams(dwarf[round.finder], pay.open_to);
        wins[GREEN_DIGGER] = (teams & GREEN_DOOR) != 0;
        wins[BLUE_DIGGER] = (teams & BLUE_DOOR) != 0;
        wins[BOSS] = teams != 0;
    } else {
        wins[SABOTEUR] = true;
    }
    for (int seat = 0; seat < players; ++seat)
        if (wins[dwarf[seat]] && !round.trapped[seat]) pay.winners.push_back(seat);
    pay.paid.assign(players, 0);
    if (!pay.winners.empty()) {
        size_t count = pay.winners.size();
        int share = count < s.share.size() ? s.share[count] : 1;
        for (int seat : pay.winners) pay.paid[seat] = std::max(0, share - s.shortfall[dwarf[seat]]);
    }
    int geologists = 0, crystals = 0;
    for (int seat = 0; seat < players; ++seat) geologists += dwarf[seat] == GEOLOGIST;
    for (int i = 0; i < round.maze.cell_count; ++i) crystals += s.crystal_of(round.maze.slot_face[round.maze.slot_of[i]]);
    if (geologists)
        for (int seat = 0; seat < players; ++seat)
            if (dwarf[seat] == GEOLOGIST && !round.trapped[seat]) pay.paid[seat] += crystals / geologists;
    // The thieves not trapped, the last to play its theft first, then clockwise from it.
    for (int i = 0; i < round.thief_count; ++i)
        if (!round.trapped[round.thieves[i]]) pay.stealing.push_back(round.thieves[i]);
    if (!pay.stealing.empty()) {
        int last = pay.stealing.back();
        std::stable_sort(pay.stealing.begin(), pay.stealing.end(), [last, players](int a, int b) {
            return (a - last + players) % players < (b - last + players) % players;
        });
    }
    int held[MAX_SEATS];
    pay.round_gold.assign(players, 0);
    for (int seat = 0; seat < players; ++seat) {
        pay.round_gold[seat] = round.round_gold[seat] + pay.paid[seat];
        held[seat] = pieces[seat] + pay.paid[seat];
    }
    for (int thief : pay.stealing) {
        // The policy's steal: from the seat holding the most, the first such seat.
        int victim = -1;
        for (int seat = 0; seat < players; ++seat)
            if (seat != thief && held[seat] > 0 && (victim < 0 || held[seat] > held[victim])) victim = seat;
        if (victim < 0) continue;  // nobody to rob: it steals nothing
        --held[victim], ++held[thief];
        --pay.round_gold[victim], ++pay.round_gold[thief];
        pay.thefts.emplace_back(thief, victim);
    }
    return pay;
}

}  // namespace sab
