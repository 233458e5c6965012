package io.dpone.cli.boot;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.lang.module.FindException;
import java.lang.module.ModuleFinder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Splits the launcher's runtime jars into a module path and a class path, and writes them as a
 * {@code java} argument file. A jar that the JDK cannot describe as a module (a legacy jar whose
 * file name yields no valid automatic module name, e.g. one with a keyword segment) would abort the
 * whole boot layer, so it goes on the class path instead. The decision is the JDK's own
 * ({@link ModuleFinder}), not a list of names, so new driver dependencies need no change here.
 * Runs at build time ({@code package}); JDK only.
 */
public final class ModulePathPlanner {
    /**
     * Reads a library's module descriptor omits: clickhouse-data 0.10.0's ClickHouseDataType implements
     * java.sql.SQLType without {@code requires java.sql}, so client-v2 cannot read over HTTP without it.
     * Harmless when the module is absent. {@code bin/dpone} of the distribution passes the same.
     */
    public static final List<String> READS = List.of("--add-reads", "com.clickhouse.data=java.sql");

    /** The two halves of the launcher's path. */
    public record Plan(List<Path> modulePath, List<Path> classPath) {
        public Plan {
            modulePath = List.copyOf(requireNonNull(modulePath, "modulePath is null"));
            classPath = List.copyOf(requireNonNull(classPath, "classPath is null"));
        }

        /** {@code java} options, one per line, each value quoted for an argument file. */
        public List<String> argumentFileLines() {
            // Explicit modules needed only by automatic ones (slf4j for client-v2) are not resolved
            // from the root module alone; ALL-MODULE-PATH resolves every module the plan placed.
            List<String> lines = new ArrayList<>(
                    List.of("--module-path", quote(join(modulePath)), "--add-modules", "ALL-MODULE-PATH"));
            lines.addAll(READS);
            if (!classPath.isEmpty()) {
                lines.addAll(List.of("--class-path", quote(join(classPath))));
            }
            return lines;
        }

        private static String join(List<Path> paths) {
            return paths.stream().map(Path::toString).collect(Collectors.joining(java.io.File.pathSeparator));
        }

        private static String quote(String value) {
            return "\"" + value.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
        }
    }

    private ModulePathPlanner() {}

    public static Plan plan(List<Path> jars) {
        List<Path> modules = new ArrayList<>();
        List<Path> legacy = new ArrayList<>();
        for (Path jar : jars) {
            (describable(jar) ? modules : legacy).add(jar);
        }
        return new Plan(modules, legacy);
    }

    /** Every jar directly inside {@code directory}, sorted by file name for a stable order. */
    public static List<Path> jarsIn(Path directory) throws IOException {
        try (Stream<Path> files = Files.list(directory)) {
            return files.filter(file -> file.getFileName().toString().endsWith(".jar"))
                    .sorted()
                    .toList();
        }
    }

    private static boolean describable(Path jar) {
        try {
            return !ModuleFinder.of(jar).findAll().isEmpty();
        } catch (FindException e) {
            return false;
        }
    }

    /** {@code ModulePathPlanner <dependency dir> <host jar> <argument file>}. */
    public static void main(String[] args) throws IOException {
        if (args.length != 3) {
            throw new IllegalArgumentException("usage: ModulePathPlanner <dependency dir> <host jar> <argument file>");
        }
        List<Path> jars = new ArrayList<>(jarsIn(Path.of(args[0]).toAbsolutePath()));
        jars.add(Path.of(args[1]).toAbsolutePath());
        Files.write(Path.of(args[2]), plan(jars).argumentFileLines(), StandardCharsets.UTF_8);
    }
}
