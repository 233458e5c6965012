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
    /**
     * Runs {@code command} in {@code directory} (which also receives the output files) with no
     * {@code DPONE_*} or {@code JAVA_TOOL_OPTIONS} variable but those in {@code environment}: the
     * JVM would print the latter to stderr, which the ITs hold to dpone's own documents.
     */
    static ChildProcess run(Path directory, List<String> command, Map<String, String> environment)
            throws IOException, InterruptedException {
        Path out = directory.resolve("out-" + System.nanoTime());
        Path err = directory.resolve("err-" + System.nanoTime());
        ProcessBuilder builder = new ProcessBuilder(command)
                .directory(directory.toFile())
                .redirectOutput(out.toFile())
                .redirectError(err.toFile());
        builder.environment().keySet().removeIf(name -> name.startsWith("DPONE_") || name.equals("JAVA_TOOL_OPTIONS"));
        builder.environment().putAll(environment);
        Process process = builder.start();
        assertTrue(process.waitFor(600, TimeUnit.SECONDS), "did not finish: " + command.get(0));
        return new ChildProcess(
                process.exitValue(),
                Files.readString(out, StandardCharsets.UTF_8),
                Files.readString(err, StandardCharsets.UTF_8));
    }
}
