package io.dpone.cli.boot;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ModulePathPlannerTest {
    @TempDir
    Path dir;

    private Path jar(String name) throws IOException {
        Path jar = dir.resolve(name);
        try (OutputStream file = Files.newOutputStream(jar);
                JarOutputStream out = new JarOutputStream(file)) {
            out.putNextEntry(new JarEntry("example/lib/Thing.class"));
            out.write(new byte[] {1, 2, 3});
            out.closeEntry();
        }
        return jar;
    }

    @Test
    void jarsWithoutAValidAutomaticModuleNameGoOnTheClassPath() throws IOException {
        Path legacy = jar("clickhouse-native-jdbc-2.7.1.jar");
        Path automatic = jar("good-lib-1.0.jar");
        ModulePathPlanner.Plan plan = ModulePathPlanner.plan(ModulePathPlanner.jarsIn(dir));
        assertEquals(List.of(automatic), plan.modulePath());
        assertEquals(List.of(legacy), plan.classPath());
    }

    @Test
    void argumentFileQuotesPathsAndOmitsAnEmptyClassPath() throws IOException {
        Path automatic = jar("good-lib-1.0.jar");
        ModulePathPlanner.Plan plan = ModulePathPlanner.plan(List.of(automatic));
        assertEquals(
                List.of(
                        "--module-path",
                        "\"" + automatic + "\"",
                        "--add-modules",
                        "ALL-MODULE-PATH",
                        "--add-reads",
                        "com.clickhouse.data=java.sql"),
                plan.argumentFileLines());
    }
}
