package io.dpone.clickhouse.external.service;

import io.dpone.clickhouse.cluster.contract.digest.Digest;
import io.dpone.clickhouse.external.artifact.ColumnType;
import io.dpone.clickhouse.external.artifact.DateTimePlacement;
import io.dpone.clickhouse.external.content.ContentDigest;
import io.dpone.clickhouse.external.member.MemberSessions;
import io.dpone.clickhouse.external.store.ArtifactRows;
import io.dpone.clickhouse.external.store.StoredArtifact;
import java.util.List;
import java.util.Optional;
import java.util.function.UnaryOperator;

/**
 * One verifying pass over a sealed artifact before any member is touched: the canonical content
 * digest of its rows as members store them under the operation's date-time placement (what every
 * member must prove) and the first stored value the member transport cannot carry, if any. Streams with a fixed heap: the content digest spills its row digests to the store's
 * {@code tmp/}.
 */
final class ArtifactScan {
    /** @param refusal why a value cannot be staged (then the digest is not computed), else empty */
    record Result(Digest content, Optional<String> refusal) {}

    private ArtifactScan() {}

    static Result of(StoredArtifact artifact, MemberSessions transport, DateTimePlacement placement) {
        ColumnType[] types = artifact.schema().columns().stream()
                .map(column -> column.type())
                .toArray(ColumnType[]::new);
        UnaryOperator<List<Object>> stored = placement.storedRows(artifact.schema());
        try (ContentDigest content = new ContentDigest(artifact.schema(), artifact.spillDirectory());
                ArtifactRows rows = artifact.rows()) {
            for (List<Object> read = rows.next(); read != null; read = rows.next()) {
                List<Object> row = stored.apply(read);
                for (int i = 0; i < types.length; i++) {
                    Optional<String> refusal = transport.refusal(types[i], row.get(i));
                    if (refusal.isPresent()) {
                        return new Result(
                                null,
                                Optional.of(
                                        "row " + (content.rows() + 1) + ", column " + (i + 1) + ": " + refusal.get()));
                    }
                }
                content.add(row);
            }
            return new Result(content.finish(), Optional.empty());
        }
    }
}
