package io.dpone.cli;

import static io.dpone.cli.PublishFixtures.csv;
import static io.dpone.cli.PublishFixtures.publish;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpone.cli.input.ConnectionEnvironment;
import io.dpone.clickhouse.cluster.transport.ClickHouseEndpoint;
import io.dpone.spi.publication.ClusterConnection;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.lifecycle.AfterProperty;
import net.jqwik.api.lifecycle.BeforeProperty;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The host spellings through {@code dpone publish} (pure, in process, a recording
 * provider): accepted where unambiguous, otherwise CONNECTION_PROFILE_INVALID (exit 2), never
 * HOST_INTERNAL_ERROR. red on main 32d8930: {@code ch-1:9000}, {@code http://ch-1:8123},
 * {@code ch-1/} and {@code ::1} were passed to the transport as host names, which threw
 * IllegalArgumentException (HOST_INTERNAL_ERROR, exit 4) or a settings exception.
 */
class CliHostSpellingTest {
    private Path dir;

    @BeforeEach
    @BeforeProperty
    void directory() throws Exception {
        dir = Files.createTempDirectory("dpone-host-");
        CliRun.forbid(dir.toString());
    }

    @AfterEach
    @AfterProperty
    void remove() throws Exception {
        try (var files = Files.walk(dir)) {
            for (Path path : files.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(path);
            }
        }
    }

    private CliRun publishWith(Map<String, String> variables, String... extra) {
        return CliRun.run(List.of(RecordingProvider.succeeding()), variables, publish(csv(dir), extra));
    }

    private ClusterConnection accepted(String host, Map<String, String> more) {
        Map<String, String> variables = new HashMap<>(more);
        variables.put(ConnectionEnvironment.HOST, host);
        RecordingProvider provider = RecordingProvider.succeeding();
        CliRun result = CliRun.run(List.of(provider), variables, publish(csv(dir)));
        assertEquals(ExitCode.OK.code(), result.exit(), host + ": " + result);
        return provider.onlyRequest().connection();
    }

    private String refused(Map<String, String> variables, String... extra) {
        CliRun result = publishWith(variables, extra);
        assertEquals(ExitCode.INVALID_INPUT.code(), result.exit(), result.toString());
        assertEquals(
                "CONNECTION_PROFILE_INVALID",
                result.errJson().get("error").get("code").asText());
        return result.errJson().get("error").get("message").asText();
    }

    @Test
    void unambiguousSpellingsAreAccepted() {
        ClusterConnection hostPort = accepted("ch-1:18123", Map.of());
        assertEquals("ch-1", hostPort.host());
        assertEquals(18123, hostPort.httpPort());
        ClusterConnection ipv6 = accepted("::1", Map.of());
        assertEquals("::1", ipv6.host());
        assertEquals(8123, ipv6.httpPort());
        ClusterConnection bracketed = accepted("[::1]:8123", Map.of());
        assertEquals("::1", bracketed.host());
        ClusterConnection agreeing = accepted("ch-1:18123", Map.of(ConnectionEnvironment.HTTP_PORT, "18123"));
        assertEquals(18123, agreeing.httpPort());
        ClusterConnection tls = accepted("ch-1:8443", Map.of(ConnectionEnvironment.SECURE, "true"));
        assertEquals(8443, tls.httpPort());
    }

    @Test
    void ambiguousSpellingsAreRefusedNamingTheVariable() {
        for (String host : List.of("http://ch-1:8123", "ch-1/", "user@ch-1", "fe80::1%eth0", "ch 1")) {
            String message = refused(Map.of(ConnectionEnvironment.HOST, host));
            assertTrue(message.contains(ConnectionEnvironment.HOST), message);
            assertFalse(message.contains("ch-1") || message.contains("fe80"), "the value is not echoed: " + message);
        }
        assertTrue(
                refused(Map.of(ConnectionEnvironment.HOST, "http://ch-1:8123")).contains("is a URL"));
        for (String nativePort : List.of("ch-1:9000", "[::1]:9000")) {
            assertTrue(
                    refused(Map.of(ConnectionEnvironment.HOST, nativePort)).contains("native protocol port"),
                    nativePort);
        }
        assertTrue(refused(Map.of(ConnectionEnvironment.HOST, "ch-1:9440", ConnectionEnvironment.SECURE, "true"))
                .contains("native protocol port"));
        assertTrue(refused(Map.of(ConnectionEnvironment.HOST, "ch-1:18123", ConnectionEnvironment.HTTP_PORT, "8123"))
                .contains("different ports"));
    }

    @Test
    void aProfileHostIsReadTheSameWay() throws Exception {
        Path nativeProfile = Files.writeString(dir.resolve("native.yaml"), "host: \"ch-1.example.internal:9000\"\n");
        String message = refused(Map.of(), "--connection", nativeProfile.toString());
        assertTrue(message.startsWith("connection profile: host names the native protocol port"), message);
        Path httpProfile = Files.writeString(dir.resolve("http.yaml"), "host: \"ch-1.example.internal:18123\"\n");
        RecordingProvider provider = RecordingProvider.succeeding();
        CliRun result =
                CliRun.run(List.of(provider), Map.of(), publish(csv(dir), "--connection", httpProfile.toString()));
        assertEquals(ExitCode.OK.code(), result.exit(), result.toString());
        assertEquals(18123, provider.onlyRequest().connection().httpPort());
        Path conflicting = Files.writeString(dir.resolve("both.yaml"), "host: \"ch-1:18123\"\nhttp_port: 8123\n");
        assertTrue(refused(Map.of(), "--connection", conflicting.toString())
                .contains("host and http_port name different ports"));
    }

    /**
     * Any text as DPONE_CLICKHOUSE_HOST is a connection the HTTP transports can address (its URL
     * parses with that host) or CONNECTION_PROFILE_INVALID, and never anything else.
     */
    @Property(tries = 300)
    void anyHostTextIsAnAddressableConnectionOrAProfileError(@ForAll String host) {
        if (host.isEmpty()) {
            return;
        }
        RecordingProvider provider = RecordingProvider.succeeding();
        CliRun result = CliRun.run(List.of(provider), Map.of(ConnectionEnvironment.HOST, host), publish(csv(dir)));
        if (result.exit() == ExitCode.OK.code()) {
            ClusterConnection connection = provider.onlyRequest().connection();
            ClickHouseEndpoint endpoint =
                    ClickHouseEndpoint.of(connection.host(), connection.httpPort(), "default", "u", "p");
            assertNotNull(
                    URI.create(endpoint.httpScheme() + "://" + endpoint.authority() + "/")
                            .getHost(),
                    host);
        } else {
            assertEquals(ExitCode.INVALID_INPUT.code(), result.exit(), result.toString());
            assertEquals(
                    "CONNECTION_PROFILE_INVALID",
                    result.errJson().get("error").get("code").asText());
        }
    }
}
