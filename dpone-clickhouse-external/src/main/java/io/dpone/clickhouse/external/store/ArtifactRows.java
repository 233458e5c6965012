package io.dpone.clickhouse.external.store;

import io.dpone.clickhouse.external.artifact.CanonicalRowReader;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;

/**
 * One verifying pass over a stored artifact's typed rows, e.g. to insert them into a member. The
 * bytes are hashed as they are decoded; at the end the SHA-256, byte size and row count must
 * match the manifest, otherwise {@link #next()} fails with
 * {@code CLICKHOUSE_CLUSTER_EXTERNAL_ARTIFACT_INTEGRITY} instead of reporting the end. A consumer
 * must therefore treat rows as trusted only once {@code next()} has returned null.
 */
public final class ArtifactRows implements AutoCloseable {
    private final ArtifactManifest manifest;
    private final InputStream raw;
    private final MessageDigest sha256;
    private final CountingStream counted;
    private final CanonicalRowReader reader;
    private long rows;
    private boolean done;

    private ArtifactRows(
            ArtifactManifest manifest,
            InputStream raw,
            MessageDigest sha256,
            CountingStream counted,
            CanonicalRowReader reader) {
        this.manifest = manifest;
        this.raw = raw;
        this.sha256 = sha256;
        this.counted = counted;
        this.reader = reader;
    }

    static ArtifactRows open(ArtifactManifest manifest, Path file) {
        InputStream raw = null;
        try {
            raw = Files.newInputStream(file);
            MessageDigest sha256 = MessageDigest.getInstance("SHA-256");
            CountingStream counted = new CountingStream(new DigestInputStream(raw, sha256));
            CanonicalRowReader reader =
                    new CanonicalRowReader(manifest.schema(), new BufferedInputStream(counted, 1 << 16));
            return new ArtifactRows(manifest, raw, sha256, counted, reader);
        } catch (IOException e) {
            closeQuietly(raw);
            throw ArtifactStore.integrity("the artifact cannot be read or does not start as canonical rows v1");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java SE runtime provides SHA-256", e);
        }
    }

    /** The next typed row, or null once every row was read and verified. */
    public List<Object> next() {
        if (done) {
            return null;
        }
        List<Object> row;
        try {
            row = reader.next();
        } catch (IOException e) {
            throw ArtifactStore.integrity("the artifact's bytes are not a valid canonical encoding of its schema");
        }
        if (row != null) {
            rows++;
            if (rows > manifest.rowCount()) {
                throw ArtifactStore.integrity("the artifact holds more rows than its manifest records");
            }
            return row;
        }
        done = true;
        String actual = HexFormat.of().formatHex(sha256.digest());
        if (counted.count != manifest.byteSize()
                || rows != manifest.rowCount()
                || !actual.equals(manifest.sha256().hex())) {
            throw ArtifactStore.integrity("the artifact's bytes do not match its recorded SHA-256, size or row count");
        }
        return null;
    }

    @Override
    public void close() {
        closeQuietly(raw);
    }

    private static void closeQuietly(InputStream in) {
        if (in != null) {
            try {
                in.close();
            } catch (IOException ignored) {
                // read-only; nothing to recover
            }
        }
    }

    /** Counts bytes as the decoder pulls them. */
    private static final class CountingStream extends java.io.FilterInputStream {
        long count;

        CountingStream(InputStream in) {
            super(in);
        }

        @Override
        public int read() throws IOException {
            int b = super.read();
            if (b >= 0) {
                count++;
            }
            return b;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            int n = super.read(b, off, len);
            if (n > 0) {
                count += n;
            }
            return n;
        }
    }
}
