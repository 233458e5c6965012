package io.dpone.cli.command;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/** A directory that exists only while a command needs it (a throwaway artifact store); closing deletes it and its content. */
final class TemporaryDirectory implements AutoCloseable {
    private final Path path;

    private TemporaryDirectory(Path path) {
        this.path = requireNonNull(path, "path is null");
    }

    static TemporaryDirectory create(String prefix) {
        try {
            return new TemporaryDirectory(Files.createTempDirectory(prefix));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    Path path() {
        return path;
    }

    @Override
    public void close() {
        try (Stream<Path> paths = Files.walk(path)) {
            for (Path entry : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(entry);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
