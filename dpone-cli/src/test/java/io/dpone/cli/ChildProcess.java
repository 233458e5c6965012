package io.dpone.cli;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * One finished child process of the launcher ITs: its exit code, stdout and stderr. Output goes to
 * files, so a chatty child never blocks on a full pipe.
 */
record ChildProcess(int exit, String out, String err) {
    /** Runs {@code command} in {@code directory}, which also receives the output files; see {@link #start}. */
    static ChildProcess run(Path directory, List<String> command, Map<String, String> environment)
            throws IOException, InterruptedException {
        return start(directory, directory, command, environment).finish(600);
    }

    /**
     * Starts {@code command} in {@code workingDirectory}, its output in files under {@code
     * outputDirectory}, with no {@code DPONE_*} or {@code JAVA_TOOL_OPTIONS} variable but those in
     * {@code environment}: the JVM would print the latter to stderr, which the ITs hold to dpone's own
     * documents.
     */
    static Started start(
            Path workingDirectory, Path outputDirectory, List<String> command, Map<String, String> environment)
            throws IOException {
        Path out = outputDirectory.resolve("out-" + System.nanoTime());
        Path err = outputDirectory.resolve("err-" + System.nanoTime());
        ProcessBuilder builder = new ProcessBuilder(command)
                .directory(workingDirectory.toFile())
                .redirectOutput(out.toFile())
                .redirectError(err.toFile());
        builder.environment().keySet().removeIf(name -> name.startsWith("DPONE_") || name.equals("JAVA_TOOL_OPTIONS"));
        builder.environment().putAll(environment);
        return new Started(builder.start(), out, err, command.get(0));
    }

    /** A started child; {@link #finish} waits for it, so several can run at once. */
    record Started(Process process, Path out, Path err, String name) {
        ChildProcess finish(long seconds) throws IOException, InterruptedException {
            assertTrue(process.waitFor(seconds, TimeUnit.SECONDS), "did not finish: " + name);
            return new ChildProcess(
                    process.exitValue(),
                    Files.readString(out, StandardCharsets.UTF_8),
                    Files.readString(err, StandardCharsets.UTF_8));
        }
    }
}
