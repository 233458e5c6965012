package io.dpone.spi.manifest;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.BooleanNode;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.io.IOException;

/**
 * Reads JSON text into the manifest tree from Jackson's token stream. The tree's shape rules and the
 * number rule are shared with YAML ({@link TreeBuilder}, {@link Numbers}), so Jackson's own limits
 * are set wide enough never to fire first: every refusal then has the same words in both syntaxes.
 */
final class JsonTrees {
    private static final JsonFactory FACTORY = JsonFactory.builder()
            .streamReadConstraints(StreamReadConstraints.builder()
                    .maxNestingDepth(TreeBuilder.MAX_NESTING * 2)
                    .maxStringLength(ManifestReader.MAX_BYTES)
                    .maxNameLength(ManifestReader.MAX_BYTES)
                    .maxNumberLength(ManifestReader.MAX_BYTES)
                    .build())
            .build();

    private JsonTrees() {}

    static JsonNode read(String text) throws UnreadableManifest {
        if (Surrogates.hasUnpairedJsonEscape(text)) {
            throw new UnreadableManifest(ReadingRule.UNPAIRED_SURROGATE);
        }
        TreeBuilder tree = new TreeBuilder();
        try (JsonParser parser = FACTORY.createParser(text)) {
            for (JsonToken token = next(parser); token != null; token = next(parser)) {
                switch (token) {
                    case START_OBJECT -> tree.startMapping();
                    case START_ARRAY -> tree.startSequence();
                    case END_OBJECT, END_ARRAY -> tree.end();
                    case FIELD_NAME -> tree.key(text(parser));
                    case VALUE_STRING -> tree.scalar(TextNode.valueOf(text(parser)));
                    case VALUE_NUMBER_INT -> tree.scalar(Numbers.integer(text(parser)));
                    case VALUE_NUMBER_FLOAT -> tree.scalar(Numbers.NON_INTEGER);
                    case VALUE_TRUE, VALUE_FALSE -> tree.scalar(BooleanNode.valueOf(token == JsonToken.VALUE_TRUE));
                    case VALUE_NULL -> tree.scalar(NullNode.instance);
                    default -> throw new UnreadableManifest(ReadingRule.JSON_SYNTAX);
                }
            }
        } catch (IOException e) {
            // Only close() is left here; a String source cannot fail to close.
            throw new UnreadableManifest(ReadingRule.JSON_SYNTAX);
        }
        return tree.root().orElseThrow(() -> new UnreadableManifest(ReadingRule.EMPTY));
    }

    /** The parser's calls sit alone in the catch: its messages quote the input and are dropped. */
    private static JsonToken next(JsonParser parser) throws UnreadableManifest {
        try {
            return parser.nextToken();
        } catch (IOException | RuntimeException e) {
            throw new UnreadableManifest(ReadingRule.JSON_SYNTAX);
        }
    }

    /** Jackson decodes a string's escapes lazily, so reading its text can fail too. */
    private static String text(JsonParser parser) throws UnreadableManifest {
        try {
            return parser.getText();
        } catch (IOException | RuntimeException e) {
            throw new UnreadableManifest(ReadingRule.JSON_SYNTAX);
        }
    }
}
