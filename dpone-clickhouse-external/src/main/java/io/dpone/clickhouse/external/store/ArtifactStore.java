package io.dpone.clickhouse.external.store;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.contract.digest.Digest;
import io.dpone.spi.error.DponeErrorCode;
import io.dpone.spi.error.DponeException;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The content-addressed artifact store (docs/reference/external-mode.md, "Content-addressed store"):
 * <pre>
 * store/
 *   sha256/&lt;hex&gt;                 canonical rows v1, named by their SHA-256
 *   sha256/&lt;hex&gt;.manifest.json   sidecar manifest, written last: its presence marks a complete artifact
 *   retained/&lt;hex&gt;/&lt;holder&gt;     one empty file per holder (an operation) that retains the artifact
 *   tmp/                          files being written, and content proofs' spilled row digests
 *   store.lock                    serialises commits, retains and releases across processes
 * </pre>
 * Files are written to {@code tmp/} and renamed into place, so readers never see a partial file.
 * An artifact is deleted only by {@link #release} of its last holder, never by age. Errors never
 * name a path.
 */
public final class ArtifactStore {
    private static final Pattern HOLDER = Pattern.compile("[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}");
    private static final Object LOCAL_LOCK = new Object();

    private final Path root;
    private final Path objects;
    private final Path retained;
    private final Path tmp;
    private volatile boolean created;

    private ArtifactStore(Path root) {
        this.root = root;
        this.objects = root.resolve("sha256");
        this.retained = root.resolve("retained");
        this.tmp = root.resolve("tmp");
    }

    /**
     * Opens (creating if needed) the store at an absolute directory.
     *
     * @throws DponeException {@code EXTERNAL_ARTIFACT_STORE_UNAVAILABLE} when it is relative or cannot be created
     */
    public static ArtifactStore open(Path root) {
        requireNonNull(root, "root is null");
        if (!root.isAbsolute()) {
            throw unavailable("the artifact store path must be absolute");
        }
        ArtifactStore store = openLazily(root);
        store.ensureCreated();
        return store;
    }

    /**
     * The store at an absolute directory, created only when first used: publication names its
     * store before admission, but nothing may be created on disk for a request admission refuses.
     */
    public static ArtifactStore openLazily(Path root) {
        requireNonNull(root, "root is null");
        if (!root.isAbsolute()) {
            throw unavailable("the artifact store path must be absolute");
        }
        return new ArtifactStore(root.normalize());
    }

    private void ensureCreated() {
        if (created) {
            return;
        }
        try {
            Files.createDirectories(objects);
            Files.createDirectories(retained);
            Files.createDirectories(tmp);
            created = true;
        } catch (IOException | SecurityException e) {
            throw unavailable("the artifact store cannot be created or written ("
                    + e.getClass().getSimpleName() + ")");
        }
    }

    /** Starts writing a new artifact into {@code tmp/}. */
    public PendingArtifact create() {
        ensureCreated();
        try {
            Path file = Files.createTempFile(tmp, "artifact-", ".part");
            return new PendingArtifact(this, file, Files.newOutputStream(file, StandardOpenOption.WRITE));
        } catch (IOException e) {
            throw unavailable(
                    "the artifact store cannot be written (" + e.getClass().getSimpleName() + ")");
        }
    }

    /**
     * Where a process writes short-lived scratch files next to the artifacts (the content proof's
     * spilled row digests): the store's {@code tmp/}, created if needed. Such files are deleted
     * when their work ends.
     */
    public Path spillDirectory() {
        ensureCreated();
        return tmp;
    }

    /** The complete artifact with this SHA-256, if the store holds one; reads only its manifest. */
    public Optional<StoredArtifact> find(Digest sha256) {
        Path data = objects.resolve(sha256.hex());
        Path sidecar = sidecar(sha256);
        if (!Files.isRegularFile(sidecar)) {
            return Optional.empty();
        }
        try {
            ArtifactManifest manifest = ArtifactManifest.fromJson(Files.readAllBytes(sidecar));
            if (!manifest.sha256().equals(sha256)
                    || !Files.isRegularFile(data)
                    || Files.size(data) != manifest.byteSize()) {
                throw integrity("the artifact's manifest does not match its file name or size");
            }
            return Optional.of(new StoredArtifact(manifest, data, tmp));
        } catch (NoSuchFileException e) {
            return Optional.empty();
        } catch (IOException e) {
            throw integrity("the artifact's manifest is not a valid " + ArtifactManifest.SCHEMA + " document");
        }
    }

    /**
     * Reopens an artifact an operation bound earlier, e.g. on a same-operation STAGING restart.
     *
     * @throws DponeException {@code CLICKHOUSE_CLUSTER_EXTERNAL_ARTIFACT_INTEGRITY} when it is gone or damaged
     */
    public StoredArtifact reopen(Digest sha256) {
        return find(sha256).orElseThrow(() -> integrity("the bound artifact is no longer in the store"));
    }

    /** Records that {@code holder} (e.g. an operation id) needs the artifact until it releases it. */
    public void retain(Digest sha256, String holder) {
        requireHolder(holder);
        ensureCreated();
        locked(() -> {
            if (!Files.isRegularFile(sidecar(sha256))) {
                throw integrity("the artifact to retain is not in the store");
            }
            addHolder(sha256, holder);
            return null;
        });
    }

    private void addHolder(Digest sha256, String holder) throws IOException {
        Path dir = retained.resolve(sha256.hex());
        Files.createDirectories(dir);
        if (!Files.exists(dir.resolve(holder))) {
            Files.createFile(dir.resolve(holder));
        }
    }

    /**
     * Drops {@code holder}'s retention; when no holder is left, deletes the artifact (manifest first,
     * so a crash never leaves a manifest without its file). Call it only after STAGED or a verified
     * abort; releasing a holder that holds nothing does nothing.
     *
     * @return true when the artifact was deleted
     */
    public boolean release(Digest sha256, String holder) {
        requireHolder(holder);
        ensureCreated();
        return locked(() -> {
            Path dir = retained.resolve(sha256.hex());
            if (!Files.deleteIfExists(dir.resolve(holder))) {
                return false;
            }
            if (!holders(dir).isEmpty()) {
                return false;
            }
            Files.deleteIfExists(dir);
            Files.deleteIfExists(sidecar(sha256));
            Files.deleteIfExists(objects.resolve(sha256.hex()));
            return true;
        });
    }

    /** The holders currently retaining the artifact, sorted. */
    public Set<String> holders(Digest sha256) {
        try {
            return holders(retained.resolve(sha256.hex()));
        } catch (IOException e) {
            throw unavailable(
                    "the artifact store cannot be read (" + e.getClass().getSimpleName() + ")");
        }
    }

    /**
     * Moves a finished temporary file and its manifest into place, replacing an identical artifact,
     * and when {@code holder} is given retains it for that holder under the same lock: a release
     * of an identical artifact by its last other holder can never fall between the two.
     */
    StoredArtifact commit(Path temporary, ArtifactManifest manifest, String holder) {
        if (holder != null) {
            requireHolder(holder);
        }
        return locked(() -> {
            Path data = objects.resolve(manifest.sha256().hex());
            move(temporary, data);
            Path sidecarTemp = Files.createTempFile(tmp, "manifest-", ".part");
            try (OutputStream out = Files.newOutputStream(sidecarTemp, StandardOpenOption.WRITE)) {
                out.write(manifest.toJson());
            }
            move(sidecarTemp, sidecar(manifest.sha256()));
            if (holder != null) {
                addHolder(manifest.sha256(), holder);
            }
            return new StoredArtifact(manifest, data, tmp);
        });
    }

    private Path sidecar(Digest sha256) {
        return objects.resolve(sha256.hex() + ".manifest.json");
    }

    private static void move(Path from, Path to) throws IOException {
        try {
            Files.move(from, to, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(from, to, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    private static Set<String> holders(Path dir) throws IOException {
        Set<String> holders = new TreeSet<>();
        if (!Files.isDirectory(dir)) {
            return holders;
        }
        try (Stream<Path> files = Files.list(dir)) {
            files.forEach(file -> holders.add(file.getFileName().toString()));
        }
        return holders;
    }

    private interface StoreAction<T> {
        T run() throws IOException;
    }

    private <T> T locked(StoreAction<T> action) {
        synchronized (LOCAL_LOCK) {
            try (FileChannel channel = FileChannel.open(
                            root.resolve("store.lock"), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
                    FileLock ignored = channel.lock()) {
                return action.run();
            } catch (IOException e) {
                throw unavailable(
                        "the artifact store cannot be written (" + e.getClass().getSimpleName() + ")");
            }
        }
    }

    private static void requireHolder(String holder) {
        requireNonNull(holder, "holder is null");
        if (!HOLDER.matcher(holder).matches()) {
            throw new IllegalArgumentException(
                    "a holder is 1-128 characters of [A-Za-z0-9._-], not starting with a dot");
        }
    }

    static DponeException unavailable(String message) {
        return new DponeException(DponeErrorCode.EXTERNAL_ARTIFACT_STORE_UNAVAILABLE, message);
    }

    static DponeException integrity(String message) {
        return new DponeException(DponeErrorCode.CLICKHOUSE_CLUSTER_EXTERNAL_ARTIFACT_INTEGRITY, message);
    }
}
