// Random rounds of the COMP424 Saboteur engine (a two-player variant), timed the way
// `saboteur bench` times ours: before every move list the legal moves, choose one
// uniformly, play it through the checking processMove. Compiled by
// scripts/bench_java.py into the engine's own package, whose constructor is not public.
package Saboteur;

import boardgame.Board;
import java.io.OutputStream;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.Random;

public final class EngineBench {
    private EngineBench() {}

    public static void main(String[] args) {
        int rounds = Integer.parseInt(args[0]);
        int warmup = Integer.parseInt(args[1]);
        PrintStream out = System.out;
        // The engine prints from its path search; printing is not what is measured.
        System.setOut(new PrintStream(OutputStream.nullOutputStream()));
        ThreadMXBean clock = ManagementFactory.getThreadMXBean();
        Random choose = new Random(1);
        play(warmup, choose, clock);  // the JIT compiles the hot paths first
        // The process's CPU time too: the collector's threads work for the engine.
        com.sun.management.OperatingSystemMXBean process =
                (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        long processStarted = process.getProcessCpuTime();
        long[] tally = play(rounds, choose, clock);
        long processNs = process.getProcessCpuTime() - processStarted;
        out.printf("rounds %d moves %d listed %d cpu_ns %d listing_ns %d process_ns %d%n",
                rounds, tally[0], tally[1], tally[2], tally[3], processNs);
    }

    /** moves, moves listed, CPU ns of the whole, CPU ns spent listing. */
    private static long[] play(int rounds, Random choose, ThreadMXBean clock) {
        long moves = 0, listed = 0, listing = 0;
        long started = clock.getCurrentThreadCpuTime();
        for (int round = 0; round < rounds; round++) {
            SaboteurBoardState state = new SaboteurBoardState();
            while (state.getWinner() == Board.NOBODY) {
                long before = clock.getCurrentThreadCpuTime();
                ArrayList<SaboteurMove> legal = state.getAllLegalMoves();
                listing += clock.getCurrentThreadCpuTime() - before;
                listed += legal.size();
                state.processMove(legal.get(choose.nextInt(legal.size())));
                moves++;
            }
        }
        return new long[] {moves, listed, clock.getCurrentThreadCpuTime() - started, listing};
    }
}
