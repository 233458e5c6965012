package io.dpone.clickhouse.external.artifact;

import io.dpone.clickhouse.cluster.contract.digest.Digest;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * Where canonical bytes go: a fixed buffer that, when full, feeds SHA-256 and the optional
 * downstream stream, so the digest is computed in the same pass as the write and memory stays
 * constant. One thread. {@link #finish()} digests everything written since the previous
 * {@code finish()} (the digest resets), so one sink can digest a sequence of rows one by one.
 */
public final class CanonicalSink {
    private static final int BUFFER_BYTES = 1 << 16;

    private final OutputStream downstream;
    private final MessageDigest sha256;
    private final byte[] buffer = new byte[BUFFER_BYTES];
    private int length;
    private long flushed;

    /** @param downstream where the bytes are written too, or null to only digest them */
    public CanonicalSink(OutputStream downstream) {
        this.downstream = downstream;
        try {
            this.sha256 = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java SE runtime provides SHA-256", e);
        }
    }

    public void writeByte(int value) {
        if (length == buffer.length) {
            drain();
        }
        buffer[length++] = (byte) value;
    }

    public void writeShort(int value) {
        ensure(2);
        buffer[length++] = (byte) (value >>> 8);
        buffer[length++] = (byte) value;
    }

    public void writeInt(int value) {
        ensure(4);
        buffer[length++] = (byte) (value >>> 24);
        buffer[length++] = (byte) (value >>> 16);
        buffer[length++] = (byte) (value >>> 8);
        buffer[length++] = (byte) value;
    }

    public void writeLong(long value) {
        writeInt((int) (value >>> 32));
        writeInt((int) value);
    }

    public void writeBytes(byte[] bytes, int offset, int count) {
        while (count > 0) {
            if (length == buffer.length) {
                drain();
            }
            int chunk = Math.min(count, buffer.length - length);
            System.arraycopy(bytes, offset, buffer, length, chunk);
            length += chunk;
            offset += chunk;
            count -= chunk;
        }
    }

    public void writeZeros(int count) {
        for (int i = 0; i < count; i++) {
            writeByte(0);
        }
    }

    /** Bytes written so far. */
    public long size() {
        return flushed + length;
    }

    /** Drains the buffer and returns the SHA-256 of every byte written since the previous call. */
    public Digest finish() {
        drain();
        return new Digest(HexFormat.of().formatHex(sha256.digest()));
    }

    /**
     * Like {@link #finish()}, but writes the 32 digest bytes into {@code out} at {@code offset}
     * (no text, no allocation): the per-row path of the content digest.
     */
    public void finishInto(byte[] out, int offset) {
        drain();
        try {
            sha256.digest(out, offset, 32);
        } catch (java.security.DigestException e) {
            throw new IllegalArgumentException("no room for a SHA-256 digest at offset " + offset, e);
        }
    }

    private void ensure(int bytes) {
        if (buffer.length - length < bytes) {
            drain();
        }
    }

    private void drain() {
        if (length == 0) {
            return;
        }
        sha256.update(buffer, 0, length);
        if (downstream != null) {
            try {
                downstream.write(buffer, 0, length);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        flushed += length;
        length = 0;
    }
}
