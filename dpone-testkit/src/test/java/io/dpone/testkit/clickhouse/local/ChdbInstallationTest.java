package io.dpone.testkit.clickhouse.local;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpone.testkit.cluster.BackendAvailability;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ChdbInstallationTest {

    @Test
    void pinsAgreeWithTheFetchScript() throws IOException {
        String script = Files.readString(Path.of("..", "scripts", "fetch-clickhouse.sh"));
        assertEquals(ChdbInstallation.VERSION, shellConstant(script, "VERSION"));
        assertEquals(Long.toString(ChdbInstallation.LIBRARY_SIZE), shellConstant(script, "LIBRARY_SIZE"));
        assertTrue(shellConstant(script, "LIBRARY_SHA256").matches("[0-9a-f]{64}"));
        assertTrue(shellConstant(script, "TARBALL_SHA256").matches("[0-9a-f]{64}"));
    }

    @Test
    void emptyCacheIsNotAnInstallation(@TempDir Path cache) {
        assertTrue(ChdbInstallation.findIn(cache).isEmpty());
    }

    @Test
    void unverifiedOrTruncatedLibraryIsNotAnInstallation(@TempDir Path cache) throws IOException {
        Path dir = Files.createDirectories(cache.resolve("chdb").resolve(ChdbInstallation.VERSION));
        Path launcher = Files.createFile(dir.resolve(ChdbInstallation.LAUNCHER_NAME));
        Files.setPosixFilePermissions(launcher, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path library = dir.resolve("libchdb.so");
        try (RandomAccessFile file = new RandomAccessFile(library.toFile(), "rw")) {
            file.setLength(ChdbInstallation.LIBRARY_SIZE);
        }
        assertTrue(ChdbInstallation.findIn(cache).isEmpty(), "no verified marker yet");

        Files.writeString(dir.resolve("libchdb.so.verified"), "ok");
        assertEquals(library, ChdbInstallation.findIn(cache).orElseThrow().library());

        try (RandomAccessFile file = new RandomAccessFile(library.toFile(), "rw")) {
            file.setLength(1024);
        }
        assertTrue(ChdbInstallation.findIn(cache).isEmpty(), "a truncated library is rejected");
    }

    @Test
    void missingLibraryMessageSaysHowToGetIt() {
        BackendAvailability.Unavailable missing = ChdbInstallation.missing();
        assertTrue(missing.message().contains("scripts/fetch-clickhouse.sh"));
        assertTrue(missing.message().contains(ChdbInstallation.VERSION));
        assertFalse(missing.message().contains(System.getProperty("user.home")), "no local paths in messages");
    }

    private static String shellConstant(String script, String name) {
        Matcher matcher =
                Pattern.compile("readonly " + name + "='?([^'\\n]+)'?").matcher(script);
        assertTrue(matcher.find(), name + " pinned in the script");
        return matcher.group(1);
    }
}
