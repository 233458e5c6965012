package io.dpone.clickhouse.external.content;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import io.dpone.clickhouse.cluster.contract.digest.CanonicalEncoder;
import io.dpone.clickhouse.cluster.contract.digest.Digest;
import io.dpone.clickhouse.external.artifact.ArtifactSchema;
import io.dpone.clickhouse.external.artifact.CanonicalRows;
import io.dpone.clickhouse.external.artifact.CanonicalSink;
import io.dpone.clickhouse.external.artifact.DateTimePlacement;
import io.dpone.clickhouse.external.seal.SourceSealer;
import io.dpone.clickhouse.external.store.ArtifactStore;
import io.dpone.clickhouse.external.store.StoredArtifact;
import io.dpone.spi.publication.ProgressListener;
import io.dpone.spi.source.PublicationSource;
import io.dpone.spi.source.SourceColumn;
import java.math.BigInteger;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The member content digest: independent of row order (MergeTree returns rows in any order),
 * sensitive to every value and to duplicates, defined by its documented byte layout, and the same
 * whether computed from the sealed artifact or from typed rows read back.
 */
class ContentDigestTest {
    private static final List<SourceColumn> COLUMNS =
            List.of(SourceColumn.typed("id", "UInt64"), SourceColumn.typed("s", "Nullable(String)"));
    private static final ArtifactSchema SCHEMA = ArtifactSchema.declared(COLUMNS);

    @TempDir
    Path directory;

    private static Digest digest(List<List<Object>> rows) {
        ContentDigest content = new ContentDigest(SCHEMA);
        rows.forEach(content::add);
        return content.finish();
    }

    private static List<List<Object>> rows(int count) {
        List<List<Object>> rows = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            rows.add(Arrays.asList(BigInteger.valueOf(i % 4), i % 3 == 0 ? null : "v" + i));
        }
        return rows;
    }

    @Property
    void rowOrderDoesNotMatter(@ForAll long seed) {
        List<List<Object>> rows = rows(25);
        List<List<Object>> shuffled = new ArrayList<>(rows);
        Collections.shuffle(shuffled, new Random(seed));
        assertEquals(digest(rows), digest(shuffled));
    }

    @Test
    void valuesAndDuplicatesMatter() {
        List<List<Object>> rows = rows(5);
        List<List<Object>> changed = new ArrayList<>(rows);
        changed.set(2, Arrays.asList(BigInteger.valueOf(2), "other"));
        assertNotEquals(digest(rows), digest(changed));
        List<List<Object>> duplicated = new ArrayList<>(rows);
        duplicated.add(rows.get(1));
        assertNotEquals(digest(rows), digest(duplicated));
        List<List<Object>> nulled = new ArrayList<>(rows);
        nulled.set(1, Arrays.asList(BigInteger.ONE, ""));
        assertNotEquals(digest(rows), digest(nulled), "NULL is not the empty string");
    }

    @Test
    void theDigestIsTheDocumentedEncoding() {
        List<List<Object>> rows = rows(3);
        List<byte[]> rowDigests = new ArrayList<>();
        for (List<Object> row : rows) {
            CanonicalSink sink = new CanonicalSink(null);
            CanonicalRows.rowWriter(SCHEMA, sink).write(row);
            rowDigests.add(java.util.HexFormat.of().parseHex(sink.finish().hex()));
        }
        Digest expected = CanonicalEncoder.forDomain("dpone.clickhouse.external.member-content.v2")
                .text(SCHEMA.digest().hex())
                .number(3)
                .unordered(rowDigests)
                .sha256();
        assertEquals(expected, digest(rows));
    }

    @Test
    void theArtifactSideAgreesWithTheRowsItWasSealedFrom() {
        List<List<String>> cells = new ArrayList<>();
        for (List<Object> row : rows(6)) {
            cells.add(Arrays.asList(row.get(0).toString(), (String) row.get(1)));
        }
        StoredArtifact artifact = new SourceSealer(ArtifactStore.open(directory), 100, ProgressListener.NONE)
                .seal(new PublicationSource.Rows(COLUMNS, cells), COLUMNS);
        List<List<Object>> reversed = new ArrayList<>(rows(6));
        Collections.reverse(reversed);
        assertEquals(digest(reversed), ArtifactContent.digest(artifact, DateTimePlacement.unknown()));
    }
}
