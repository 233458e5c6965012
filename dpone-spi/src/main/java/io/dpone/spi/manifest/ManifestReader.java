package io.dpone.spi.manifest;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.databind.JsonNode;
import io.dpone.spi.error.DponeErrorCode;
import java.util.List;

/**
 * Reads manifest text (YAML or JSON) into a {@link ManifestReadResult}. Never throws for any input:
 * text that breaks a {@link ReadingRule} is {@code MANIFEST_UNREADABLE}; a document that breaks the
 * schema is {@code MANIFEST_SCHEMA_INVALID}. Both syntaxes pass the same text rules, build the same
 * tree with the same shape and number rules, and then the same schema. Reports say which rule fired
 * and never quote the input; parser messages are dropped because they do. Thread-safe and reusable.
 */
public final class ManifestReader {
    /** Largest manifest accepted, in bytes. */
    public static final int MAX_BYTES = 1 << 20;

    /** Holds no state: every read builds its own parser. */
    public ManifestReader() {}

    public ManifestReadResult read(byte[] text, ManifestFormat format) {
        requireNonNull(text, "text is null");
        requireNonNull(format, "format is null");
        JsonNode root;
        try {
            if (text.length > MAX_BYTES) {
                throw new UnreadableManifest(ReadingRule.TOO_LARGE);
            }
            String decoded = ManifestText.decode(text);
            root = format == ManifestFormat.JSON ? JsonTrees.read(decoded) : YamlTrees.read(decoded);
        } catch (UnreadableManifest e) {
            return new ManifestReadResult.Rejected(
                    DponeErrorCode.MANIFEST_UNREADABLE,
                    List.of(new SchemaViolation(
                            DponeErrorCode.MANIFEST_UNREADABLE,
                            e.path(),
                            e.rule().sentence())));
        }
        return ManifestValidator.validate(root);
    }
}
