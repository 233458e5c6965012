package io.dpone.testkit.simulator.engine;

import java.util.ArrayList;
import java.util.List;

/**
 * The simulation's trace: every step that changed or observed simulated state, in execution order.
 * It keeps the last {@code capacity} steps for printing and a running 64-bit digest of every step
 * ever recorded, so two runs can be compared step for step without keeping them whole. Written only
 * by the baton holder.
 */
public final class TraceLog {
    private static final long FNV_OFFSET = 0xcbf29ce484222325L;
    private static final long FNV_PRIME = 0x100000001b3L;

    /** One recorded step. */
    public record Entry(long sequence, long timeMillis, String actor, String text) {
        @Override
        public String toString() {
            return String.format("#%d t=%d.%03ds %s: %s", sequence, timeMillis / 1000, timeMillis % 1000, actor, text);
        }
    }

    private final Entry[] ring;
    private long count;
    private long digest = FNV_OFFSET;

    public TraceLog(int capacity) {
        if (capacity < 1) {
            throw new IllegalArgumentException("capacity must be positive");
        }
        this.ring = new Entry[capacity];
    }

    void add(long timeMillis, String actor, String text) {
        Entry entry = new Entry(count, timeMillis, actor, text);
        ring[(int) (count % ring.length)] = entry;
        count++;
        digest = mix(mix(mix(digest, timeMillis), actor), text);
    }

    public long count() {
        return count;
    }

    /** A digest of every step recorded so far; equal runs have equal digests. */
    public long digest() {
        return digest;
    }

    /** The last {@code n} steps still held, oldest first. */
    public List<Entry> tail(int n) {
        long from = Math.max(0, Math.max(count - ring.length, count - n));
        List<Entry> out = new ArrayList<>();
        for (long i = from; i < count; i++) {
            out.add(ring[(int) (i % ring.length)]);
        }
        return out;
    }

    private static long mix(long hash, long value) {
        for (int i = 0; i < 8; i++) {
            hash = (hash ^ ((value >>> (8 * i)) & 0xff)) * FNV_PRIME;
        }
        return hash;
    }

    private static long mix(long hash, String text) {
        for (int i = 0; i < text.length(); i++) {
            hash = (hash ^ text.charAt(i)) * FNV_PRIME;
        }
        return (hash ^ 0x1f) * FNV_PRIME;
    }
}
