package io.dpone.clickhouse.external.content;

import java.util.Arrays;

/**
 * Sorts 32-byte row digests packed in one array by unsigned bytes (the order of
 * {@code CanonicalEncoder.unordered}), without an object per digest: most-significant-byte radix
 * passes, insertion sort for small buckets. Linear in the bytes for any input, including equal
 * digests (duplicate rows) and digests crafted to share a prefix.
 */
final class DigestSort {
    static final int DIGEST_BYTES = 32;
    private static final int SMALL = 24;

    private DigestSort() {}

    /** Sorts the first {@code count} digests of {@code digests}; {@code scratch} holds at least as many. */
    static void sort(byte[] digests, int count, byte[] scratch) {
        sort(digests, scratch, 0, count, 0);
    }

    private static void sort(byte[] digests, byte[] scratch, int from, int to, int depth) {
        if (to - from <= SMALL) {
            insertion(digests, from, to, depth);
            return;
        }
        if (depth == DIGEST_BYTES) {
            return;
        }
        int[] ends = new int[257];
        for (int i = from; i < to; i++) {
            ends[(digests[i * DIGEST_BYTES + depth] & 0xFF) + 1]++;
        }
        ends[0] = from;
        for (int b = 1; b <= 256; b++) {
            ends[b] += ends[b - 1];
        }
        int[] next = Arrays.copyOf(ends, 256);
        for (int i = from; i < to; i++) {
            int bucket = digests[i * DIGEST_BYTES + depth] & 0xFF;
            System.arraycopy(digests, i * DIGEST_BYTES, scratch, next[bucket]++ * DIGEST_BYTES, DIGEST_BYTES);
        }
        System.arraycopy(scratch, from * DIGEST_BYTES, digests, from * DIGEST_BYTES, (to - from) * DIGEST_BYTES);
        for (int b = 0; b < 256; b++) {
            if (ends[b + 1] - ends[b] > 1) {
                sort(digests, scratch, ends[b], ends[b + 1], depth + 1);
            }
        }
    }

    /** Insertion sort of a bucket whose digests agree on their first {@code depth} bytes. */
    private static void insertion(byte[] digests, int from, int to, int depth) {
        byte[] held = new byte[DIGEST_BYTES];
        for (int i = from + 1; i < to; i++) {
            int j = i;
            if (compare(digests, j - 1, digests, j, depth) <= 0) {
                continue;
            }
            System.arraycopy(digests, i * DIGEST_BYTES, held, 0, DIGEST_BYTES);
            while (j > from && compareHeld(digests, j - 1, held, depth) > 0) {
                j--;
            }
            System.arraycopy(digests, j * DIGEST_BYTES, digests, (j + 1) * DIGEST_BYTES, (i - j) * DIGEST_BYTES);
            System.arraycopy(held, 0, digests, j * DIGEST_BYTES, DIGEST_BYTES);
        }
    }

    private static int compareHeld(byte[] digests, int index, byte[] held, int depth) {
        return Arrays.compareUnsigned(
                digests, index * DIGEST_BYTES + depth, (index + 1) * DIGEST_BYTES, held, depth, DIGEST_BYTES);
    }

    /** Unsigned comparison of digest {@code i} of {@code a} with digest {@code j} of {@code b}, from byte {@code depth}. */
    static int compare(byte[] a, int i, byte[] b, int j, int depth) {
        return Arrays.compareUnsigned(
                a,
                i * DIGEST_BYTES + depth,
                (i + 1) * DIGEST_BYTES,
                b,
                j * DIGEST_BYTES + depth,
                (j + 1) * DIGEST_BYTES);
    }
}
