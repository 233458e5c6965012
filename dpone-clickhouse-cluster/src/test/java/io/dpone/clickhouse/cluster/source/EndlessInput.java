package io.dpone.clickhouse.cluster.source;

import java.io.InputStream;
import java.util.Arrays;

/**
 * A stream that starts with {@code head} and then repeats {@code filler} forever, counting what it
 * handed out: a reader that is not bounded never returns on it, one that is stops after a bounded
 * number of bytes.
 */
final class EndlessInput extends InputStream {
    private final byte[] head;
    private final byte filler;
    private long served;

    EndlessInput(byte[] head, byte filler) {
        this.head = head.clone();
        this.filler = filler;
    }

    long served() {
        return served;
    }

    @Override
    public int read() {
        int b = served < head.length ? head[(int) served] & 0xFF : filler & 0xFF;
        served++;
        return b;
    }

    @Override
    public int read(byte[] into, int offset, int length) {
        int n = 0;
        while (n < length && served < head.length) {
            into[offset + n++] = head[(int) served++];
        }
        Arrays.fill(into, offset + n, offset + length, filler);
        served += length - n;
        return length;
    }
}
