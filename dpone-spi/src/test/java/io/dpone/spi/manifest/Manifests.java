package io.dpone.spi.manifest;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** Test helpers: the shared fixtures and one-line reading. */
public final class Manifests {
    public static final Path FIXTURES = Path.of("..", "fixtures", "manifests");
    private static final ManifestReader READER = new ManifestReader();

    private Manifests() {}

    public static ManifestReadResult yaml(String text) {
        return READER.read(text.getBytes(StandardCharsets.UTF_8), ManifestFormat.YAML);
    }

    public static ManifestReadResult json(String text) {
        return READER.read(text.getBytes(StandardCharsets.UTF_8), ManifestFormat.JSON);
    }

    public static ManifestReadResult fixture(String name) {
        try {
            return READER.read(
                    Files.readAllBytes(FIXTURES.resolve(name)),
                    ManifestFormat.fromFileName(name).orElseThrow());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static SinkManifest accepted(ManifestReadResult result) {
        if (result instanceof ManifestReadResult.Accepted accepted) {
            return accepted.manifest();
        }
        throw new AssertionError("expected an accepted manifest, got " + result);
    }

    public static ManifestReadResult.Rejected rejected(ManifestReadResult result) {
        if (result instanceof ManifestReadResult.Rejected rejected) {
            return rejected;
        }
        throw new AssertionError("expected a rejection, got " + result);
    }

    /** A minimal valid cluster manifest whose cluster mapping is {@code clusterBody} (YAML, indented 10). */
    public static String withCluster(String clusterBody) {
        return """
                options:
                  lineage: false
                sink:
                  target: {database: analytics, table: orders}
                  strategy: {mode: full_refresh, max_source_bytes: 1000}
                  options:
                    physical_design:
                      storage:
                        clickhouse:
                          cluster:
                """ + clusterBody.indent(12);
    }
}
