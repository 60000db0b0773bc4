// One round of Saboteur: The Duel in play (pysaboteur/rules/duel_game.py and
// duel_maze.py hold the rules and their reasons; docs/rules-duel.md states them):
// two seats, two start cards, six goals, and a network for each seat through the
// cards' tunnels, closed where a door of the other colour has no key of the seat's
// or a troll has no counter of the seat's. Everything lies in fixed arrays (a copy
// is one block): the maze is a dense grid over the cells any card can reach.
//
// The deck is data (a deck file): the faces and cards come from Python at import
// (pysaboteur/native/duel.py), and nothing here names a card. The legal moves are
// listed in exactly DuelGame.legal_moves()'s order; after every move the core turns
// up the goals reached and makes both seats' gold claims, as the rules do, and ends
// the play when a round end holds. The round's score is the rules' (duel_results.py).
#pragma once
#include <cstdint>
#include <vector>

#include "codes.hpp"
#include "round.hpp"  // Phase
#include "tables.hpp"

namespace sab::duel {

// The Duel's own kinds of move, after the other editions' (rules/duel_codes.py).
constexpr int KEY = 17;
constexpr int BRIBE = 18;

constexpr int REACH = 40;              // no card lies further out along either axis
constexpr int OFFSET = REACH + 1;      // a cell on the edge still has its neighbours in the grid
constexpr int WIDTH = 2 * OFFSET + 1;  // cells of the grid along each axis
constexpr int GRID = WIDTH * WIDTH;
constexpr int GOALS = 6;
constexpr int COUNTERS = 4;
constexpr int KEY_TOKENS = 2;
constexpr int MAX_HAND = 16;
constexpr int MAX_PILE = 64;
constexpr int MAX_DISCARDS = 128;
constexpr int MAX_CELLS = 64;  // two starts, the path cards and the goals
constexpr int MAX_TOKENS = 8;  // each seat's 4 counters, on claims and trolls
constexpr int MAX_FRONT = 4 * MAX_CELLS;  // empty cells next to a card, at most
constexpr uint8_t NOBODY = 255;

// A cell of the grid, (x + OFFSET) * WIDTH + (y + OFFSET): ordered as (x, y) are.
constexpr int grid_of(int x, int y) { return (x + OFFSET) * WIDTH + (y + OFFSET); }
constexpr int grid_x(int cell) { return cell / WIDTH - OFFSET; }
constexpr int grid_y(int cell) { return cell % WIDTH - OFFSET; }
constexpr int GN = 1, GE = 2, GS = 4, GW = 8;
// (side, the step to the neighbour across it, the neighbour's side facing back)
constexpr int STEP[4][3] = {{GN, -1, GS}, {GE, WIDTH, GW}, {GS, 1, GN}, {GW, -WIDTH, GE}};
// duel_maze.py START_CELLS and GOAL_CELLS (the order records list a round's goals)
constexpr int START_CELLS[2] = {grid_of(0, -1), grid_of(0, 1)};
constexpr int GOAL_CELLS[GOALS] = {grid_of(5, -2), grid_of(5, 0), grid_of(5, 2),
                                   grid_of(7, -1), grid_of(7, 1), grid_of(9, 0)};

// Why a round ended (duel_game.py _round_end), in DuelRound::end.
enum End : uint8_t { NOT_ENDED = 0, END_GOALS = 1, END_COUNTERS = 2, END_CARDS = 3 };

// One face a card can lie as (duel_faces.py DuelFace), sides as N 1, E 2, S 4, W 8.
struct Face {
    uint8_t tunnel_at[16];  // [side]: the tunnel (its sides) owning that side; 0 for a stub or wall
    uint8_t first_tunnel;   // its first tunnel (a ladder's one tunnel)
    uint8_t tunnels[4];
    uint8_t tunnel_count;
    uint8_t sides;    // every open side, of a tunnel or a stub
    uint8_t barred;   // the sides with a door or the troll
    uint8_t doors;    // the sides with a door
    uint8_t door_seat;  // the seat whose colour its doors have, or NOBODY
    uint8_t troll;      // the side of its troll, or 0
    uint8_t ladder;     // the seat whose colour its ladder has + 1, or 0
    uint8_t gold_sides;  // the sides a gold marker sits on
    uint8_t nuggets;     // all its nuggets
    uint8_t joining[2];  // per seat: sides that may join the seat's network when laid fresh
    uint16_t turned;     // the face turned 180°
    int16_t card;        // the playing card lying as it, or -1 (a start, a goal)
};

struct DuelTables {
    std::vector<Face> faces;
    int card_count = 0;
    std::vector<uint8_t> kind;                 // per card: PLACE, BREAK, FIX, KEY, MAP or ROCKFALL
    std::vector<std::vector<uint16_t>> lying;  // per path card: its faces, as printed then turned
    std::vector<std::vector<uint8_t>> tools;   // per break or repair card: its tools, in TOOLS order
    std::vector<uint8_t> rank;                 // per card: its place among the cards sorted as text
    int break_card[3] = {-1, -1, -1};          // per tool: the card that breaks it
    uint16_t start_faces[2] = {0, 0};
};

// What listing asks of one empty cell next to a card (DuelMaze.cell_constraints of both
// seats, and the ladders' cells).
struct FrontEntry {
    uint32_t at;     // the cell as a code's bits 12-27 (x + 128, y + 128)
    uint16_t cell;
    uint8_t near;    // the sides with a card across them
    uint8_t open;    // of those, the sides whose card is open toward the cell
    uint8_t joins;   // per seat (seat 0 low four bits): the sides its network reaches it across
    uint8_t flags;   // TOUCHES_CARD, BESIDE_GOAL
    static constexpr uint8_t TOUCHES_CARD = 1;  // a card that is not a goal lies next to it
    static constexpr uint8_t BESIDE_GOAL = 2;   // next to a goal cell: no ladder goes there
};

// What listing asks of the maze at every turn, kept as the maze changes (as the base
// game's Maze keeps its frontier): every empty cell in reach next to a face-up card,
// not a goal cell, by cell, and the trolls by cell. A seat's own frontier is the
// cells its network is open toward (joins); with a ladder of its colour, all of them.
struct DuelFrontier {
    uint16_t count;
    uint16_t troll_count;
    FrontEntry entries[MAX_FRONT];
    uint16_t trolls[MAX_CELLS];
};

struct HandKinds;  // round_duel.cpp: a hand's distinct cards for listing

struct DuelRound {
    const DuelTables* tables;
    uint8_t phase;  // PLAY or ENDED (round.hpp Phase)
    uint8_t end;    // an End once the play has ended
    uint8_t first;
    uint8_t to_move;
    uint8_t last_turn;
    uint8_t last_path;
    uint8_t broken[2];
    uint8_t hand_size[2];
    uint8_t hand[2][MAX_HAND];  // card indices, in the order they came
    uint8_t pile_size;
    uint8_t pile[MAX_PILE];  // bottom first: the top is drawn first
    uint8_t discards;
    uint8_t discard_pile[MAX_DISCARDS];
    uint8_t mapped_count[2];
    uint8_t mapped[2][GOALS];  // the goals each seat looked at, in the order it first did
    uint16_t goals[GOALS];     // the printed face of each goal card
    uint8_t revealed[GOALS];
    // The face-up cards, in the order they came (duel_maze.py faces' order).
    uint8_t cell_count;
    uint16_t cells[MAX_CELLS];
    // The face-up cards with gold no claim has taken yet, in no order (the claims sort).
    uint8_t gold_count;
    uint16_t gold_cells[MAX_CELLS];
    // Tokens, each in the order laid: keys (cell, owner), bribes and claims (cell, seat).
    uint8_t key_count, bribe_count, claim_count;
    uint16_t key_cell[KEY_TOKENS], bribe_cell[MAX_TOKENS], claim_cell[MAX_TOKENS];
    uint8_t key_seat[KEY_TOKENS], bribe_seat[MAX_TOKENS], claim_seat[MAX_TOKENS];
    // The grid: each cell's face + 1 (0: empty), and the sides of its tunnels in each
    // seat's network (seat 0 in the low four bits, seat 1 in the high). Two bytes a
    // cell, so that a round copies and clears quickly; the tokens are read from their
    // lists above (a barrier asks them, and few cards have one).
    uint8_t face_at[GRID];
    uint8_t net_at[GRID];
    // Listing's view of the maze (DuelFrontier), valid while front_ready: a card laid
    // brings it up to date around the cells it changed; any other change of the maze
    // calls changed(), and the next listing works it out again.
    mutable bool front_ready;
    mutable DuelFrontier front;

