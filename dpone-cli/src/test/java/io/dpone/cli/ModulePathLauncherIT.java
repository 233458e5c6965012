package io.dpone.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dpone.cli.boot.ModulePathPlanner;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Runs the packaged launcher as separate {@code java --module-path ... --module io.dpone.cli/...}
 * processes (failsafe, after {@code package}): providers are found on the module path, a mode whose
 * module is absent is a stable blocker rather than a fallback, a runtime failure is one typed
 * document on stderr with stdout empty, and the progress library renders in the modular runtime. Every
 * exit code asserted here also passed through the Ctrl-C hook, which halts with the command's code.
 */
class ModulePathLauncherIT {
    private static final String MAIN = "io.dpone.cli/io.dpone.cli.DponeMain";
    private static final Path ROOT = Path.of(System.getProperty("dpone.repositoryRoot", ".."))
            .toAbsolutePath()
            .normalize();
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String HOST = "ch-sentinel-host.internal";
    private static final String PASSWORD = "pw-Sentinel-4711";
    private static final String SOURCE_NAME = "src-sentinel-orders.csv";
    private static final Map<String, String> CONNECTION =
            Map.of("DPONE_CLICKHOUSE_HOST", HOST, "DPONE_CLICKHOUSE_PASSWORD", PASSWORD);

    @TempDir
    Path output;

    private record Result(int exit, String out, String err) {
        JsonNode outJson() throws IOException {
            return JSON.readTree(out);
        }
    }

    private Result launch(List<String> command) throws IOException, InterruptedException {
        return launch(command, Map.of());
    }

    private Result launch(List<String> command, Map<String, String> environment)
            throws IOException, InterruptedException {
        Map<String, String> skipBuild = new HashMap<>(environment);
        skipBuild.put("DPONE_SKIP_BUILD", "1");
        return finished(started(command, skipBuild), 120);
    }

    /** A launcher process started in the repository root, writing to files in the test's directory. */
    private ChildProcess.Started started(List<String> command, Map<String, String> environment) throws IOException {
        return ChildProcess.start(ROOT, output, command, environment);
    }

    private static Result finished(ChildProcess.Started run, long seconds) throws IOException, InterruptedException {
        ChildProcess child = run.finish(seconds);
        return new Result(child.exit(), child.out(), child.err());
    }

    private static List<String> java(List<String> pathOptions, String... args) {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(pathOptions);
        command.addAll(List.of("--module", MAIN));
        command.addAll(List.of(args));
        return command;
    }

    private static List<String> builtPath() {
        return List.of("@" + System.getProperty("dpone.launcherArgs"));
    }

    /** The packaged module path without the external mode module: "a mode whose module is absent". */
    private static List<String> internalOnlyPath() throws IOException {
        List<Path> jars = ModulePathPlanner.jarsIn(Path.of(System.getProperty("dpone.modulesDir"))).stream()
                .filter(jar -> !jar.getFileName().toString().startsWith("dpone-clickhouse-external-"))
                .collect(Collectors.toCollection(ArrayList::new));
        jars.add(Path.of(System.getProperty("dpone.cliJar")));
        ModulePathPlanner.Plan plan = ModulePathPlanner.plan(jars);
        List<String> options =
                new ArrayList<>(List.of("--module-path", join(plan.modulePath()), "--add-modules", "ALL-MODULE-PATH"));
        options.addAll(ModulePathPlanner.READS);
        if (!plan.classPath().isEmpty()) {
            options.addAll(List.of("--class-path", join(plan.classPath())));
        }
        return options;
    }

    private static String join(List<Path> paths) {
        return paths.stream().map(Path::toString).collect(Collectors.joining(File.pathSeparator));
    }

