package io.dpone.clickhouse.external.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpone.clickhouse.cluster.contract.digest.CanonicalEncoder;
import io.dpone.clickhouse.cluster.contract.digest.Digest;
import io.dpone.clickhouse.external.artifact.ArtifactSchema;
import io.dpone.clickhouse.external.artifact.CanonicalRows;
import io.dpone.spi.error.DponeErrorCode;
import io.dpone.spi.error.DponeException;
import io.dpone.spi.source.SourceColumn;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The content-addressed store on a real local file system (pure Java, no ClickHouse). */
class ArtifactStoreTest {
    private static final ArtifactSchema SCHEMA = ArtifactSchema.declared(
            List.of(SourceColumn.typed("id", "UInt32"), SourceColumn.typed("name", "Nullable(String)")));

    @TempDir
    Path root;

    private StoredArtifact put(ArtifactStore store, List<List<Object>> rows) {
        try (PendingArtifact pending = store.create()) {
            CanonicalRows writer = pending.rows(SCHEMA);
            rows.forEach(writer::write);
            return pending.commit();
        }
    }

    private static List<List<Object>> rows() {
        return List.of(Arrays.asList(1L, "a"), Arrays.asList(2L, null));
    }

    private static List<List<Object>> readAll(StoredArtifact artifact) {
        List<List<Object>> rows = new ArrayList<>();
        try (ArtifactRows reader = artifact.rows()) {
            for (List<Object> row = reader.next(); row != null; row = reader.next()) {
                rows.add(row);
            }
        }
        return rows;
    }

    @Test
    void anArtifactIsNamedByTheSha256OfItsBytesWithASidecarManifest() throws Exception {
        ArtifactStore store = ArtifactStore.open(root);
        StoredArtifact artifact = put(store, rows());
        Path file = root.resolve("sha256").resolve(artifact.sha256().hex());
        assertEquals(CanonicalEncoder.sha256(Files.readAllBytes(file)), artifact.sha256());
        assertEquals(Files.size(file), artifact.byteSize());
        assertEquals(2, artifact.rowCount());
        assertEquals(SCHEMA.digest().hex(), artifact.summary().schemaDigest());
        String sidecar = Files.readString(
                root.resolve("sha256").resolve(artifact.sha256().hex() + ".manifest.json"));
        assertTrue(sidecar.contains("\"schema\" : \"dpone.clickhouse.external.artifact-manifest.v1\""), sidecar);
        assertTrue(sidecar.contains("\"type\" : \"Nullable(String)\""), sidecar);
        try (Stream<Path> temporary = Files.list(root.resolve("tmp"))) {
            assertEquals(0, temporary.count(), "nothing is left in tmp/");
        }
        StoredArtifact reopened = ArtifactStore.open(root).reopen(artifact.sha256());
        assertEquals(rows(), readAll(reopened));
        assertEquals(artifact.summary(), reopened.verify().summary());
    }

    @Test
    void sealingTheSameRowsTwiceKeepsOneArtifact() throws Exception {
        ArtifactStore store = ArtifactStore.open(root);
        Digest first = put(store, rows()).sha256();
        Digest second = put(store, rows()).sha256();
        assertEquals(first, second);
        try (Stream<Path> files = Files.list(root.resolve("sha256"))) {
            assertEquals(2, files.count(), "one file and one sidecar");
        }
    }

    @Test
    void anAbandonedWriteLeavesNothing() throws Exception {
        ArtifactStore store = ArtifactStore.open(root);
        try (PendingArtifact pending = store.create()) {
            pending.rows(SCHEMA).write(Arrays.asList(1L, "x"));
        }
        try (Stream<Path> files = Stream.concat(Files.list(root.resolve("tmp")), Files.list(root.resolve("sha256")))) {
            assertEquals(0, files.count());
        }
    }

