package io.dpone.testkit.clickhouse.local;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/** File handling of one local cluster's temporary directory; failures name no local path. */
final class WorkDirectory {

    private WorkDirectory() {}

    static Path create() {
        try {
            return Files.createTempDirectory("dpone-ch-");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create the cluster's temporary directory", e);
        }
    }

    static Path directory(Path path) {
        try {
            return Files.createDirectories(path);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create a node directory", e);
        }
    }

    static Path write(Path path, String content) {
        try {
            return Files.writeString(path, content, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write a node config", e);
        }
    }

    /** Best effort: the directory only holds throwaway test data. */
    static void delete(Path root) {
        try (Stream<Path> paths = Files.walk(root)) {
            paths.sorted(Comparator.reverseOrder())
                    .forEach(path -> path.toFile().delete());
        } catch (IOException | UncheckedIOException ignored) {
            // a leftover temporary directory is harmless
        }
    }
}
