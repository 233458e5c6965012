package io.dpone.testkit.clickhouse.local;

import static java.util.Objects.requireNonNull;

import io.dpone.testkit.cluster.BackendAvailability;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * The real ClickHouse library and node launcher installed by {@code scripts/fetch-clickhouse.sh}
 * into {@code ${DPONE_CACHE_DIR:-~/.cache/dpone}/chdb/VERSION/}. The script verifies size and
 * SHA-256 before it writes the {@code libchdb.so.verified} marker; this class trusts the marker
 * and re-checks the size only, so locating the library stays cheap.
 *
 * @param library the verified {@code libchdb.so}
 * @param launcher the compiled {@code dpone-ch-node} launcher
 */
public record ChdbInstallation(Path library, Path launcher) {

    /** npm version of {@code @chdb/lib-linux-x64-gnu}; must match the fetch script's pin. */
    public static final String VERSION = "26.7.3-stable.1";
    /** Size in bytes of the pinned {@code libchdb.so}; must match the fetch script's pin. */
    public static final long LIBRARY_SIZE = 566_330_096L;
    /** Launcher executable name; {@code pgrep -f dpone-ch-node} finds every node process. */
    public static final String LAUNCHER_NAME = "dpone-ch-node";

    static final String CACHE_DIR_PROPERTY = "dpone.cacheDir";
    static final String CACHE_DIR_ENV = "DPONE_CACHE_DIR";

    public ChdbInstallation {
        requireNonNull(library, "library is null");
        requireNonNull(launcher, "launcher is null");
    }

    /** The installation in the configured cache, if complete and verified. */
    public static Optional<ChdbInstallation> find() {
        return findIn(cacheRoot());
    }

    static Optional<ChdbInstallation> findIn(Path cacheRoot) {
        Path dir = cacheRoot.resolve("chdb").resolve(VERSION);
        Path library = dir.resolve("libchdb.so");
        Path launcher = dir.resolve(LAUNCHER_NAME);
        try {
            boolean complete = Files.isRegularFile(dir.resolve("libchdb.so.verified"))
                    && Files.isRegularFile(library)
                    && Files.size(library) == LIBRARY_SIZE
                    && Files.isExecutable(launcher);
            return complete ? Optional.of(new ChdbInstallation(library, launcher)) : Optional.empty();
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /** Available when {@link #find()} succeeds; otherwise one message saying how to get it. */
    public static BackendAvailability availability() {
        return find().isPresent() ? BackendAvailability.available() : missing();
    }

    static BackendAvailability.Unavailable missing() {
        return new BackendAvailability.Unavailable(
                "The real ClickHouse library (npm @chdb/lib-linux-x64-gnu@" + VERSION + ") is not installed.",
                "Run scripts/fetch-clickhouse.sh once (downloads about 178 MB into $DPONE_CACHE_DIR,"
                        + " default ~/.cache/dpone, outside the work tree).");
    }

    static Path cacheRoot() {
        String property = System.getProperty(CACHE_DIR_PROPERTY);
        if (property != null && !property.isBlank()) {
            return Path.of(property);
        }
        String env = System.getenv(CACHE_DIR_ENV);
        if (env != null && !env.isBlank()) {
            return Path.of(env);
        }
        return Path.of(System.getProperty("user.home"), ".cache", "dpone");
    }
}
