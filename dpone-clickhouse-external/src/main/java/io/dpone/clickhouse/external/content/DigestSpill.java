package io.dpone.clickhouse.external.content;

import static io.dpone.clickhouse.external.content.DigestSort.DIGEST_BYTES;

import java.io.IOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.PriorityQueue;

/**
 * Sorted runs of row digests in one temporary file, merged back in unsigned byte order: what lets
 * {@link ContentDigest} keep a fixed amount of heap whatever the row count. The file holds only
 * SHA-256 digests of rows, never a value; it is deleted by {@link #close()}. One thread.
 */
final class DigestSpill implements AutoCloseable {
    /** Read buffers of all runs together during the merge, unless every run has its minimum. */
    static final int MERGE_BYTES = 1 << 20;

    private static final int MIN_RUN_BUFFER = 32 * DIGEST_BYTES;
    private static final int MAX_RUN_BUFFER = 2048 * DIGEST_BYTES;

    private static final VarHandle PREFIX = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);

    private final Path file;
    private final FileChannel channel;
    private final List<long[]> runs = new ArrayList<>();
    private long end;

    DigestSpill(Path directory) throws IOException {
        this.file = Files.createTempFile(directory, "content-digests-", ".part");
        try {
            this.channel = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE);
        } catch (IOException e) {
            Files.deleteIfExists(file);
            throw e;
        }
    }

    /** Appends the first {@code count} digests of {@code sorted} (already sorted) as one run. */
    void write(byte[] sorted, int count) throws IOException {
        ByteBuffer bytes = ByteBuffer.wrap(sorted, 0, count * DIGEST_BYTES);
        long start = end;
        while (bytes.hasRemaining()) {
            end += channel.write(bytes, end);
        }
        runs.add(new long[] {start, end});
    }

    /** Receives the merged digests in order; {@code offset} locates one digest in {@code bytes}. */
    interface Consumer {
        void accept(byte[] bytes, int offset);
    }

    /** Feeds every digest of every run to {@code consumer} in unsigned byte order. */
    void merge(Consumer consumer) throws IOException {
        int buffer = Math.max(
                MIN_RUN_BUFFER,
                Math.min(MAX_RUN_BUFFER, MERGE_BYTES / Math.max(1, runs.size()) / DIGEST_BYTES * DIGEST_BYTES));
        PriorityQueue<Cursor> heads = new PriorityQueue<>(DigestSpill::compare);
        for (long[] run : runs) {
            Cursor cursor = new Cursor(run[0], run[1], buffer);
            if (cursor.advance()) {
                heads.add(cursor);
            }
        }
        while (!heads.isEmpty()) {
            Cursor head = heads.poll();
            consumer.accept(head.bytes, head.index * DIGEST_BYTES);
            if (head.advance()) {
                heads.add(head);
            }
        }
    }

    /** By the first 8 bytes as one unsigned number (almost always decisive), then by the rest. */
    private static int compare(Cursor a, Cursor b) {
        int first = Long.compareUnsigned(a.prefix, b.prefix);
        return first != 0 ? first : DigestSort.compare(a.bytes, a.index, b.bytes, b.index, Long.BYTES);
    }

    @Override
    public void close() {
        try {
            channel.close();
        } catch (IOException ignored) {
            // the file is deleted next either way
        }
        try {
            Files.deleteIfExists(file);
        } catch (IOException ignored) {
            // a leftover holds digests only, under the store's tmp/
        }
    }

    /** One run's position: a window of its digests read ahead. */
    private final class Cursor {
        final byte[] bytes;
        int index = -1;
        /** The first 8 bytes of the current digest, big-endian. */
        long prefix;

        private int loaded;
        private long position;
        private final long end;

        Cursor(long start, long end, int buffer) {
            this.position = start;
            this.end = end;
            this.bytes = new byte[(int) Math.min(buffer, end - start)];
        }

        /** Moves to the next digest of the run; false at its end. */
        boolean advance() throws IOException {
            if (++index < loaded || load()) {
                prefix = (long) PREFIX.get(bytes, index * DIGEST_BYTES);
                return true;
            }
            return false;
        }

        private boolean load() throws IOException {
            if (position == end) {
                return false;
            }
            ByteBuffer window = ByteBuffer.wrap(bytes, 0, (int) Math.min(bytes.length, end - position));
            while (window.hasRemaining()) {
                int read = channel.read(window, position + window.position());
                if (read < 0) {
                    throw new IOException("a spilled run ended early");
                }
            }
            position += window.position();
            loaded = window.position() / DIGEST_BYTES;
            index = 0;
            return true;
        }
    }
}
