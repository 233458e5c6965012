package io.dpone.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.dpone.spi.manifest.ReplicationMode;
import io.dpone.spi.publication.PublicationStrategyProvider;
import java.io.IOException;
import java.io.InputStream;
import java.lang.module.ModuleDescriptor;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The ServiceLoader finds exactly the expected providers, and each mode module's generated
 * META-INF/services file (from {@code @AutoService}) agrees with its module-info {@code provides}.
 */
class ProviderRegistrationTest {
    private static final String SERVICE = PublicationStrategyProvider.class.getName();

    @Test
    void serviceLoaderFindsExactlyOneProviderPerMode() {
        Map<ReplicationMode, String> found = new TreeMap<>();
        for (PublicationStrategyProvider provider : HostContext.discoverProviders()) {
            assertEquals(
                    null,
                    found.put(provider.replicationMode(), provider.getClass().getName()),
                    "two providers for one mode");
        }
        assertEquals(
                Map.of(
                        ReplicationMode.INTERNAL,
                                "io.dpone.clickhouse.internal.provider.InternalPublicationStrategyProvider",
                        ReplicationMode.EXTERNAL,
                                "io.dpone.clickhouse.external.provider.ExternalPublicationStrategyProvider"),
                found);
    }

    @Test
    void servicesFileAgreesWithModuleInfoInEveryProviderModule() throws Exception {
        for (PublicationStrategyProvider provider : HostContext.discoverProviders()) {
            Path location = Path.of(provider.getClass()
                    .getProtectionDomain()
                    .getCodeSource()
                    .getLocation()
                    .toURI());
            try (Root root = Root.of(location)) {
                Set<String> fromServicesFile =
                        Files.readAllLines(root.path("META-INF/services/" + SERVICE), StandardCharsets.UTF_8).stream()
                                .map(String::strip)
                                .filter(line -> !line.isEmpty() && !line.startsWith("#"))
                                .collect(Collectors.toSet());
                ModuleDescriptor descriptor;
                try (InputStream in = Files.newInputStream(root.path("module-info.class"))) {
                    descriptor = ModuleDescriptor.read(in);
                }
                Set<String> fromModuleInfo = descriptor.provides().stream()
                        .filter(p -> p.service().equals(SERVICE))
                        .flatMap(p -> p.providers().stream())
                        .collect(Collectors.toSet());
                assertEquals(fromModuleInfo, fromServicesFile, descriptor.name());
                assertEquals(Set.of(provider.getClass().getName()), fromModuleInfo, descriptor.name());
            }
        }
    }

    /** A classes directory or a jar, opened uniformly. */
    private record Root(Path base, FileSystem fileSystem) implements AutoCloseable {
        static Root of(Path location) throws IOException {
            if (Files.isDirectory(location)) {
                return new Root(location, null);
            }
            FileSystem jar = FileSystems.newFileSystem(URI.create("jar:" + location.toUri()), Map.of());
            return new Root(jar.getPath("/"), jar);
        }

        Path path(String relative) {
            return base.resolve(relative);
        }

        @Override
        public void close() throws IOException {
            if (fileSystem != null) {
                fileSystem.close();
            }
        }
    }
}
