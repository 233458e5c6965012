package io.dpone.clickhouse.cluster.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Proves the JPMS decision of docs/reference/transport.md: this module and its runtime jars
 * resolve on a real module path (no split packages, client-v2 and aircompressor as automatic
 * modules) with the native driver on the class path, found through ServiceLoader; and the native
 * driver jar itself cannot be a module. A probe module is compiled and launched in a separate JVM.
 */
class ModulePathLaunchTest {
    private static final String PROBE = "package probe;\n"
            + "import io.dpone.clickhouse.cluster.transport.ClickHouseEndpoint;\n"
            + "public class Main { public static void main(String[] a) throws Exception {\n"
            + "  ClickHouseEndpoint e = ClickHouseEndpoint.of(\"127.0.0.1\", 1, \"default\", \"u\", \"p\");\n"
            + "  try (var h = new io.dpone.clickhouse.cluster.transport.http.HttpReadTransport(e)) { }\n"
            + "  new io.dpone.clickhouse.cluster.transport.nativeproto.NativeReadTransport(e);\n"
            + "  System.out.println(\"named=\" + io.dpone.clickhouse.cluster.port.ReadTransport.class.getModule().isNamed());\n"
            + "}}\n";

    private static List<String> runtimeJars() throws IOException {
        String classpath = Files.readString(Paths.get("target", "runtime-classpath.txt"), StandardCharsets.UTF_8)
                .trim();
        return Arrays.stream(classpath.split(File.pathSeparator))
                .filter(entry -> !entry.isBlank())
                .toList();
    }

    /** aircompressor is a module (the cluster module requires it for zstd sources); the driver reaches it from the class path. */
    private static boolean classPathOnly(String jar) {
        return jar.contains("clickhouse-native-jdbc");
    }

    @Test
    void moduleResolvesWithTheNativeDriverOnTheClassPath(@TempDir Path work) throws Exception {
        List<String> jars = runtimeJars();
        String modulePath = Paths.get("target", "classes").toAbsolutePath()
                + File.pathSeparator
                + jars.stream().filter(jar -> !classPathOnly(jar)).collect(Collectors.joining(File.pathSeparator));
        String classPath = jars.stream()
                .filter(ModulePathLaunchTest::classPathOnly)
                .collect(Collectors.joining(File.pathSeparator));
        Path source = work.resolve("src/io.dpone.testkit/probe/Main.java");
        Files.createDirectories(source.getParent());
        Files.writeString(source, PROBE);
        // The adapters are exported only to the external mode and the testkit: the probe takes the testkit's name.
        Files.writeString(
                work.resolve("src/io.dpone.testkit/module-info.java"),
                "module io.dpone.testkit { requires io.dpone.clickhouse.cluster; }");
        int compiled = ToolProvider.getSystemJavaCompiler()
                .run(
                        null,
                        null,
                        null,
                        "-d",
                        work.resolve("out").toString(),
                        "--module-path",
                        modulePath,
                        "--module-source-path",
                        work.resolve("src").toString(),
                        "-m",
                        "io.dpone.testkit");
        assertEquals(0, compiled, "probe module compiles against the module");

        Result launched = java(
                work,
                "--module-path",
                work.resolve("out") + File.pathSeparator + modulePath,
                "--add-modules",
                "ALL-MODULE-PATH",
                "--class-path",
                classPath,
                "-m",
                "io.dpone.testkit/probe.Main");
        assertEquals(0, launched.exit(), launched.output());
        assertTrue(launched.output().contains("named=true"), launched.output());
    }

    @Test
    void nativeDriverJarCannotBeAModule(@TempDir Path work) throws Exception {
        String nativeJar = runtimeJars().stream()
                .filter(jar -> jar.contains("clickhouse-native-jdbc"))
                .findFirst()
                .orElseThrow();
        Result listed = java(work, "--module-path", nativeJar, "--list-modules");
        assertNotEquals(0, listed.exit());
        assertTrue(listed.output().contains("native"), listed.output());
    }

    private record Result(int exit, String output) {}

    private static Result java(Path work, String... arguments) throws Exception {
        List<String> command = new ArrayList<>();
        command.add(Paths.get(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(List.of(arguments));
        Path log = work.resolve("java.log");
        Process process = new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(log.toFile())
                .start();
        if (!process.waitFor(120, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new AssertionError("java did not finish");
        }
        return new Result(process.exitValue(), Files.readString(log));
    }
}
