package io.dpone.clickhouse.external.store;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.external.artifact.ArtifactSchema;
import io.dpone.clickhouse.external.artifact.CanonicalRows;
import io.dpone.clickhouse.external.artifact.CanonicalSink;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * An artifact being written to the store's {@code tmp/}: rows go through {@link #rows(ArtifactSchema)}
 * (digested as they are written), then {@link #commit()} renames it into place under its SHA-256.
 * Closing without committing deletes the temporary file, so a refused source leaves nothing behind.
 */
public final class PendingArtifact implements AutoCloseable {
    private final ArtifactStore store;
    private final Path file;
    private final OutputStream out;
    private CanonicalRows rows;
    private boolean finished;

    PendingArtifact(ArtifactStore store, Path file, OutputStream out) {
        this.store = requireNonNull(store, "store is null");
        this.file = requireNonNull(file, "file is null");
        this.out = new BufferedOutputStream(requireNonNull(out, "out is null"), 1 << 16);
    }

    /** The row writer; call once. */
    public CanonicalRows rows(ArtifactSchema schema) {
        if (rows != null) {
            throw new IllegalStateException("rows() is called once");
        }
        rows = CanonicalRows.writer(schema, new CanonicalSink(out));
        return rows;
    }

    /** Finishes the digest, forces the bytes to disk and moves the artifact into place. */
    public StoredArtifact commit() {
        return finish(null);
    }

    /**
     * {@link #commit()}, and retains the artifact for {@code holder} in the same store operation, so
     * it is never in the store unretained for an identical artifact's last holder to delete.
     */
    public StoredArtifact commit(String holder) {
        return finish(requireNonNull(holder, "holder is null"));
    }

    private StoredArtifact finish(String holder) {
        if (rows == null || finished) {
            throw new IllegalStateException("commit() follows rows() once");
        }
        CanonicalRows.Sealed sealed;
        try {
            sealed = rows.finish();
            out.flush();
            out.close();
            try (var channel = java.nio.channels.FileChannel.open(file, java.nio.file.StandardOpenOption.WRITE)) {
                channel.force(true);
            }
        } catch (IOException | UncheckedIOException e) {
            throw ArtifactStore.unavailable(
                    "the artifact store cannot be written (" + e.getClass().getSimpleName() + ")");
        }
        finished = true;
        return store.commit(
                file,
                new ArtifactManifest(sealed.sha256(), sealed.byteSize(), sealed.rowCount(), rows.schema()),
                holder);
    }

    @Override
    public void close() {
        if (finished) {
            return;
        }
        finished = true;
        try {
            out.close();
        } catch (IOException ignored) {
            // the file is deleted next
        }
        try {
            Files.deleteIfExists(file);
        } catch (IOException ignored) {
            // tmp/ holds it until the next cleanup of tmp; it is never read
        }
    }
}