    @Test
    void bothProvidersAreFoundAsNamedModulesOnTheModulePath() throws Exception {
        Result result = launch(java(builtPath(), "providers"));
        assertEquals(0, result.exit(), result.toString());
        JsonNode providers = result.outJson().get("providers");
        assertEquals(2, providers.size(), result.out());
        assertEquals(
                "io.dpone.clickhouse.internal", providers.get(0).get("module").asText());
        assertEquals("internal", providers.get(0).get("replication_mode").asText());
        assertEquals(
                "io.dpone.clickhouse.external", providers.get(1).get("module").asText());
        assertEquals("external", providers.get(1).get("replication_mode").asText());
    }

    @Test
    void theLaunchersModulePathShipsNoTestFramework() throws IOException {
        List<String> jars = ModulePathPlanner.jarsIn(Path.of(System.getProperty("dpone.modulesDir"))).stream()
                .map(jar -> jar.getFileName().toString())
                .toList();
        for (String framework : List.of("jqwik", "junit", "opentest4j", "testcontainers", "docker-java", "zookeeper")) {
            assertTrue(
                    jars.stream().noneMatch(jar -> jar.startsWith(framework)),
                    framework + " is on the module path: " + jars);
        }
        for (String plugin : List.of("dpone-clickhouse-internal-", "dpone-clickhouse-external-", "dpone-demo-")) {
            assertTrue(jars.stream().anyMatch(jar -> jar.startsWith(plugin)), plugin + " is missing: " + jars);
        }
    }

    @Test
    void absentModeModuleIsAStableBlockerNotAFallback() throws Exception {
        List<String> path = internalOnlyPath();
        Result providers = launch(java(path, "providers"));
        assertEquals(1, providers.outJson().get("providers").size(), providers.out());

        Result plan = launch(java(path, "plan", "-m", "fixtures/manifests/cluster-external.yaml"));
        assertEquals(ExitCode.BLOCKED.code(), plan.exit(), plan.toString());
        assertEquals("", plan.err());
        JsonNode decision = plan.outJson();
        assertEquals(
                "PUBLICATION_PROVIDER_UNAVAILABLE",
                decision.get("blockers").get(0).get("code").asText());
        assertEquals("cluster_external", decision.get("mode").asText());
        assertEquals("external", decision.get("replication_mode").asText());
        assertFalse(decision.get("selected").asBoolean());
        assertTrue(decision.get("no_fallback").asBoolean());

        Result internal = launch(java(path, "plan", "-m", "fixtures/manifests/cluster-internal.yaml"));
        assertEquals(ExitCode.OK.code(), internal.exit(), internal.toString());
    }

    private String[] publish(String manifest) throws IOException {
        Path source = output.resolve(SOURCE_NAME);
        Files.writeString(source, "id,name\n1,a\n", StandardCharsets.UTF_8);
        return new String[] {"publish", "-m", manifest, "--source", source.toString(), "--invocation-id", "it-run-1"};
    }

    private static void assertNoLeak(Result result) {
        for (String secret : List.of(HOST, PASSWORD, SOURCE_NAME)) {
            assertFalse(
                    result.out().contains(secret) || result.err().contains(secret),
                    "an output leaks a configured secret or path");
        }
    }

    @Test
    void runtimeFailureInTheRealProcessIsOneTypedStderrDocument() throws Exception {
        Result result = launch(java(builtPath(), publish("fixtures/manifests/cluster-external.yaml")), CONNECTION);
        assertEquals(ExitCode.RUNTIME_FAILURE.code(), result.exit(), result.toString());
        assertEquals("", result.out());
        // The real external publisher runs: the sentinel host does not resolve, so admission blocks before any
        // mutation (and before the artifact store is created). stderr is exactly the one typed document: the
        // drivers' logging facade has its no-op provider on the module path, so it prints no warning first.
        List<String> lines = result.err().strip().lines().toList();
        assertEquals(1, lines.size(), result.err());
        assertEquals(
                "CONNECTION_HOST_UNKNOWN",
                JSON.readTree(lines.get(0)).get("error").get("code").asText());
        assertNoLeak(result);
    }

