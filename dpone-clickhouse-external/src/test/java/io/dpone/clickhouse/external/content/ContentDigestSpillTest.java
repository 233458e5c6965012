package io.dpone.clickhouse.external.content;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.dpone.clickhouse.cluster.contract.digest.CanonicalEncoder;
import io.dpone.clickhouse.cluster.contract.digest.Digest;
import io.dpone.clickhouse.external.artifact.ArtifactSchema;
import io.dpone.clickhouse.external.artifact.CanonicalRows;
import io.dpone.clickhouse.external.artifact.CanonicalSink;
import io.dpone.spi.error.DponeErrorCode;
import io.dpone.spi.error.DponeException;
import io.dpone.spi.source.SourceColumn;
import java.io.IOException;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/**
 * The fixed-heap content digest (pure Java, local temporary directory): spilling sorted runs of
 * row digests and merging them gives exactly the documented encoding (the same digest as keeping
 * every row digest in memory) for any run size, row count, order and duplicates; the spill file
 * is gone after the digest and after an abandoned one; the packed radix sort and the merge of
 * spilled runs order digests by unsigned bytes, also digests sharing long prefixes.
 */
class ContentDigestSpillTest {
    private static final ArtifactSchema SCHEMA = ArtifactSchema.declared(
            List.of(SourceColumn.typed("id", "UInt64"), SourceColumn.typed("s", "Nullable(String)")));

