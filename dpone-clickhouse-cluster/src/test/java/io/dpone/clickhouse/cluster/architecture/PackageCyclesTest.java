package io.dpone.clickhouse.cluster.architecture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.spi.ToolProvider;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The protocol core's packages form no cycle (issue 24 named port<->sql, port<->authority and
 * ddl<->authority): a package cycle means neither side can be understood, tested or moved alone.
 * The graph is jdeps' reading of the compiled classes, so javadoc-only references do not count.
 * Red on dfe4bd0: {authority, ddl, port, sql} formed one cycle.
 */
class PackageCyclesTest {
    private static final String CORE = "io.dpone.clickhouse.cluster";
    private static final Pattern EDGE = Pattern.compile(
            "^\\s+(io\\.dpone\\.clickhouse\\.cluster\\S*)\\s+->\\s+(io\\.dpone\\.clickhouse\\.cluster\\S*)\\s");

    @Test
    void theCorePackagesDependOnEachOtherWithoutACycle() throws IOException {
        PackageGraph graph = compiledCore();
        assertTrue(
                graph.dependencies(CORE + ".port").contains(CORE + ".sql"),
                "jdeps read the compiled classes (port uses sql's TableRef)");
        List<Set<String>> cycles = graph.cycles();
        assertTrue(cycles.isEmpty(), () -> "package cycles in the core: " + describe(graph, cycles));
    }

    @Test
    void aCycleThroughThreePackagesIsFoundAndOneWayDependenciesAreNot() {
        PackageGraph graph = new PackageGraph();
        graph.add("a", "b");
        graph.add("b", "c");
        graph.add("c", "a");
        graph.add("c", "d");
        graph.add("d", "d");
        assertEquals(List.of(Set.of("a", "b", "c")), graph.cycles());
    }

    private static PackageGraph compiledCore() throws IOException {
        List<String> arguments =
                new ArrayList<>(List.of("-verbose:package", "-e", "io\\.dpone\\.clickhouse\\.cluster\\..*"));
        try (Stream<Path> files = Files.walk(Path.of("target", "classes"))) {
            files.filter(file -> file.toString().endsWith(".class") && !file.endsWith("module-info.class"))
                    .map(Path::toString)
                    .sorted()
                    .forEach(arguments::add);
        }
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        ToolProvider jdeps = ToolProvider.findFirst("jdeps").orElseThrow();
        int exit = jdeps.run(new PrintWriter(out), new PrintWriter(err), arguments.toArray(String[]::new));
        assertEquals(0, exit, err::toString);
        PackageGraph graph = new PackageGraph();
        for (String line : out.toString().split("\n")) {
            Matcher edge = EDGE.matcher(line);
            if (edge.find()) {
                graph.add(edge.group(1), edge.group(2));
            }
        }
        return graph;
    }

    private static String describe(PackageGraph graph, List<Set<String>> cycles) {
        return cycles.stream()
                .map(group -> group.stream()
                        .map(from -> from + " -> "
                                + graph.dependencies(from).stream()
                                        .filter(group::contains)
                                        .toList())
                        .collect(Collectors.joining("; ", "{", "}")))
                .collect(Collectors.joining(" "));
    }
}