    @Test
    void aChangedMissingOrForeignArtifactIsAnIntegrityFailure() throws Exception {
        ArtifactStore store = ArtifactStore.open(root);
        StoredArtifact artifact = put(store, rows());
        Path file = root.resolve("sha256").resolve(artifact.sha256().hex());
        byte[] bytes = Files.readAllBytes(file);
        bytes[bytes.length - 1] ^= 1;
        Files.write(file, bytes);
        DponeException changed = assertThrows(DponeException.class, () -> readAll(store.reopen(artifact.sha256())));
        assertEquals(DponeErrorCode.CLICKHOUSE_CLUSTER_EXTERNAL_ARTIFACT_INTEGRITY, changed.code());
        assertFalse(changed.getMessage().contains(root.toString()));

        Files.write(file, Arrays.copyOf(bytes, bytes.length - 1));
        assertEquals(
                DponeErrorCode.CLICKHOUSE_CLUSTER_EXTERNAL_ARTIFACT_INTEGRITY,
                assertThrows(DponeException.class, () -> store.reopen(artifact.sha256()))
                        .code());

        Files.delete(file);
        assertEquals(
                DponeErrorCode.CLICKHOUSE_CLUSTER_EXTERNAL_ARTIFACT_INTEGRITY,
                assertThrows(DponeException.class, () -> store.reopen(artifact.sha256()))
                        .code());
        Digest unknown = CanonicalEncoder.sha256(new byte[] {1});
        assertEquals(
                DponeErrorCode.CLICKHOUSE_CLUSTER_EXTERNAL_ARTIFACT_INTEGRITY,
                assertThrows(DponeException.class, () -> store.reopen(unknown)).code());
        assertTrue(store.find(unknown).isEmpty());
    }

    @Test
    void anArtifactIsDeletedOnlyWhenItsLastHolderReleasesIt() {
        ArtifactStore store = ArtifactStore.open(root);
        StoredArtifact artifact = put(store, rows());
        store.retain(artifact.sha256(), "op-a");
        store.retain(artifact.sha256(), "op-b");
        store.retain(artifact.sha256(), "op-b");
        assertEquals(Set.of("op-a", "op-b"), store.holders(artifact.sha256()));
        assertFalse(store.release(artifact.sha256(), "op-a"));
        assertFalse(store.release(artifact.sha256(), "op-a"), "releasing twice does nothing");
        assertTrue(store.find(artifact.sha256()).isPresent());
        assertTrue(store.release(artifact.sha256(), "op-b"));
        assertTrue(store.find(artifact.sha256()).isEmpty());
        assertEquals(Set.of(), store.holders(artifact.sha256()));
        assertThrows(IllegalArgumentException.class, () -> store.retain(artifact.sha256(), "../escape"));
        assertEquals(
                DponeErrorCode.CLICKHOUSE_CLUSTER_EXTERNAL_ARTIFACT_INTEGRITY,
                assertThrows(DponeException.class, () -> store.retain(artifact.sha256(), "op-c"))
                        .code());
    }

    @Test
    void aRelativeOrUnwritableStoreIsUnavailable() throws Exception {
        assertEquals(
                DponeErrorCode.EXTERNAL_ARTIFACT_STORE_UNAVAILABLE,
                assertThrows(DponeException.class, () -> ArtifactStore.open(Path.of("relative")))
                        .code());
        Path blocker = Files.writeString(root.resolve("a-file"), "x");
        assertEquals(
                DponeErrorCode.EXTERNAL_ARTIFACT_STORE_UNAVAILABLE,
                assertThrows(DponeException.class, () -> ArtifactStore.open(blocker.resolve("store")))
                        .code());
    }

    /**
     * Committing an artifact and retaining it is one store operation: another holder releasing an
     * identical artifact (and so deleting it, being its last holder) at the same time never leaves
     * the new holder with a missing artifact or an INTEGRITY refusal.
     */
    @Test
    void commitAndRetainIsOneOperationAgainstAConcurrentReleaseOfAnIdenticalArtifact() throws Exception {
        ArtifactStore store = ArtifactStore.open(root);
        Digest sha = put(store, rows()).sha256();
        int rounds = 300;
        java.util.concurrent.atomic.AtomicReference<Throwable> failure =
                new java.util.concurrent.atomic.AtomicReference<>();
        Thread other = new Thread(() -> {
            try {
                for (int i = 0; i < rounds; i++) {
                    try (PendingArtifact pending = store.create()) {
                        CanonicalRows writer = pending.rows(SCHEMA);
                        rows().forEach(writer::write);
                        pending.commit("other");
                    }
                    store.release(sha, "other");
                }
            } catch (Throwable t) {
                failure.compareAndSet(null, t);
            }
        });
        other.start();
        for (int i = 0; i < rounds && failure.get() == null; i++) {
            StoredArtifact mine;
            try (PendingArtifact pending = store.create()) {
                CanonicalRows writer = pending.rows(SCHEMA);
                rows().forEach(writer::write);
                mine = pending.commit("mine");
            }
            assertTrue(store.holders(sha).contains("mine"), "round " + i);
            assertTrue(store.find(sha).isPresent(), "round " + i + ": retained, so never deleted by the other release");
            assertEquals(rows(), readAll(mine));
            store.release(sha, "mine");
        }
        other.join();
        if (failure.get() != null) {
            throw new AssertionError("the other holder failed", failure.get());
        }
    }
}
