package io.dpone.clickhouse.external.content;

import static io.dpone.clickhouse.external.content.DigestSort.DIGEST_BYTES;
import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.contract.digest.CanonicalEncoder;
import io.dpone.clickhouse.cluster.contract.digest.Digest;
import io.dpone.clickhouse.external.artifact.ArtifactSchema;
import io.dpone.clickhouse.external.artifact.CanonicalRows;
import io.dpone.clickhouse.external.artifact.CanonicalSink;
import io.dpone.spi.error.DponeErrorCode;
import io.dpone.spi.error.DponeException;
import java.io.IOException;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;

/**
 * The canonical content digest of a multiset of typed rows as members store them, independent of
 * row order because a MergeTree member returns its rows in any order
 * (docs/reference/external-mode.md, "Content digest"):
 * <pre>
 * row_digest     = SHA-256(canonical row encoding v1 of the stored row, without the file header)
 * content_digest = SHA-256(CanonicalEncoder fields: "dpone.clickhouse.external.member-content.v2",
 *                          schema_digest hex, row_count, unordered(row_digest...))
 * </pre>
 * A stored row holds every date-time as its instant's UTC clock
 * ({@link io.dpone.clickhouse.external.artifact.DateTimePlacement#storedRows}), not a wall clock: v2
 * proves the instant each member stores (v1 hashed the wall clock each member rendered in its own
 * zone).
 * {@code unordered} sorts the row digests by unsigned bytes, so duplicates count and order does
 * not. The artifact side ({@link ArtifactContent}) and every member's re-observed rows compute it
 * with this class, so "member content == artifact" is one comparison.
 *
 * <p>Memory: row digests are packed 32 bytes each in one array of at most {@value #RUN_ROWS}
 * digests (2 MiB). With a spill directory (the artifact store's {@code tmp/}), every full array is
 * sorted and written there as a run, and {@link #finish()} merges the runs into the final hash, so
 * the heap stays the same whatever the row count (disk: 32 bytes per row, deleted at the end).
 * Without one, the array grows with the rows (small inputs: tests, the simulator). Close an
 * instance abandoned before {@code finish()}. One thread.
 */
public final class ContentDigest implements AutoCloseable {
    public static final String DOMAIN = "dpone.clickhouse.external.member-content.v2";
    /** Row digests held in memory before a sorted run is spilled. */
    public static final int RUN_ROWS = 1 << 16;

    private static final byte[] FIELD_LENGTH = {0, 0, 0, DIGEST_BYTES};
    private static final int HASH_BUFFER = 1 << 16;

    private final ArtifactSchema schema;
    private final CanonicalSink sink = new CanonicalSink(null);
    private final CanonicalRows rows;
    private final Path spillDirectory;
    private final int runRows;
    private byte[] run = new byte[64 * DIGEST_BYTES];
    private int inRun;
    private long count;
    private DigestSpill spill;
    private byte[] scratch;

    /** Keeps every row digest in memory (32 bytes per row). */
    public ContentDigest(ArtifactSchema schema) {
        this(schema, null, RUN_ROWS);
    }

    /** Spills sorted runs of row digests to {@code spillDirectory}, so the heap does not grow with the rows. */
    public ContentDigest(ArtifactSchema schema, Path spillDirectory) {
        this(schema, requireNonNull(spillDirectory, "spillDirectory is null"), RUN_ROWS);
    }

    ContentDigest(ArtifactSchema schema, Path spillDirectory, int runRows) {
        this.schema = requireNonNull(schema, "schema is null");
        this.rows = CanonicalRows.rowWriter(schema, sink);
        this.spillDirectory = spillDirectory;
        if (runRows < 1) {
            throw new IllegalArgumentException("runRows is positive");
        }
        this.runRows = runRows;
    }

    /** Adds one row: one value per column, of the column's documented class. */
    public void add(List<?> row) {
        rows.write(row);
        if (inRun * DIGEST_BYTES == run.length) {
            grow();
        }
        sink.finishInto(run, inRun * DIGEST_BYTES);
        inRun++;
        count++;
        if (inRun == runRows && spillDirectory != null) {
            spillRun();
        }
    }

    public long rows() {
        return count;
    }

    /** The content digest; releases the spill file. */
    public Digest finish() {
        try {
            MessageDigest sha256 = sha256();
            sha256.update(CanonicalEncoder.forDomain(DOMAIN)
                    .text(schema.digest().hex())
                    .number(count)
                    .number(count)
                    .toBytes());
            HashFeed feed = new HashFeed(sha256);
            if (spill == null) {
                DigestSort.sort(run, inRun, scratch());
                for (int i = 0; i < inRun; i++) {
                    feed.accept(run, i * DIGEST_BYTES);
                }
            } else {
                spillRun();
                spill.merge(feed);
            }
            return new Digest(HexFormat.of().formatHex(feed.digest()));
        } catch (IOException e) {
            throw spillFailed(e);
        } finally {
            close();
        }
    }

    @Override
    public void close() {
        if (spill != null) {
            spill.close();
        }
    }

    private void grow() {
        int capacity = spillDirectory == null ? run.length * 2 : Math.min(run.length * 2, runRows * DIGEST_BYTES);
        if (capacity <= run.length) {
            throw new IllegalStateException("too many rows for an in-memory content digest");
        }
        run = Arrays.copyOf(run, capacity);
    }

    private void spillRun() {
        if (inRun == 0 && spill != null) {
            return;
        }
        try {
            if (spill == null) {
                spill = new DigestSpill(spillDirectory);
            }
            DigestSort.sort(run, inRun, scratch());
            spill.write(run, inRun);
            inRun = 0;
        } catch (IOException e) {
            throw spillFailed(e);
        }
    }

    private byte[] scratch() {
        if (scratch == null || scratch.length < run.length) {
            scratch = new byte[run.length];
        }
        return scratch;
    }

    private static DponeException spillFailed(IOException e) {
        return new DponeException(
                DponeErrorCode.EXTERNAL_ARTIFACT_STORE_UNAVAILABLE,
                "the artifact store cannot hold the content proof's row digests ("
                        + e.getClass().getSimpleName() + ")");
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java SE runtime provides SHA-256", e);
        }
    }

    /** Frames each sorted row digest as one field (length 32, then the bytes) into SHA-256, in blocks. */
    private static final class HashFeed implements DigestSpill.Consumer {
        private final MessageDigest sha256;
        private final byte[] buffer = new byte[HASH_BUFFER];
        private int length;

        HashFeed(MessageDigest sha256) {
            this.sha256 = sha256;
        }

        @Override
        public void accept(byte[] bytes, int offset) {
            if (length + FIELD_LENGTH.length + DIGEST_BYTES > buffer.length) {
                sha256.update(buffer, 0, length);
                length = 0;
            }
            System.arraycopy(FIELD_LENGTH, 0, buffer, length, FIELD_LENGTH.length);
            System.arraycopy(bytes, offset, buffer, length + FIELD_LENGTH.length, DIGEST_BYTES);
            length += FIELD_LENGTH.length + DIGEST_BYTES;
        }

        byte[] digest() {
            sha256.update(buffer, 0, length);
            return sha256.digest();
        }
    }
}
