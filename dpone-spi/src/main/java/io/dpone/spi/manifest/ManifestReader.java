package io.dpone.spi.manifest;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLParser;
import io.dpone.spi.error.DponeErrorCode;
import java.io.IOException;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;
import org.yaml.snakeyaml.LoaderOptions;

/**
 * Reads manifest text (YAML or JSON) into a {@link ManifestReadResult}. Never throws for any input:
 * text that is not exactly one bounded YAML/JSON document is {@code MANIFEST_UNREADABLE}; a document
 * that breaks the schema is {@code MANIFEST_SCHEMA_INVALID}. Parser messages are discarded because
 * they quote the input. Thread-safe and reusable.
 */
public final class ManifestReader {
    /** Largest manifest accepted, in bytes. */
    public static final int MAX_BYTES = 1 << 20;
    private static final int MAX_NESTING = 64;
    private static final Pattern PLAIN_DECIMAL = Pattern.compile("[-+]?(0|[1-9][0-9]*)");

    private final ObjectMapper json;
    private final ObjectMapper yaml;

    public ManifestReader() {
        StreamReadConstraints constraints = StreamReadConstraints.builder()
                .maxNestingDepth(MAX_NESTING)
                .maxStringLength(MAX_BYTES)
                .maxNumberLength(64)
                .build();
        this.json = configure(JsonMapper.builder()
                .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION)
                .disable(JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS)
                .build(), constraints);
        LoaderOptions loader = new LoaderOptions();
        loader.setAllowDuplicateKeys(false);
        loader.setMaxAliasesForCollections(10);
        loader.setNestingDepthLimit(MAX_NESTING);
        loader.setCodePointLimit(MAX_BYTES);
        this.yaml = configure(new YAMLMapper(YAMLFactory.builder().loaderOptions(loader)
                .enable(YAMLParser.Feature.PARSE_BOOLEAN_LIKE_WORDS_AS_STRINGS).build())
                .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION), constraints);
    }

    private static ObjectMapper configure(ObjectMapper mapper, StreamReadConstraints constraints) {
        mapper.getFactory().setStreamReadConstraints(constraints);
        return mapper.enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
                .enable(DeserializationFeature.USE_BIG_INTEGER_FOR_INTS);
    }

    public ManifestReadResult read(byte[] text, ManifestFormat format) {
        requireNonNull(text, "text is null");
        requireNonNull(format, "format is null");
        if (text.length > MAX_BYTES) {
            return unreadable("manifest is larger than 1 MiB");
        }
        JsonNode root;
        try {
            Optional<String> yamlProblem = format == ManifestFormat.YAML ? yamlOnlyProblem(text) : Optional.empty();
            if (yamlProblem.isPresent()) {
                return unreadable(yamlProblem.get());
            }
            root = (format == ManifestFormat.JSON ? json : yaml).readTree(text);
        } catch (Exception e) {
            // The parser's message quotes the offending text, which may hold a secret: drop it.
            return unreadable("manifest is not exactly one well-formed " + format.name() + " document");
        }
        if (root == null || root.isMissingNode()) {
            return unreadable("manifest is empty");
        }
        return ManifestValidator.validate(root);
    }

    /**
     * YAML 1.1 forms the parser would silently reinterpret: an alias is read as its anchor's name,
     * and {@code 010}, {@code 0x10} or {@code 1_000} as octal, hex or grouped integers. Refused so a
     * YAML manifest means exactly what a JSON one with the same text would.
     */
    private Optional<String> yamlOnlyProblem(byte[] text) throws IOException {
        try (JsonParser parser = yaml.getFactory().createParser(text)) {
            for (JsonToken token = parser.nextToken(); token != null; token = parser.nextToken()) {
                if (((YAMLParser) parser).isCurrentAlias()) {
                    return Optional.of("YAML aliases are not supported in manifests");
                }
                if (token == JsonToken.VALUE_NUMBER_INT && !PLAIN_DECIMAL.matcher(parser.getText()).matches()) {
                    return Optional.of("integers must be written in plain decimal");
                }
            }
        }
        return Optional.empty();
    }

    private static ManifestReadResult unreadable(String problem) {
        return new ManifestReadResult.Rejected(DponeErrorCode.MANIFEST_UNREADABLE,
                List.of(new SchemaViolation(DponeErrorCode.MANIFEST_UNREADABLE, "", problem)));
    }
}
