package io.dpone.clickhouse.external.content;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.contract.digest.CanonicalEncoder;
import io.dpone.clickhouse.cluster.contract.digest.Digest;
import io.dpone.clickhouse.external.artifact.ArtifactSchema;
import io.dpone.clickhouse.external.artifact.CanonicalRows;
import io.dpone.clickhouse.external.artifact.CanonicalSink;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

/**
 * The canonical content digest of a multiset of typed rows, independent of row order because a
 * MergeTree member returns its rows in any order (docs/reference/external-mode.md, "Content
 * digest"):
 * <pre>
 * row_digest     = SHA-256(canonical row encoding v1 of the row, without the file header)
 * content_digest = SHA-256(CanonicalEncoder fields: "dpone.clickhouse.external.member-content.v1",
 *                          schema_digest hex, row_count, unordered(row_digest...))
 * </pre>
 * {@code unordered} sorts the row digests by unsigned bytes, so duplicates count and order does
 * not. The artifact side ({@link ArtifactContent}) and every member's re-observed rows compute it
 * with this class, so "member content == artifact" is one comparison. Memory is 32 bytes of digest
 * (plus object overhead, about 56 bytes) per row, bounded by {@code external_content_row_budget}.
 * One thread.
 */
public final class ContentDigest {
    public static final String DOMAIN = "dpone.clickhouse.external.member-content.v1";

    private final ArtifactSchema schema;
    private final CanonicalSink sink = new CanonicalSink(null);
    private final CanonicalRows rows;
    private final List<byte[]> rowDigests = new ArrayList<>();

    public ContentDigest(ArtifactSchema schema) {
        this.schema = requireNonNull(schema, "schema is null");
        this.rows = CanonicalRows.rowWriter(schema, sink);
    }

    /** Adds one row: one value per column, of the column's documented class. */
    public void add(List<?> row) {
        rows.write(row);
        rowDigests.add(HexFormat.of().parseHex(sink.finish().hex()));
    }

    public long rows() {
        return rowDigests.size();
    }

    public Digest finish() {
        return CanonicalEncoder.forDomain(DOMAIN).text(schema.digest().hex()).number(rowDigests.size())
                .unordered(rowDigests).sha256();
    }
}