    // -- moves -------------------------------------------------------------------
    void legal(std::vector<uint32_t>& out) const;
    // Plays a move already known to be legal (one of legal()'s).
    void apply(uint32_t code);
    // After the fields are loaded: both networks from the starts.
    void find_networks();
    // After the fields are loaded: the cards with gold still to claim.
    void find_gold();
    // The maze changed (a card, a key, a bribe, a network): listing works its view out again.
    void changed() { front_ready = false; }

    const Face& face(int cell) const { return tables->faces[face_at[cell] - 1]; }
    int net(int seat, int cell) const { return net_at[cell] >> (4 * seat) & 15; }
    int key_owner(int cell) const {
        for (int i = 0; i < key_count; ++i)
            if (key_cell[i] == cell) return key_seat[i];
        return -1;
    }
    bool bribed(int cell, int seat) const {
        for (int i = 0; i < bribe_count; ++i)
            if (bribe_cell[i] == cell && bribe_seat[i] == seat) return true;
        return false;
    }
    int counters_left(int seat) const;
    // Also what the Duel heuristic's maze questions do to a round (duel_query.cpp).
    // duel_maze.py open_sides (one cell's): its network tunnels' sides, less those a
    // barrier closes to the seat (inline: listing asks it of every neighbour).
    int open_sides(int seat, int cell) const {
        int sides = net(seat, cell);
        if (!sides) return 0;
        const Face& f = face(cell);
        return sides & f.barred ? open_past_barriers(seat, cell, f, sides) : sides;
    }
    bool is_claimed(int cell) const;
    // duel_results.py scored: what the seat takes from the round, its claims' nuggets
    // less a card with the fewest for each troll it bribed.
    int nuggets_won(int seat) const;
    void lay(int face, int cell);
    void remove(int cell);
    void claim(int seat);

  private:
    const DuelFrontier& frontier() const;
    void list_bribes(int seat, std::vector<uint32_t>& out) const;
    void list_placements(int seat, const uint8_t* distinct, int count, std::vector<uint32_t>& out) const;
    void list_actions(int seat, int card, std::vector<uint32_t>& out) const;
    void hand_kinds(int seat, HandKinds& kinds) const;
    bool closed(int seat, int cell, const Face& f, int side) const;
    int open_past_barriers(int seat, int cell, const Face& f, int sides) const;
    bool has_token(int cell) const;
    void join(int seat, int cell, int sides) { net_at[cell] = static_cast<uint8_t>(net_at[cell] | sides << (4 * seat)); }
    void find_network(int seat);
    void spread(int seat, int cell, int tunnel, uint16_t* reached = nullptr, int* reached_count = nullptr);
    bool front_entry(int cell, FrontEntry& entry) const;
    void refresh_frontier(uint16_t* around, int count, int laid);
    void reveal_reached();
    void take_from_hand(int seat, int card);
    void discard(int card) {
        if (discards < MAX_DISCARDS) discard_pile[discards++] = static_cast<uint8_t>(card);
    }
};

}  // namespace sab::duel
