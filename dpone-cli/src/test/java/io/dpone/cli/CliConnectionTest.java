package io.dpone.cli;

import static io.dpone.cli.PublishFixtures.csv;
import static io.dpone.cli.PublishFixtures.publish;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.dpone.cli.input.ConnectionEnvironment;
import io.dpone.spi.publication.ClusterConnection;
import io.dpone.spi.publication.MemberEndpoints;
import io.dpone.spi.publication.MemberEndpoints.Endpoint;
import io.dpone.spi.publication.Secret;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Where {@code dpone publish} and {@code status} take the cluster connection from: a profile file or
 * the {@code DPONE_CLICKHOUSE_*} variables, the password from a variable or a file, never from the
 * command line or the profile itself, and never printed (CliRun checks every output).
 */
class CliConnectionTest {
    private static final String PASSWORD_VARIABLE = "ORDERS_CH_PASSWORD";

    @TempDir
    Path dir;

    private Path source;

    @BeforeEach
    void forbidTheTemporaryDirectory() {
        CliRun.forbid(dir.toAbsolutePath().toString());
        source = csv(dir);
    }

    private ClusterConnection published(Map<String, String> variables, String... extra) {
        RecordingProvider provider = RecordingProvider.succeeding();
        CliRun result = CliRun.run(List.of(provider), variables, publish(source, extra));
        assertEquals(ExitCode.OK.code(), result.exit(), result.toString());
        return provider.onlyRequest().connection();
    }

    private JsonNode refused(Map<String, String> variables, String... extra) {
        RecordingProvider provider = RecordingProvider.succeeding();
        CliRun result = CliRun.run(List.of(provider), variables, publish(source, extra));
        assertEquals(ExitCode.INVALID_INPUT.code(), result.exit(), result.toString());
        assertEquals("", result.out());
        assertEquals(0, provider.publishers(), "no publisher is created without a connection");
        JsonNode error = result.errJson().get("error");
        assertEquals("CONNECTION_PROFILE_INVALID", error.get("code").asText());
        assertEquals(1021, error.get("number").asInt());
        return error;
    }

    private Path profile(String name, String text) throws IOException {
        Path file = dir.resolve(name);
        Files.writeString(file, text, StandardCharsets.UTF_8);
        return file;
    }

    @Test
    void theEnvironmentGivesHostDefaultsAndThePassword() {
        ClusterConnection connection = published(PublishFixtures.environment());
        assertEquals(CliRun.SECRET_HOST, connection.host());
        assertEquals(8123, connection.httpPort());
        assertEquals(9000, connection.nativePort());
        assertFalse(connection.secure());
        assertEquals("default", connection.user());
        assertEquals(Secret.of(CliRun.SECRET_PASSWORD), connection.password());
    }

    @Test
    void secureDefaultsToTheTlsPortsAndExplicitPortsWin() {
        Map<String, String> variables = new HashMap<>(PublishFixtures.environment());
        variables.put(ConnectionEnvironment.SECURE, "true");
        variables.put(ConnectionEnvironment.USER, "publisher");
        ClusterConnection tls = published(variables);
        assertTrue(tls.secure());
        assertEquals(8443, tls.httpPort());
        assertEquals(9440, tls.nativePort());
        assertEquals("publisher", tls.user());
        variables.put(ConnectionEnvironment.HTTP_PORT, "18123");
        variables.put(ConnectionEnvironment.NATIVE_PORT, "19000");
        ClusterConnection explicit = published(variables);
        assertEquals(18123, explicit.httpPort());
        assertEquals(19000, explicit.nativePort());
    }

    @Test
    void theEnvironmentPasswordMayComeFromAFile() throws IOException {
        Path secret = profile("password.txt", CliRun.SECRET_PASSWORD + "\n");
        ClusterConnection connection = published(Map.of(
                ConnectionEnvironment.HOST,
                CliRun.SECRET_HOST,
                ConnectionEnvironment.PASSWORD_FILE,
                secret.toString()));
        assertEquals(
                Secret.of(CliRun.SECRET_PASSWORD), connection.password(), "one trailing line break is not part of it");
        assertEquals(
                Secret.empty(),
                published(Map.of(ConnectionEnvironment.HOST, CliRun.SECRET_HOST))
                        .password());
    }

