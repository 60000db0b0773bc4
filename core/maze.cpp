#include "maze.hpp"

#include <algorithm>
#include <cstring>

namespace sab {

namespace {
inline int hash_slot(int key) { return static_cast<int>((static_cast<uint32_t>(key) * 2654435761u) >> 24); }
}  // namespace

void Maze::clear(const uint8_t goal_cards[3]) {
    std::memset(slot_key, 0, sizeof slot_key);
    cell_count = 0;
    net_count = 0;
    front_count = 0;
    for (int i = 0; i < 3; ++i) {
        goals[i] = goal_cards[i];
        revealed[i] = false;
    }
}

int Maze::slot(int key) const {
    int at = hash_slot(key);
    while (slot_key[at]) {
        if (slot_key[at] == key) return at;
        at = (at + 1) & (SLOTS - 1);
    }
    return -1;
}

void Maze::put(int key, int face) {
    int at = hash_slot(key);
    while (slot_key[at] && slot_key[at] != key) at = (at + 1) & (SLOTS - 1);
    if (!slot_key[at]) slot_of[cell_count++] = static_cast<uint8_t>(at);
    slot_key[at] = static_cast<uint16_t>(key);
    slot_face[at] = static_cast<uint16_t>(face);
    slot_net[at] = 0;
}

void Maze::spread(const Tables& t, int key, int sides, uint16_t* changed, int& changed_count) {
    // rules/maze.py Maze._spread_from: every tunnel reachable from these sides joins.
    int stack_key[MAX_CELLS * 2];
    int stack_sides[MAX_CELLS * 2];
    int depth = 0;
    stack_key[depth] = key;
    stack_sides[depth++] = sides;
    while (depth) {
        --depth;
        int here = stack_key[depth], open = stack_sides[depth];
        for (const auto& step : SIDE_STEP) {
            if (!(open & step[0])) continue;
            int neighbour = here + step[1];
            int s = slot(neighbour);
            if (s < 0) continue;
            int tunnel = t.tunnel_of(slot_face[s], step[2]);
            if (tunnel && !(slot_net[s] & tunnel)) {
                join(s, tunnel);
                if (changed && changed_count < MAX_CELLS * 2) changed[changed_count++] = static_cast<uint16_t>(neighbour);
                stack_key[depth] = neighbour;
                stack_sides[depth++] = tunnel;
            }
        }
    }
}

int Maze::reveal_reached(const Tables& t, int placed, uint16_t* changed, int& changed_count) {
    // rules/maze.py Maze._reveal_reached_goals: a stone turned up may carry the
    // network on to another goal, so this repeats until nothing more is reached.
    int turned = 0;
    bool progress = true;
    while (progress) {
        progress = false;
        for (int index = 0; index < 3; ++index) {
            if (revealed[index]) continue;
            int goal = GOAL_KEYS[index];
            int reached = 0, side = 0;
            for (const auto& step : SIDE_STEP) {
                int neighbour = goal + step[1];
                if (net_at(neighbour) & step[2]) {
                    if (neighbour == placed) { side = step[0]; break; }
                    if (!reached) reached = step[0];
                }
            }
            if (!side) side = reached;
            if (!side) continue;
            const auto& shapes = t.goal_shapes[goals[index]];
            int shape = (shapes[0] & side) ? shapes[0] : shapes[1];
            put(goal, shape);
            revealed[index] = true;
            join(slot(goal), shape);
            if (changed && changed_count < MAX_CELLS * 2) changed[changed_count++] = static_cast<uint16_t>(goal);
            spread(t, goal, shape, changed, changed_count);
            turned |= 1 << index;
            progress = true;
        }
    }
    return turned;
}

int Maze::fits_at(const Tables& t, int key) const {
    // rules/maze.py Maze._compute_frontier, for one cell.
    if (slot(key) >= 0 || is_goal_key(key)) return 0;
    int must_open = 0, must_wall = 0, reach = 0;
    for (const auto& step : SIDE_STEP) {
        int s = slot(key + step[1]);
        if (s < 0) continue;
        if (slot_face[s] & step[2]) {
            must_open |= step[0];
            if (slot_net[s] & step[2]) reach |= step[0];
        } else {
            must_wall |= step[0];
        }
    }
    return t.fits[must_open | must_wall << 4 | reach << 8];
}

void Maze::compute_frontier(const Tables& t) {
    uint16_t candidates[MAX_FRONTIER];
    int count = 0;
    for (int i = 0; i < cell_count; ++i) {
        int s = slot_of[i];
        int sides = slot_net[s];
        if (!sides) continue;
        int key = slot_key[s];
        for (const auto& step : SIDE_STEP)
            if (sides & step[0]) candidates[count++] = static_cast<uint16_t>(key + step[1]);
    }
    std::sort(candidates, candidates + count);
    front_count = 0;
    int last = -1;
    for (int i = 0; i < count; ++i) {
        int key = candidates[i];
        if (key == last) continue;
        last = key;
        int fits = fits_at(t, key);
        if (fits) {
            front_key[front_count] = static_cast<uint16_t>(key);
            front_fits[front_count++] = static_cast<uint16_t>(fits);
        }
    }
}

void Maze::refresh_frontier(const Tables& t, const uint16_t* around, int count) {
    // Only the cells next to a changed cell can enter, leave or change in the
    // frontier: work those out again and merge them into the ordered list.
    uint16_t touched[MAX_FRONTIER];
    int touched_count = 0;
    for (int i = 0; i < count; ++i)
        for (const auto& step : SIDE_STEP)
            if (touched_count < MAX_FRONTIER) touched[touched_count++] = static_cast<uint16_t>(around[i] + step[1]);
    for (int i = 0; i < count && touched_count < MAX_FRONTIER; ++i) touched[touched_count++] = around[i];
    std::sort(touched, touched + touched_count);
    touched_count = static_cast<int>(std::unique(touched, touched + touched_count) - touched);

    uint16_t keys[MAX_FRONTIER], fits[MAX_FRONTIER];
    int out = 0, a = 0, b = 0;
    while (a < front_count || b < touched_count) {
        if (b >= touched_count || (a < front_count && front_key[a] < touched[b])) {
            keys[out] = front_key[a];
            fits[out++] = front_fits[a++];
            continue;
        }
        int key = touched[b++];
        if (a < front_count && front_key[a] == key) ++a;  // replaced by its new value
        int fit = fits_at(t, key);
        if (fit && out < MAX_FRONTIER) {
            keys[out] = static_cast<uint16_t>(key);
            fits[out++] = static_cast<uint16_t>(fit);
        }
    }
    std::memcpy(front_key, keys, out * sizeof(uint16_t));
    std::memcpy(front_fits, fits, out * sizeof(uint16_t));
    front_count = out;
}

int Maze::place(const Tables& t, int face, int key) {
    // rules/maze.py Maze.place. A cell's fits depend on its neighbours' faces and
    // network sides; a cell in the frontier must be next to a network cell: so the
    // frontier changes only next to the placed cell and to the cells the network reached.
    put(key, face);
    uint16_t changed[MAX_CELLS * 2 + 1];
    int changed_count = 0;
    changed[changed_count++] = static_cast<uint16_t>(key);
    int joined = t.ladder_of(face);  // a ladder's tunnel is in the network wherever it lies
    for (const auto& step : SIDE_STEP) {
        if (!(face & step[0] & 15)) continue;
        if (net_at(key + step[1]) & step[2]) joined |= t.tunnel_of(face, step[0]);
    }
    int turned = 0;
    if (joined) {
        join(slot(key), joined);
        spread(t, key, joined, changed, changed_count);
        turned = reveal_reached(t, key, changed, changed_count);
    }
    refresh_frontier(t, changed, changed_count);
    return turned;
}

void Maze::find_network(const Tables& t) {
    for (int i = 0; i < cell_count; ++i) slot_net[slot_of[i]] = 0;
    net_count = 0;
    join(slot(START_KEY), START_SHAPE);
    int none = 0;
    spread(t, START_KEY, START_SHAPE, nullptr, none);
    for (int i = 0; i < cell_count; ++i) {  // rules/maze.py Maze._find_network: the ladders
        int s = slot_of[i];
        int sides = t.ladder_of(slot_face[s]);
        if (sides && !(slot_net[s] & sides)) {
            join(s, sides);
            spread(t, slot_key[s], sides, nullptr, none);
        }
    }
    compute_frontier(t);
}

int Maze::rockfall_keys(uint16_t* keys) const {
    int found = 0;
    for (int i = 0; i < cell_count; ++i) {
        int key = slot_key[slot_of[i]];
        if (key != START_KEY && !is_goal_key(key)) keys[found++] = static_cast<uint16_t>(key);
    }
    std::sort(keys, keys + found);
    return found;
}

int Maze::ladder_cells(uint16_t* keys, uint8_t* must_open, uint8_t* must_wall) const {
    // rules/maze.py Maze._compute_ladder_cells: every empty cell next to a card that is
    // not a goal, itself neither a goal nor next to one, by key.
    uint16_t candidates[MAX_FRONTIER];
    int count = 0;
    for (int i = 0; i < cell_count; ++i) {
        int key = slot_key[slot_of[i]];
        if (is_goal_key(key)) continue;
        for (const auto& step : SIDE_STEP) {
            int next = key + step[1];
            if (slot(next) < 0 && !is_goal_key(next) && !next_to_goal(next))
                candidates[count++] = static_cast<uint16_t>(next);
        }
    }
    std::sort(candidates, candidates + count);
    count = static_cast<int>(std::unique(candidates, candidates + count) - candidates);
    for (int c = 0; c < count; ++c) {
        int open = 0, wall = 0;
        for (const auto& step : SIDE_STEP) {
            int s = slot(candidates[c] + step[1]);
            if (s < 0) continue;
            if (slot_face[s] & step[2]) open |= step[0];
            else wall |= step[0];
        }
        keys[c] = candidates[c];
        must_open[c] = static_cast<uint8_t>(open);
        must_wall[c] = static_cast<uint8_t>(wall);
    }
    return count;
}

void Maze::remove(const Tables& t, int key) {
    // Open addressing keeps no holes: lay the other cards out again, in their order.
    uint16_t keys[MAX_CELLS], faces[MAX_CELLS];
    int count = 0;
    for (int i = 0; i < cell_count; ++i) {
        int s = slot_of[i];
        if (slot_key[s] == key) continue;
        keys[count] = slot_key[s];
        faces[count++] = slot_face[s];
    }
    std::memset(slot_key, 0, sizeof slot_key);
    cell_count = 0;
    net_count = 0;
    for (int i = 0; i < count; ++i) put(keys[i], faces[i]);
    find_network(t);
}

}  // namespace sab
