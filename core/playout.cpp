#include "playout.hpp"

#include <algorithm>

#include "maze_search.hpp"

namespace sab {

namespace {

// rollout._after: the network's need once a connected card of ``shape`` lies at ``key``.
int need_after(const GoalField& need, const CellGrid& grid, int key, int shape) {
    int best = FAR;
    for (const auto& step : SIDE_STEP) {
        if (!(shape & step[0])) continue;
        int neighbour = key + step[1];
        int other = grid.face(neighbour);
        if (other >= 0 && !(other & step[2]) && !is_goal_key(neighbour)) continue;  // a wall
        best = std::min(best, need.need(neighbour));
    }
    return best;
}

// rollout._cleared: whether emptying ``key`` would open a way at most ``distance`` long.
bool cleared(const GoalField& need, int key, int distance) {
    int through = FAR;
    for (const auto& step : SIDE_STEP) through = std::min(through, need.need(key + step[1]));
    return key != START_KEY && through + 1 <= distance;
}

bool dead_end_card(const Tables& t, int card) {
    return t.kind[card] == PLACE && !t.faces[card].empty() && (t.faces[card][0] & DEAD_END);
}

}  // namespace

GoalField::GoalField() : values_(65536, ABSENT) {}

void GoalField::set(int key, int value) {
    if (values_[key] == ABSENT) touched_.push_back(static_cast<uint16_t>(key));
    values_[key] = static_cast<uint8_t>(value);
}

void GoalField::reset() {
    for (uint16_t key : touched_) values_[key] = ABSENT;
    touched_.clear();
    valid_ = false;
}

void GoalField::compute(const CellGrid& grid, int goal) {
    // maze_view.cards_to_goal, step for step (the same queue order, the same stop).
    reset();
    valid_ = true;
    int target = GOAL_KEYS[goal];
    set(target, 0);
    int reached = FAR;
    static KeyDeque queue;
    queue.head = queue.tail = 0;
    queue.push_back(target);
    while (!queue.empty()) {
        int key = queue.pop_front();
        int here = values_[key];
        if (here < reached && grid.in_network(key)) reached = here;
        if (here > reached + 1) break;
        int shape = key == target ? -1 : grid.face(key);
        for (const auto& step : SIDE_STEP) {
            if (shape >= 0 && !(shape & step[0])) continue;  // the path cannot leave on that side
            int neighbour = key + step[1];
            int other = grid.face(neighbour);
            if (other < 0) {
                // A face-down goal is never open ground: it blocks the way.
                if (open_ground(neighbour) && need(neighbour) > here + 1) {
                    set(neighbour, here + 1);
                    queue.push_back(neighbour);
                }
                continue;
            }
            if ((other & step[2]) && !(other & DEAD_END) && need(neighbour) > here) {
                set(neighbour, here);
                queue.push_front(neighbour);
            }
        }
    }
}

int target_goal(const Round& round, int seat) {
    const Maze& maze = round.maze;
    int gold = round.tables->gold_card;
    bool mapped[3] = {false, false, false};
    for (int i = 0; i < round.mapped_count[seat]; ++i) {
        int index = round.mapped[seat][i];
        if (maze.goals[index] == gold && !maze.revealed[index]) return index;
        mapped[index] = true;
    }
    for (int index : {1, 0, 2})  // the middle goal first: it is the nearest to the start
        if (!maze.revealed[index] && (!mapped[index] || maze.goals[index] == gold)) return index;
    return 1;
}

void score_moves(const Round& round, const std::vector<uint32_t>& moves, GoalFields& fields, SplitMix* rng,
                 double guess_right, std::vector<double>& scores) {
    const Tables& t = *round.tables;
    const Maze& maze = round.maze;
    int seat = round.to_move;
    bool miner = round.miner[seat] != 0;
    const GoalField& need = fields.of(maze, target_goal(round, seat));
    const CellGrid& grid = fields.grid_of(maze);
    int distance = FAR;
    for (int i = 0; i < maze.net_count; ++i) distance = std::min(distance, need.need(maze.slot_key[maze.net_of[i]]));
    bool gold_known = false;
    for (int i = 0; i < round.mapped_count[seat]; ++i) gold_known |= maze.goals[round.mapped[seat][i]] == t.gold_card;
    auto chance = [rng]() { return rng ? rng->uniform() : 0.0; };
    scores.clear();
    for (uint32_t code : moves) {
        double score = 0.0;
        switch (kind_of(code)) {
            case PLACE: {
                int shape = t.faces[card_of(code)][face_index_of(code)];
                int key = cell_of(code);
                bool on_the_way = need.need(key) == distance;  // the shortest way crosses this cell
                bool dead_end = shape & DEAD_END;
                bool progress = !dead_end && need_after(need, grid, key, shape) < distance;
                if (miner)
                    score = progress ? (distance == 1 ? 30.0 : 20.0) : (dead_end ? -20.0 : -1.0);
                else if (progress)
                    score = -20.0;
                else if (on_the_way)
                    score = (dead_end ? 18.0 : 14.0) - distance;  // block nearest the gold
                else
                    score = dead_end ? -5.0 : -1.0;
                break;
            }
            case ROCKFALL: {
                int key = cell_of(code);
                if (miner)  // clear a dead end lying where the shortest way would go
                    score = (grid.face(key) & DEAD_END) && cleared(need, key, distance) ? 16.0 : -5.0;
                else
                    score = grid.in_network(key) && need.reached(key) && need.need(key) == distance
                                ? 15.0 - distance
                                : -5.0;
                break;
            }
            case BREAK: {
                int target = target_of(code);
                bool opponent = (round.miner[target] != 0) != miner;
                if (target == seat || chance() > (opponent ? guess_right : 1 - guess_right)) {
                    score = SKIPPED;
                    break;
                }
                score = miner ? 4.0 : 12.0;
                break;
            }
            case FIX: {
                int target = target_of(code);
                if (target == seat)
                    score = miner ? 25.0 : 3.0;
                else
                    score = (round.miner[target] != 0) == miner ? 6.0 : -1.0;
                break;
            }
            case MAP:
                score = gold_known ? -1.0 : (miner ? 10.0 : 2.0);
                break;
            case DISCARD:
                score = chance() * 0.5 + (dead_end_card(t, card_of(code)) && miner ? 0.5 : 0.0);
                break;
            default:
                break;
        }
        scores.push_back(score);
    }
}

uint32_t playout_choice(const Round& round, const std::vector<uint32_t>& moves, GoalFields& fields, SplitMix& rng,
                        double guess_right) {
    if (moves.size() == 1) return moves[0];
    if (round.phase == GOLD) {
        uint32_t best = moves[0];
        for (uint32_t code : moves)
            if (value_of(code) > value_of(best)) best = code;
        return best;
    }
    static std::vector<double> scores;
    score_moves(round, moves, fields, &rng, guess_right, scores);
    double best = SKIPPED;
    size_t ties = 0;
    for (double score : scores) {
        if (score == SKIPPED) continue;
        if (score > best) {
            best = score;
            ties = 1;
        } else if (score == best) {
            ++ties;
        }
    }
    size_t pick = rng.below(ties);
    for (size_t i = 0; i < moves.size(); ++i)
        if (scores[i] == best && !pick--) return moves[i];
    return moves[0];  // never: a discard is always scored
}

PlayoutOutcome play_out(Round round, uint64_t seed, int limit, double guess_right, std::vector<uint32_t>* trace) {
    // One set of fields for every playout: calls into the core hold the GIL, so
    // playouts never overlap.
    static GoalFields fields;
    static std::vector<uint32_t> moves;
    fields.invalidate();
    SplitMix rng{seed};
    int played = 0;
    while (round.phase != ENDED && played < limit) {
        round.legal(moves);
        if (moves.empty()) break;
        uint32_t code = playout_choice(round, moves, fields, rng, guess_right);
        round.apply(code);
        if (trace) trace->push_back(code);
        ++played;
        if (kind_of(code) == PLACE || kind_of(code) == ROCKFALL) fields.invalidate();
    }
    PlayoutOutcome outcome{NO_TEAM, played, {}};
    if (round.phase == ENDED)
        outcome.winner = round.winner;
    else if (round.phase == GOLD)
        outcome.winner = MINERS;  // the gold is reached: only the picks are left
    outcome.round_gold.assign(round.round_gold, round.round_gold + round.players);
    return outcome;
}

std::vector<double> certain_scores(const Round& round) {
    static GoalFields fields;
    fields.invalidate();
    std::vector<uint32_t> moves;
    round.legal(moves);
    std::vector<double> scores;
    if (round.phase == PLAY && !moves.empty()) score_moves(round, moves, fields, nullptr, GUESS_RIGHT, scores);
    return scores;
}

}  // namespace sab
