package io.dpone.clickhouse.external.store;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dpone.clickhouse.cluster.contract.digest.Digest;
import io.dpone.clickhouse.external.artifact.ArtifactSchema;
import io.dpone.clickhouse.external.artifact.ColumnTypes;
import io.dpone.clickhouse.external.artifact.TypedColumn;
import io.dpone.spi.error.DponeException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * The sidecar of a stored artifact ({@code <hex>.manifest.json}): schema {@value #SCHEMA}, the
 * encoding, SHA-256, byte size, row count, schema digest and the typed columns needed to decode
 * it. Written after the artifact file, so its presence marks a complete artifact.
 */
public record ArtifactManifest(Digest sha256, long byteSize, long rowCount, ArtifactSchema schema) {
    public static final String SCHEMA = "dpone.clickhouse.external.artifact-manifest.v1";
    public static final String ENCODING = "dpone.clickhouse.canonical-rows.v1";
    private static final ObjectMapper JSON = new ObjectMapper();

    public ArtifactManifest {
        requireNonNull(sha256, "sha256 is null");
        requireNonNull(schema, "schema is null");
        if (byteSize < 0 || rowCount < 0) {
            throw new IllegalArgumentException("byteSize and rowCount are non-negative");
        }
    }

    public Digest schemaDigest() {
        return schema.digest();
    }

    byte[] toJson() throws IOException {
        ObjectNode node = JSON.createObjectNode();
        node.put("schema", SCHEMA);
        node.put("encoding", ENCODING);
        node.put("artifact_sha256", sha256.hex());
        node.put("byte_size", byteSize);
        node.put("row_count", rowCount);
        node.put("schema_digest", schemaDigest().hex());
        ArrayNode columns = node.putArray("columns");
        for (TypedColumn column : schema.columns()) {
            columns.addObject()
                    .put("name", column.name())
                    .put("type", column.type().canonicalName());
        }
        return JSON.writerWithDefaultPrettyPrinter().writeValueAsBytes(node);
    }

    /** Reads a sidecar; {@link IOException} when it is not exactly a v1 manifest whose digests agree. */
    static ArtifactManifest fromJson(byte[] bytes) throws IOException {
        JsonNode node = JSON.readTree(bytes);
        if (node == null || !SCHEMA.equals(text(node, "schema")) || !ENCODING.equals(text(node, "encoding"))) {
            throw new IOException("not a v1 artifact manifest");
        }
        List<TypedColumn> columns = new ArrayList<>();
        JsonNode list = node.get("columns");
        if (list == null || !list.isArray()) {
            throw new IOException("no columns");
        }
        try {
            for (JsonNode column : list) {
                columns.add(new TypedColumn(
                        text(column, "name"), ColumnTypes.parse(text(column, "type"), columns.size() + 1)));
            }
            ArtifactManifest manifest = new ArtifactManifest(
                    new Digest(text(node, "artifact_sha256")),
                    number(node, "byte_size"),
                    number(node, "row_count"),
                    new ArtifactSchema(columns));
            if (!manifest.schemaDigest().hex().equals(text(node, "schema_digest"))) {
                throw new IOException("schema digest does not match the columns");
            }
            return manifest;
        } catch (IllegalArgumentException | DponeException e) {
            throw new IOException("invalid manifest field", e);
        }
    }

    private static String text(JsonNode node, String field) throws IOException {
        JsonNode value = node.get(field);
        if (value == null || !value.isTextual()) {
            throw new IOException("missing " + field);
        }
        return value.asText();
    }

    private static long number(JsonNode node, String field) throws IOException {
        JsonNode value = node.get(field);
        if (value == null || !value.canConvertToExactIntegral() || !value.canConvertToLong()) {
            throw new IOException("missing " + field);
        }
        return value.asLong();
    }
}
