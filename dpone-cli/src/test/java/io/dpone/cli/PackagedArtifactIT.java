package io.dpone.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The release artifact (issue 21), as real processes after {@code package}: {@code scripts/package
 * --install} unpacks an archive whose {@code bin/dpone} answers with only a Java runtime (a
 * {@code jlink} image of {@code java.se} without a CDS archive of its own: no JDK tools, no Maven, no
 * checkout on the path), uses its
 * class-data-sharing archive on the module path, and keeps working when the install directory is
 * moved: the next run dumps an archive for the new place, and stdout stays exactly the document.
 */
class PackagedArtifactIT {
    private static final Path ROOT = Path.of(System.getProperty("dpone.repositoryRoot", ".."))
            .toAbsolutePath()
            .normalize();
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path work;

    private ChildProcess run(List<String> command, Map<String, String> environment)
            throws IOException, InterruptedException {
        return ChildProcess.run(work, command, environment);
    }

    private static void assertCheckSummary(ChildProcess result) throws IOException {
        assertEquals(ExitCode.OK.code(), result.exit(), result.toString());
        JsonNode summary = JSON.readTree(result.out());
        assertEquals("valid", summary.get("manifest").asText(), result.out());
        assertTrue(
                result.out().strip().startsWith("{") && result.out().strip().endsWith("}"),
                "stdout is only the document: " + result.out());
    }

    @Test
    void theInstalledArchiveAnswersWithOnlyAJavaRuntimeUsesItsCdsArchiveAndSurvivesAMove() throws Exception {
        Path installed = work.resolve("first").resolve("dpone");
        ChildProcess packaged = run(
                List.of(ROOT.resolve("scripts/package").toString(), "--skip-build", "--install", installed.toString()),
                Map.of());
        assertEquals(0, packaged.exit(), packaged.toString());
        assertTrue(Files.isRegularFile(installed.resolve("lib/dpone.jsa")), "the CDS archive is dumped at install");
        assertTrue(Files.readString(installed.resolve("lib/dpone.jsa.key")).startsWith(installed.toRealPath() + "|"));

        Path jre = work.resolve("jre");
        Path jlink = Path.of(System.getProperty("java.home"), "bin", "jlink");
        ChildProcess linked = run(
                List.of(
                        jlink.toString(),
                        "--add-modules",
                        "java.se,jdk.unsupported,jdk.crypto.ec,jdk.zipfs",
                        "--no-header-files",
                        "--no-man-pages",
                        "--output",
                        jre.toString()),
                Map.of());
        assertEquals(0, linked.exit(), linked.toString());
        assertFalse(Files.exists(jre.resolve("bin/javac")), "a runtime, not a JDK");
        Map<String, String> runtimeOnly = Map.of("JAVA_HOME", jre.toString(), "PATH", "/usr/bin:/bin");
        String manifest =
                installed.resolve("share/examples/cluster-internal.yaml").toString();
        ChildProcess dumped =
                run(List.of(installed.resolve("bin/dpone").toString(), "check", "-m", manifest), runtimeOnly);
        assertCheckSummary(dumped);
        assertTrue(
                Files.readString(installed.resolve("lib/dpone.jsa.key"))
                        .contains("|" + jre.toRealPath() + "/bin/java|"),
                "the first run on another runtime dumps an archive for it: "
                        + Files.readString(installed.resolve("lib/dpone.jsa.key")));

        Path classLog = work.resolve("classes.log");
        ChildProcess shared = run(
                List.of(installed.resolve("bin/dpone").toString(), "check", "-m", manifest),
                Map.of(
                        "JAVA_HOME",
                        jre.toString(),
                        "PATH",
                        "/usr/bin:/bin",
                        "DPONE_JAVA_OPTIONS",
                        "-Xlog:class+load=info:file=" + classLog));
        assertCheckSummary(shared);
        // picocli is compiled for Java 5: only a static archive holds such old classes on JDK 17
        List<String> application = Files.readAllLines(classLog).stream()
                .filter(line -> line.contains(" io.dpone.") || line.contains(" picocli."))
                .filter(line -> !line.contains("$$Lambda"))
                .toList();
        long archived = application.stream()
                .filter(line -> line.contains("shared objects file"))
                .count();
        long sharedPicocli = application.stream()
                .filter(line -> line.contains(" picocli.") && line.contains("shared objects file"))
                .count();
        assertTrue(
                application.size() > 200 && archived >= application.size() * 95 / 100 && sharedPicocli > 100,
                "the application's classes, picocli's included, come from the CDS archive: " + archived + " of "
                        + application.size() + ", picocli " + sharedPicocli);

        Path moved = work.resolve("second").resolve("dpone");
        Files.createDirectories(moved.getParent());
        Files.move(installed, moved);
        String movedManifest =
                moved.resolve("share/examples/cluster-internal.yaml").toString();
        for (int run = 0; run < 2; run++) {
            assertCheckSummary(
                    run(List.of(moved.resolve("bin/dpone").toString(), "check", "-m", movedManifest), runtimeOnly));
        }
        assertTrue(
                Files.readString(moved.resolve("lib/dpone.jsa.key")).startsWith(moved.toRealPath() + "|"),
                "a moved install dumps an archive for its new place");
    }
}