    @Test
    void environmentProblemsNameTheVariableNeverItsValue() {
        assertTrue(refused(Map.of()).get("message").asText().contains(ConnectionEnvironment.HOST));
        Map<String, String> badPort = new HashMap<>(PublishFixtures.environment());
        badPort.put(ConnectionEnvironment.HTTP_PORT, "http" + CliRun.SECRET_PASSWORD);
        assertTrue(refused(badPort).get("message").asText().contains(ConnectionEnvironment.HTTP_PORT));
        Map<String, String> both = new HashMap<>(PublishFixtures.environment());
        both.put(ConnectionEnvironment.PASSWORD_FILE, dir.resolve("x").toString());
        assertTrue(refused(both).get("message").asText().contains("exclusive"));
        Map<String, String> secure = new HashMap<>(PublishFixtures.environment());
        secure.put(ConnectionEnvironment.SECURE, "maybe");
        assertTrue(refused(secure).get("message").asText().contains(ConnectionEnvironment.SECURE));
        Map<String, String> unreadable = Map.of(
                ConnectionEnvironment.HOST,
                CliRun.SECRET_HOST,
                ConnectionEnvironment.PASSWORD_FILE,
                dir.resolve("absent").toString());
        assertTrue(refused(unreadable).get("message").asText().contains(ConnectionEnvironment.PASSWORD_FILE));
    }

    @Test
    void aYamlProfileWithAPasswordVariable() throws IOException {
        Path profile = profile("cluster.yaml", """
                host: %s
                http_port: 18123
                native_port: 19000
                secure: false
                user: publisher
                password_env: %s
                """.formatted(CliRun.SECRET_HOST, PASSWORD_VARIABLE));
        // The DPONE_CLICKHOUSE_* variables are ignored when a profile is given.
        Map<String, String> variables =
                Map.of(PASSWORD_VARIABLE, CliRun.SECRET_PASSWORD, ConnectionEnvironment.HOST, "other-host");
        ClusterConnection connection = published(variables, "--connection", profile.toString());
        assertEquals(CliRun.SECRET_HOST, connection.host());
        assertEquals(18123, connection.httpPort());
        assertEquals(19000, connection.nativePort());
        assertEquals("publisher", connection.user());
        assertEquals(Secret.of(CliRun.SECRET_PASSWORD), connection.password());
    }

    @Test
    void aJsonProfileWithAPasswordFileRelativeToTheProfile() throws IOException {
        Files.createDirectories(dir.resolve("secrets"));
        profile("secrets/ch", CliRun.SECRET_PASSWORD + "\r\n");
        Path profile = profile("cluster.json", """
                {"host": "%s", "secure": true, "password_file": "secrets/ch"}""".formatted(CliRun.SECRET_HOST));
        ClusterConnection connection = published(Map.of(), "--connection", profile.toString());
        assertTrue(connection.secure());
        assertEquals(8443, connection.httpPort());
        assertEquals(9440, connection.nativePort());
        assertEquals(Secret.of(CliRun.SECRET_PASSWORD), connection.password());
    }

    @Test
    void aPasswordWrittenInAProfileIsRefusedByFieldName() throws IOException {
        Path profile = profile(
                "cluster.yaml", "host: %s\npassword: %s\n".formatted(CliRun.SECRET_HOST, CliRun.SECRET_PASSWORD));
        JsonNode error = refused(Map.of(), "--connection", profile.toString());
        assertTrue(error.get("message").asText().contains("password is not accepted"), error.toString());
    }

    @Test
    void profileProblemsNameTheFieldNeverItsValue() throws IOException {
        Map<String, String> problems = Map.of(
                "user: x\n", "host is required",
                "host: h\nhttp_port: 70000\n", "http_port",
                "host: h\nnative_port: '9000'\n", "native_port",
                "host: h\nsecure: sometimes\n", "secure",
                "host: h\nuser: 7\n", "user",
                "host: h\ntimeout: 3\n", "unknown field timeout",
                "host: h\npassword_env: A\npassword_file: b\n", "exclusive",
                "host: h\npassword_env: UNSET_VARIABLE_FOR_TEST\n", "password_env",
                "host: [h\n", "not one well-formed YAML document",
                "host: h\nhost: h\n", "not one well-formed YAML document");
        for (Map.Entry<String, String> problem : problems.entrySet()) {
            Path profile = profile("cluster.yaml", problem.getKey());
            JsonNode error = refused(Map.of(), "--connection", profile.toString());
            assertTrue(error.get("message").asText().contains(problem.getValue()), problem.getKey() + " -> " + error);
        }
        assertTrue(refused(Map.of(), "--connection", dir.resolve("absent.yaml").toString())
                .get("message")
                .asText()
                .contains("does not exist"));
        assertTrue(refused(
                        Map.of(),
                        "--connection",
                        profile("cluster.toml", "host = 'h'").toString())
                .get("message")
                .asText()
                .contains(".yaml, .yml or .json"));
        assertTrue(refused(Map.of(), "--connection", profile("list.json", "[1]").toString())
                .get("message")
                .asText()
                .contains("one object"));
    }

    /** Member names the sentinel marks: no output may print one, even when an entry is refused. */
    private static final String MEMBER_1 = "ch-0.member-sentinel.svc.cluster.local";

    private static final String MEMBER_2 = "ch-1.member-sentinel.svc.cluster.local";
    private static final String RUNTIME_1 = "10.77.66.55";