    private static List<List<Object>> rows(long seed, int count) {
        Random random = new Random(seed);
        List<List<Object>> rows = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            // few distinct values, so duplicate rows are common
            rows.add(Arrays.asList(
                    BigInteger.valueOf(random.nextInt(7)), random.nextInt(4) == 0 ? null : "v" + random.nextInt(5)));
        }
        return rows;
    }

    private static Digest documented(List<List<Object>> rows) {
        List<byte[]> rowDigests = new ArrayList<>();
        for (List<Object> row : rows) {
            CanonicalSink sink = new CanonicalSink(null);
            CanonicalRows.rowWriter(SCHEMA, sink).write(row);
            rowDigests.add(HexFormat.of().parseHex(sink.finish().hex()));
        }
        return CanonicalEncoder.forDomain(ContentDigest.DOMAIN)
                .text(SCHEMA.digest().hex())
                .number(rows.size())
                .unordered(rowDigests)
                .sha256();
    }

    private static Digest spilled(List<List<Object>> rows, Path directory, int runRows) {
        ContentDigest content = new ContentDigest(SCHEMA, directory, runRows);
        rows.forEach(content::add);
        return content.finish();
    }

    private static Digest inMemory(List<List<Object>> rows) {
        ContentDigest content = new ContentDigest(SCHEMA);
        rows.forEach(content::add);
        return content.finish();
    }

    @Property(tries = 200)
    void spilledRunsGiveTheDocumentedDigest(
            @ForAll long seed,
            @ForAll @IntRange(min = 0, max = 300) int count,
            @ForAll @IntRange(min = 1, max = 40) int runRows)
            throws IOException {
        Path directory = Files.createTempDirectory("content-spill");
        try {
            List<List<Object>> rows = rows(seed, count);
            Digest expected = documented(rows);
            assertEquals(expected, spilled(rows, directory, runRows));
            assertEquals(expected, inMemory(rows));
            assertEquals(List.of(), list(directory), "the spill file is deleted when the digest is finished");
        } finally {
            Files.delete(directory);
        }
    }

    @Test
    void theProductionRunSizeSpillsAndStillAgrees() throws IOException {
        Path directory = Files.createTempDirectory("content-spill");
        try {
            List<List<Object>> rows = rows(7, ContentDigest.RUN_ROWS * 2 + 3);
            ContentDigest content = new ContentDigest(SCHEMA, directory);
            for (List<Object> row : rows) {
                content.add(row);
            }
            assertEquals(1, list(directory).size(), "two full runs were spilled to one file");
            assertEquals(documented(rows), content.finish());
            assertEquals(List.of(), list(directory));
        } finally {
            Files.delete(directory);
        }
    }

    @Test
    void anAbandonedDigestLeavesNoFileWhenClosed() throws IOException {
        Path directory = Files.createTempDirectory("content-spill");
        try {
            try (ContentDigest content = new ContentDigest(SCHEMA, directory, 2)) {
                rows(1, 9).forEach(content::add);
                assertEquals(1, list(directory).size());
            }
            assertEquals(List.of(), list(directory));
        } finally {
            Files.delete(directory);
        }
    }

    @Test
    void aSpillDirectoryThatCannotBeWrittenIsTheStoreBeingUnavailable() throws IOException {
        Path directory = Files.createTempDirectory("content-spill");
        Path missing = directory.resolve("gone");
        try {
            ContentDigest content = new ContentDigest(SCHEMA, missing, 2);
            content.add(rows(1, 1).get(0));
            List<Object> second = rows(2, 1).get(0);
            DponeException refused = assertThrows(DponeException.class, () -> content.add(second));
            assertEquals(DponeErrorCode.EXTERNAL_ARTIFACT_STORE_UNAVAILABLE, refused.code());
            assertEquals(false, refused.getMessage().contains(directory.toString()), "no local path in the error");
        } finally {
            Files.delete(directory);
        }
    }

    @Property(tries = 300)
    void thePackedSortOrdersByUnsignedBytes(
            @ForAll long seed,
            @ForAll @IntRange(min = 0, max = 700) int count,
            @ForAll @IntRange(min = 0, max = 32) int sharedPrefix) {
        Random random = new Random(seed);
        byte[] prefix = new byte[sharedPrefix];
        random.nextBytes(prefix);
        List<byte[]> digests = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            byte[] digest = new byte[32];
            random.nextBytes(digest);
            if (random.nextBoolean()) {
                System.arraycopy(prefix, 0, digest, 0, sharedPrefix);
            }
            digests.add(
                    i > 0 && random.nextInt(5) == 0
                            ? digests.get(random.nextInt(i)).clone()
                            : digest);
        }
        byte[] packed = new byte[count * 32];
        for (int i = 0; i < count; i++) {
            System.arraycopy(digests.get(i), 0, packed, i * 32, 32);
        }
        DigestSort.sort(packed, count, new byte[packed.length]);
        digests.sort(Arrays::compareUnsigned);
        for (int i = 0; i < count; i++) {
            assertArrayEquals(digests.get(i), Arrays.copyOfRange(packed, i * 32, i * 32 + 32), "digest " + i);
        }
    }

    @Property(tries = 100)
    void mergedRunsComeBackInUnsignedByteOrder(
            @ForAll long seed,
            @ForAll @IntRange(min = 1, max = 12) int runs,
            @ForAll @IntRange(min = 0, max = 32) int sharedPrefix)
            throws IOException {
        Random random = new Random(seed);
        byte[] prefix = new byte[sharedPrefix];
        random.nextBytes(prefix);
        List<byte[]> expected = new ArrayList<>();
        Path directory = Files.createTempDirectory("content-spill");
        try (DigestSpill spill = new DigestSpill(directory)) {
            for (int r = 0; r < runs; r++) {
                int count = random.nextInt(60);
                byte[] run = new byte[count * 32];
                random.nextBytes(run);
                for (int i = 0; i < count; i++) {
                    if (random.nextBoolean()) {
                        System.arraycopy(prefix, 0, run, i * 32, sharedPrefix); // ties on the first 8 bytes and beyond
                    }
                }
                DigestSort.sort(run, count, new byte[run.length]);
                spill.write(run, count);
                for (int i = 0; i < count; i++) {
                    expected.add(Arrays.copyOfRange(run, i * 32, i * 32 + 32));
                }
            }
            expected.sort(Arrays::compareUnsigned);
            List<byte[]> merged = new ArrayList<>();
            spill.merge((bytes, offset) -> merged.add(Arrays.copyOfRange(bytes, offset, offset + 32)));
            assertEquals(expected.size(), merged.size());
            for (int i = 0; i < merged.size(); i++) {
                assertArrayEquals(expected.get(i), merged.get(i), "digest " + i);
            }
        } finally {
            try (Stream<Path> files = Files.list(directory)) {
                for (Path file : files.toList()) {
                    Files.delete(file);
                }
            }
            Files.delete(directory);
        }
    }

    private static List<Path> list(Path directory) throws IOException {
        try (Stream<Path> files = Files.list(directory)) {
            return files.sorted(Comparator.naturalOrder()).toList();
        }
    }
}