    /**
     * progressbar (an explicit module requiring jline-terminal as an automatic one) renders in the
     * modular runtime: DPONE_PROGRESS=always forces the display although stderr is a file here.
     */
    @Test
    void progressRendersOnTheModulePathBeforeTheDocument() throws Exception {
        Map<String, String> environment = new HashMap<>(CONNECTION);
        environment.put("DPONE_PROGRESS", "always");
        Result result = launch(java(builtPath(), publish("fixtures/manifests/cluster-internal.yaml")), environment);
        assertEquals(ExitCode.RUNTIME_FAILURE.code(), result.exit(), result.toString());
        assertEquals("", result.out());
        List<String> lines = result.err().strip().lines().toList();
        assertTrue(lines.size() >= 2 && lines.get(0).contains("starting ..."), result.err());
        // The real internal publisher runs: the sentinel host does not resolve, so admission blocks before any
        // mutation.
        assertEquals(
                "CONNECTION_HOST_UNKNOWN",
                JSON.readTree(lines.get(lines.size() - 1))
                        .get("error")
                        .get("code")
                        .asText());
        assertFalse(
                result.err().contains("WARNING") || result.err().contains("SLF4J"),
                "no jline, JUL or SLF4J warning on stderr: " + result.err());
        assertNoLeak(result);
    }

    @Test
    void aMissingConnectionIsATypedDocumentNamingTheVariable() throws Exception {
        Result result = launch(java(builtPath(), publish("fixtures/manifests/cluster-internal.yaml")));
        assertEquals(ExitCode.INVALID_INPUT.code(), result.exit(), result.toString());
        assertEquals("", result.out());
        JsonNode error = JSON.readTree(result.err()).get("error");
        assertEquals("CONNECTION_PROFILE_INVALID", error.get("code").asText());
        assertTrue(error.get("message").asText().contains("DPONE_CLICKHOUSE_HOST"), result.err());
    }

    @Test
    void theRepositoryLauncherScriptRunsTheDemo() throws Exception {
        Result demo = launch(List.of(ROOT.resolve("dpone").toString(), "demo", "--json"));
        assertEquals(ExitCode.OK.code(), demo.exit(), demo.toString());
        assertEquals("cluster_internal", demo.outJson().get("plan").get("mode").asText());
        assertTrue(
                demo.outJson().get("cluster").asText().startsWith("SIMULATED"),
                "the demo says its cluster is simulated");
        assertEquals(
                "committed",
                demo.outJson().get("receipts").get(0).get("outcome").asText());
        Result invalid = launch(List.of(
                ROOT.resolve("dpone").toString(), "check", "-m", "fixtures/manifests/invalid-unknown-keys.yaml"));
        assertEquals(ExitCode.INVALID_INPUT.code(), invalid.exit(), invalid.toString());
        assertEquals("", invalid.out());
        assertEquals(
                "MANIFEST_SCHEMA_INVALID",
                JSON.readTree(invalid.err()).get("error").get("code").asText());
    }

    /**
     * The issue's race, reproduced with the checkout launcher and the real Maven build: four
     * {@code ./dpone check} started 0, 2, 5 and 9 s after a fixture is touched (what a scheduler sees
     * after a {@code git pull}). red on main 32d8930 (run by hand the same way): the runs exited 0, 1
     * with {@code FindException: Module ... not found} (the "blocked" code) and 4 ({@code zip file is
     * empty}), because one run's Maven build emptied the module path another run was starting from,
     * and every stale run started its own build. Now one run builds under the lock into a fresh
     * folder and switches to it in one rename; the others wait, then use it: every run exits 0 with
     * exactly the check summary on stdout.
     */
    @Test
    void runsStartedWhileTheLauncherRebuildsAllAnswerFromOneCompleteBuild() throws Exception {
        Path fixture = ROOT.resolve("fixtures/manifests/cluster-internal.yaml");
        Files.setLastModifiedTime(fixture, FileTime.from(Instant.now()));
        long start = System.nanoTime();
        List<ChildProcess.Started> runs = new ArrayList<>();
        for (long delay : new long[] {0, 2, 5, 9}) {
            long wait = TimeUnit.SECONDS.toMillis(delay) - TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
            if (wait > 0) {
                Thread.sleep(wait);
            }
            runs.add(started(
                    List.of(
                            ROOT.resolve("dpone").toString(),
                            "check",
                            "-m",
                            "fixtures/manifests/cluster-internal.yaml"),
                    Map.of()));
        }
        for (ChildProcess.Started run : runs) {
            Result result = finished(run, 1800);
            assertEquals(ExitCode.OK.code(), result.exit(), result.toString());
            JsonNode summary = result.outJson();
            assertEquals("valid", summary.get("manifest").asText(), result.out());
            assertTrue(summary.get("admitted").asBoolean(), result.out());
            assertFalse(result.err().contains("Exception") || result.err().contains("Error occurred"), result.err());
        }
        Path current = ROOT.resolve("dpone-cli/target/launcher/current");
        assertTrue(
                Files.isSymbolicLink(current) && Files.isRegularFile(current.resolve("dpone.args")),
                "one complete build is current");
    }