    @Test
    void aYamlProfileMayTranslateMemberEndpoints() throws IOException {
        CliRun.forbid("member-sentinel");
        CliRun.forbid(RUNTIME_1);
        Path profile = profile("cluster.yaml", """
                host: %s
                member_endpoints:
                  "%s:9000": "%s:19000"
                  "%s:9000": "[fd00::7]:19001"
                """.formatted(CliRun.SECRET_HOST, MEMBER_1, RUNTIME_1, MEMBER_2));
        ClusterConnection connection = published(Map.of(), "--connection", profile.toString());
        assertEquals(
                new MemberEndpoints(Map.of(
                        new Endpoint(MEMBER_1, 9000), new Endpoint(RUNTIME_1, 19000),
                        new Endpoint(MEMBER_2, 9000), new Endpoint("fd00::7", 19001))),
                connection.memberEndpoints());
        assertEquals(9000, connection.nativePort(), "the coordinator's own ports are unchanged");
    }

    @Test
    void aJsonProfileMayTranslateMemberEndpointsAndAnEmptyMappingIsNone() throws IOException {
        CliRun.forbid("member-sentinel");
        Path profile = profile("cluster.json", """
                {"host": "%s", "member_endpoints": {"%s:9440": "127.0.0.1:29440"}}""".formatted(CliRun.SECRET_HOST, MEMBER_1));
        assertEquals(
                new MemberEndpoints(Map.of(new Endpoint(MEMBER_1, 9440), new Endpoint("127.0.0.1", 29440))),
                published(Map.of(), "--connection", profile.toString()).memberEndpoints());
        Path empty = profile("empty.yaml", "host: %s\nmember_endpoints: {}\n".formatted(CliRun.SECRET_HOST));
        assertEquals(
                MemberEndpoints.none(),
                published(Map.of(), "--connection", empty.toString()).memberEndpoints());
        Path absent = profile("absent.yaml", "host: %s\n".formatted(CliRun.SECRET_HOST));
        assertEquals(
                MemberEndpoints.none(),
                published(Map.of(), "--connection", absent.toString()).memberEndpoints());
    }

    @Test
    void theEnvironmentHasNoMemberEndpointTranslation() {
        assertEquals(
                MemberEndpoints.none(), published(PublishFixtures.environment()).memberEndpoints());
    }

    @Test
    void badMemberEndpointEntriesNameThePositionNeverTheHost() throws IOException {
        CliRun.forbid("member-sentinel");
        CliRun.forbid(RUNTIME_1);
        String good = "  \"" + MEMBER_1 + ":9000\": \"" + RUNTIME_1 + ":19000\"\n";
        Map<String, String> problems = Map.ofEntries(
                Map.entry("member_endpoints: [\"" + MEMBER_1 + ":9000\"]\n", "member_endpoints must be a mapping"),
                Map.entry("member_endpoints: \"" + MEMBER_1 + ":9000\"\n", "member_endpoints must be a mapping"),
                Map.entry(
                        "member_endpoints:\n  \"" + MEMBER_1 + "\": \"" + RUNTIME_1 + ":19000\"\n", "entry 1: the key"),
                Map.entry(
                        "member_endpoints:\n" + good + "  \"" + MEMBER_2 + ":9000\": \"" + RUNTIME_1 + "\"\n",
                        "entry 2: the value must be host:port"),
                Map.entry(
                        "member_endpoints:\n  \"" + MEMBER_1 + ":0\": \"" + RUNTIME_1 + ":19000\"\n",
                        "entry 1: the key"),
                Map.entry(
                        "member_endpoints:\n  \"" + MEMBER_1 + ":9000\": \"" + RUNTIME_1 + ":65536\"\n",
                        "entry 1: the value"),
                Map.entry(
                        "member_endpoints:\n  \"" + MEMBER_1 + ":9000\": 19000\n",
                        "entry 1: the value must be a string"),
                Map.entry("member_endpoints:\n  \"fd00::1:9000\": \"" + RUNTIME_1 + ":19000\"\n", "entry 1: the key"),
                Map.entry("member_endpoints:\n  \"a b:9000\": \"" + RUNTIME_1 + ":19000\"\n", "entry 1: the key"),
                Map.entry(
                        "member_endpoints:\n  \"" + MEMBER_1 + ":9000\": \"" + RUNTIME_1 + ":x\"\n",
                        "entry 1: the value"),
                Map.entry(
                        "member_endpoints:\n" + good + "  \"" + MEMBER_2 + ":9000\": \"" + RUNTIME_1 + ":19000\"\n",
                        "entry 2: two members translate to one runtime endpoint"),
                Map.entry("member_endpoints:\n" + good + good, "not one well-formed YAML document"));
        for (Map.Entry<String, String> problem : problems.entrySet()) {
            Path profile = profile("cluster.yaml", "host: h\n" + problem.getKey());
            JsonNode error = refused(Map.of(), "--connection", profile.toString());
            assertTrue(error.get("message").asText().contains(problem.getValue()), problem.getKey() + " -> " + error);
        }
    }
}
