package io.dpone.cli.input;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.dpone.cli.HostVariables;
import io.dpone.spi.error.DponeException;
import io.dpone.spi.manifest.ManifestFormat;
import io.dpone.spi.publication.ClusterConnection;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.TreeSet;
import org.yaml.snakeyaml.LoaderOptions;

/**
 * A {@code --connection} profile: one small YAML or JSON object (by file extension) with
 * {@code host}, {@code http_port}, {@code native_port}, {@code secure}, {@code user} and at most one
 * of {@code password_env} (the name of an environment variable) or {@code password_file} (a file
 * whose content is the password, relative paths resolved against the profile's directory), and
 * an optional {@code member_endpoints} translation ({@link MemberEndpointsField}). A
 * {@code password} field is refused: a password is never written down next to the host. Problems
 * name the field, never its value; parser messages are dropped because they quote the input.
 */
public final class ConnectionProfileFile {
    public static final int MAX_BYTES = 64 * 1024;
    static final String ORIGIN = "connection profile";
    private static final CoordinatorHost.Fields HOST_FIELDS = new CoordinatorHost.Fields("host", "http_port", "secure");
    private static final Set<String> FIELDS = Set.of(
            "host",
            "http_port",
            "native_port",
            "secure",
            "user",
            "password_env",
            "password_file",
            MemberEndpointsField.FIELD);
    private static final ObjectMapper JSON = configure(JsonMapper.builder()
            .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION)
            .build());
    private static final ObjectMapper YAML = configure(yaml());

    private ConnectionProfileFile() {}

    /**
     * Reads {@code file} and resolves its password from {@code variables} or the named file.
     *
     * @throws DponeException {@code CONNECTION_PROFILE_INVALID} naming the field at fault
     */
    public static ClusterConnection resolve(Path file, HostVariables variables) {
        return parse(file).resolve(variables);
    }

    static ConnectionSettings parse(Path file) {
        Path name = file.getFileName();
        Optional<ManifestFormat> format =
                name == null ? Optional.empty() : ManifestFormat.fromFileName(name.toString());
        if (format.isEmpty()) {
            throw invalid("the file name must end with .yaml, .yml or .json");
        }
        JsonNode root = read(file, format.get());
        if (root == null || !root.isObject()) {
            throw invalid("the file must hold one object");
        }
        for (Iterator<String> names = root.fieldNames(); names.hasNext(); ) {
            String field = names.next();
            if (field.equals("password")) {
                throw invalid(
                        "password is not accepted in a profile; name its source with password_env or password_file");
            }
            if (!FIELDS.contains(field)) {
                throw invalid(
                        "unknown field " + (field.matches("[A-Za-z_][A-Za-z0-9_]{0,63}") ? field : "(name not shown)")
                                + "; allowed: " + List.copyOf(new TreeSet<>(FIELDS)));
            }
        }
        String hostText = text(root, "host").orElseThrow(() -> invalid("host is required"));
        boolean secure = bool(root, "secure").orElse(false);
        CoordinatorHost host = CoordinatorHost.read(
                ORIGIN, HOST_FIELDS, hostText, port(root, "http_port"), port(root, "native_port"), secure);
        Optional<String> passwordEnv = text(root, "password_env");
        Optional<String> passwordFile = text(root, "password_file");
        if (passwordEnv.isPresent() && passwordFile.isPresent()) {
            throw invalid("password_env and password_file are exclusive");
        }
        if (passwordEnv.isPresent() && !passwordEnv.get().matches("[A-Za-z_][A-Za-z0-9_]*")) {
            throw invalid("password_env must be an environment variable name");
        }
        Path directory = file.toAbsolutePath().getParent();
        ConnectionSettings.PasswordSource password = passwordEnv
                .<ConnectionSettings.PasswordSource>map(
                        variable -> new ConnectionSettings.PasswordSource.Variable("password_env", variable))
                .or(() -> passwordFile.map(
                        path -> new ConnectionSettings.PasswordSource.File("password_file", directory.resolve(path))))
                .orElseGet(ConnectionSettings.PasswordSource.None::new);
        return new ConnectionSettings(
                ORIGIN,
                host.host(),
                host.httpPort(),
                port(root, "native_port"),
                secure,
                text(root, "user").orElse("default"),
                password,
                MemberEndpointsField.parse(root));
    }

    private static JsonNode read(Path file, ManifestFormat format) {
        byte[] bytes;
        try {
            if (!Files.isRegularFile(file)) {
                throw invalid("the file does not exist or is not a regular file");
            }
            try (InputStream in = Files.newInputStream(file)) {
                bytes = in.readNBytes(MAX_BYTES + 1);
            }
        } catch (IOException | SecurityException e) {
            throw invalid("the file cannot be read");
        }
        if (bytes.length > MAX_BYTES) {
            throw invalid("the file is larger than " + MAX_BYTES + " bytes");
        }
        try {
            return (format == ManifestFormat.JSON ? JSON : YAML).readTree(bytes);
        } catch (IOException | RuntimeException e) {
            throw invalid("the file is not one well-formed " + format.name() + " document");
        }
    }

    private static Optional<String> text(JsonNode root, String field) {
        JsonNode node = root.get(field);
        if (node == null || node.isNull()) {
            return Optional.empty();
        }
        if (!node.isTextual() || node.asText().isBlank()) {
            throw invalid(field + " must be a non-empty string");
        }
        return Optional.of(node.asText());
    }

    private static OptionalInt port(JsonNode root, String field) {
        JsonNode node = root.get(field);
        if (node == null || node.isNull()) {
            return OptionalInt.empty();
        }
        if (!node.isIntegralNumber() || !node.canConvertToInt() || node.asInt() < 1 || node.asInt() > 65_535) {
            throw invalid(field + " must be an integer in 1..65535");
        }
        return OptionalInt.of(node.asInt());
    }

    private static Optional<Boolean> bool(JsonNode root, String field) {
        JsonNode node = root.get(field);
        if (node == null || node.isNull()) {
            return Optional.empty();
        }
        if (!node.isBoolean()) {
            throw invalid(field + " must be true or false");
        }
        return Optional.of(node.asBoolean());
    }

    private static DponeException invalid(String problem) {
        return ConnectionSettings.invalid(ORIGIN, problem);
    }

    private static YAMLMapper yaml() {
        LoaderOptions loader = new LoaderOptions();
        loader.setAllowDuplicateKeys(false);
        loader.setMaxAliasesForCollections(10);
        loader.setNestingDepthLimit(16);
        loader.setCodePointLimit(MAX_BYTES);
        return new YAMLMapper(YAMLFactory.builder().loaderOptions(loader).build());
    }

    private static <M extends ObjectMapper> M configure(M mapper) {
        mapper.getFactory()
                .setStreamReadConstraints(StreamReadConstraints.builder()
                        .maxNestingDepth(16)
                        .maxStringLength(MAX_BYTES)
                        .build());
        mapper.enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);
        mapper.enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);
        return mapper;
    }
}