    /** A build that fails exits 4, never 1, with nothing on stdout; the previous build stays current. */
    @Test
    void aFailedBuildExitsFourWithAnEmptyStdout() throws Exception {
        Path fakeMaven = output.resolve("bin/mvn");
        Files.createDirectories(fakeMaven.getParent());
        Files.writeString(fakeMaven, "#!/bin/sh\necho 'the build is broken' >&2\nexit 1\n");
        fakeMaven.toFile().setExecutable(true);
        Path fixture = ROOT.resolve("fixtures/manifests/cluster-internal.yaml");
        Files.setLastModifiedTime(fixture, FileTime.from(Instant.now()));
        Path current = ROOT.resolve("dpone-cli/target/launcher/current");
        Path before = Files.isSymbolicLink(current) ? Files.readSymbolicLink(current) : null;
        Result failed = finished(
                started(
                        List.of(
                                ROOT.resolve("dpone").toString(),
                                "check",
                                "-m",
                                "fixtures/manifests/cluster-internal.yaml"),
                        Map.of("PATH", fakeMaven.getParent() + File.pathSeparator + System.getenv("PATH"))),
                300);
        assertEquals(ExitCode.INTERNAL_ERROR.code(), failed.exit(), failed.toString());
        assertEquals("", failed.out());
        assertTrue(failed.err().contains("the build failed"), failed.err());
        assertEquals(
                before,
                Files.isSymbolicLink(current) ? Files.readSymbolicLink(current) : null,
                "the previous build stays current");
    }

    @Test
    void sealFindsTheExternalSealerOnTheModulePathAndIsAbsentWithoutIt() throws Exception {
        Path csv = Files.writeString(output.resolve("in.csv"), "id,name\n1,\\N\n2,b\n");
        Path store = output.resolve("store");
        Result sealed = launch(java(
                builtPath(),
                "seal",
                "--source",
                csv.toString(),
                "--format",
                "CSVWithNames",
                "--columns",
                "id UInt8, name Nullable(String)",
                "--store",
                store.toString()));
        assertEquals(ExitCode.OK.code(), sealed.exit(), sealed.toString());
        assertEquals(2, sealed.outJson().get("row_count").asInt());
        assertTrue(Files.isRegularFile(store.resolve("sha256")
                .resolve(sealed.outJson().get("artifact_sha256").asText())));

        Result absent = launch(java(
                internalOnlyPath(),
                "seal",
                "--source",
                csv.toString(),
                "--format",
                "CSVWithNames",
                "--columns",
                "id UInt8, name Nullable(String)",
                "--store",
                store.toString()));
        assertEquals(ExitCode.RUNTIME_FAILURE.code(), absent.exit(), absent.toString());
        assertEquals("", absent.out());
        assertEquals(
                "PUBLICATION_PROVIDER_UNAVAILABLE",
                JSON.readTree(absent.err()).get("error").get("code").asText());
    }
}
