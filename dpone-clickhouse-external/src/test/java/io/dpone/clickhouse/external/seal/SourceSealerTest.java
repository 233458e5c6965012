package io.dpone.clickhouse.external.seal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpone.clickhouse.external.artifact.DateTimePlacement;
import io.dpone.clickhouse.external.artifact.ServerZone;
import io.dpone.clickhouse.external.store.ArtifactRows;
import io.dpone.clickhouse.external.store.ArtifactStore;
import io.dpone.clickhouse.external.store.StoredArtifact;
import io.dpone.spi.error.DponeErrorCode;
import io.dpone.spi.error.DponeException;
import io.dpone.spi.publication.ProgressListener;
import io.dpone.spi.source.Compression;
import io.dpone.spi.source.DelimitedFormat;
import io.dpone.spi.source.PublicationSource;
import io.dpone.spi.source.SourceColumn;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.OptionalLong;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Sealing every admitted source kind into the same artifact, and every refusal before anything is kept (pure, offline). */
class SourceSealerTest {
    static final List<SourceColumn> DECLARED = List.of(
            SourceColumn.typed("id", "UInt64"),
            SourceColumn.typed("name", "Nullable(String)"),
            SourceColumn.typed("amount", "Decimal(10, 2)"),
            SourceColumn.typed("day", "Date"));

    @TempDir
    Path dir;

    private SourceSealer sealer(long budget) {
        return new SourceSealer(ArtifactStore.open(dir.resolve("store")), budget, ProgressListener.NONE);
    }

    private Path file(String name, String text) throws Exception {
        return Files.writeString(dir.resolve(name), text);
    }

    private static PublicationSource.DelimitedFile delimited(Path file, DelimitedFormat format) {
        return new PublicationSource.DelimitedFile(file, format, Compression.NONE, OptionalLong.empty());
    }

    @Test
    void csvTsvCodecAndRowsOfTheSameValuesSealToOneArtifact() throws Exception {
        StoredArtifact csv = sealer(10)
                .seal(
                        delimited(
                                file(
                                        "a.csv",
                                        "id,name,amount,day\n1,\"x,\"\"y\"\"\",1.5,2024-01-02\n2,\\N,-3,1970-01-01\n3,\"\\N\",0.10,2149-06-06\n"),
                                DelimitedFormat.CSV_WITH_NAMES),
                        DECLARED);
        StoredArtifact tsv = sealer(10)
                .seal(
                        delimited(
                                file(
                                        "a.tsv",
                                        "id\tname\tamount\tday\nUInt64\tNullable(String)\tDecimal(10,2)\tDate\n"
                                                + "1\tx,\"y\"\t1.50\t2024-01-02\n2\t\\N\t-3.00\t1970-01-01\n3\t\\\\N\t0.1\t2149-06-06\n"),
                                DelimitedFormat.TSV_WITH_NAMES_AND_TYPES),
                        DECLARED);
        StoredArtifact codec = sealer(10)
                .seal(
                        new PublicationSource.CodecFile(
                                file(
                                        "a.tsv.codec",
                                        "1\tx,\"y\"\t1.5\t2024-01-02\r\n2\t\\N\t-3\t1970-01-01\r\n3\t\\\\N\t0.1\t2149-06-06\r\n"),
                                "dpone.clickhouse.tab-separated",
                                DECLARED,
                                OptionalLong.empty()),
                        DECLARED);
        StoredArtifact rows = sealer(10)
                .seal(
                        new PublicationSource.Rows(
                                DECLARED,
                                List.of(
                                        List.of("1", "x,\"y\"", "1.5", "2024-01-02"),
                                        Arrays.asList("2", null, "-3", "1970-01-01"),
                                        List.of("3", "\\N", "0.1", "2149-06-06"))),
                        DECLARED);
        assertEquals(csv.summary(), tsv.summary());
        assertEquals(csv.summary(), codec.summary());
        assertEquals(csv.summary(), rows.summary());
        assertEquals(3, csv.rowCount());
        List<List<Object>> typed = new ArrayList<>();
        try (ArtifactRows reader = csv.rows()) {
            for (List<Object> row = reader.next(); row != null; row = reader.next()) {
                typed.add(row);
            }
        }
        assertEquals(
                Arrays.asList(new java.math.BigInteger("2"), null, new BigDecimal("-3.00"), LocalDate.of(1970, 1, 1)),
                typed.get(1));
        assertEquals("\\N", typed.get(2).get(1));
    }

    @Test
    void unsupportedKindsAreRefusedBeforeAnyByteIsRead() throws Exception {
        Path missing = dir.resolve("never-read.csv");
        List<PublicationSource> refused = List.of(
                new PublicationSource.Stream(DECLARED, () -> {
                    throw new AssertionError("a stream must not be opened");
                }),
                new PublicationSource.DelimitedFile(
                        missing, DelimitedFormat.CSV_WITH_NAMES, Compression.GZIP, OptionalLong.empty()),
                new PublicationSource.DelimitedFile(
                        missing, DelimitedFormat.CSV_WITH_NAMES, Compression.ZSTD, OptionalLong.empty()),
                new PublicationSource.CodecFile(missing, "mssql.bcp", DECLARED, OptionalLong.empty()),
                new PublicationSource.CodecFile(missing, "Native", DECLARED, OptionalLong.empty()),
                new PublicationSource.CodecFile(
                        missing, "dpone.clickhouse.tab-separated;version=2", DECLARED, OptionalLong.empty()));
        for (PublicationSource source : refused) {
            DponeException e =
                    assertThrows(DponeException.class, () -> sealer(10).seal(source, DECLARED), source.toString());
            assertEquals(DponeErrorCode.CLICKHOUSE_CLUSTER_EXTERNAL_ARTIFACT_UNSUPPORTED, e.code(), source.toString());
        }
        assertStoreEmpty();
    }

    @Test
    void moreRowsThanTheBudgetAreRefusedAndNothingIsKept() throws Exception {
        List<List<String>> three = List.of(
                List.of("1", "a", "1", "2024-01-01"),
                List.of("2", "b", "1", "2024-01-01"),
                List.of("3", "c", "1", "2024-01-01"));
        DponeException rows = assertThrows(
                DponeException.class,
                () -> sealer(2)
                        .seal(
                                new PublicationSource.Rows(
                                        List.of(SourceColumn.untyped("x")),
                                        List.of(List.of("y"), List.of("y"), List.of("y"))),
                                DECLARED));
        assertEquals(DponeErrorCode.CLICKHOUSE_CLUSTER_EXTERNAL_ARTIFACT_UNSUPPORTED, rows.code());
        assertEquals("the source has more than 2 rows (external_content_row_budget)", rows.getMessage());
        StringBuilder csv = new StringBuilder("id,name,amount,day\n");
        three.forEach(row -> csv.append(String.join(",", row)).append('\n'));
        DponeException file = assertThrows(
                DponeException.class,
                () -> sealer(2)
                        .seal(delimited(file("b.csv", csv.toString()), DelimitedFormat.CSV_WITH_NAMES), DECLARED));
        assertEquals(DponeErrorCode.CLICKHOUSE_CLUSTER_EXTERNAL_ARTIFACT_UNSUPPORTED, file.code());
        assertStoreEmpty();
        assertEquals(
                3,
                sealer(3)
                        .seal(delimited(dir.resolve("b.csv"), DelimitedFormat.CSV_WITH_NAMES), DECLARED)
                        .rowCount());
    }

    @Test
    void anInvalidCellNamesRowColumnAndTypeButNotTheValue() throws Exception {
        DponeException e = assertThrows(
                DponeException.class,
                () -> sealer(10)
                        .seal(
                                delimited(
                                        file(
                                                "c.csv",
                                                "id,name,amount,day\n1,a,1,2024-01-01\n2,b,secret-12.345,2024-01-01\n"),
                                        DelimitedFormat.CSV_WITH_NAMES),
                                DECLARED));
        assertEquals(DponeErrorCode.SOURCE_VALUE_INVALID, e.code());
        assertEquals("row 2, column 3: not a valid Decimal(10, 2) value", e.getMessage());
        DponeException nulls = assertThrows(
                DponeException.class,
                () -> sealer(10)
                        .seal(
                                delimited(
                                        file("d.csv", "id,name,amount,day\n\\N,a,1,2024-01-01\n"),
                                        DelimitedFormat.CSV_WITH_NAMES),
                                DECLARED));
        assertEquals(
                "row 1, column 1: not a valid UInt64 value (NULL in a column that is not Nullable)",
                nulls.getMessage());
        assertStoreEmpty();
    }

    /** The mismatch names the columns (issue 21; red on main 32d8930: "column 2: ... differs", no names). */
    @Test
    void theHeaderMustMatchTheDeclaration() throws Exception {
        assertSchemaInvalid(
                delimited(file("e.csv", "id,title,amount,day\n"), DelimitedFormat.CSV_WITH_NAMES),
                "the source's header and the declared columns: the columns differ (missing \"name\"; unexpected \"title\")");
        assertSchemaInvalid(
                delimited(file("f.csv", "id,name,amount\n"), DelimitedFormat.CSV_WITH_NAMES),
                "the source's header and the declared columns: the columns differ (missing \"day\")");
        assertSchemaInvalid(
                delimited(file("f2.csv", "id,amount,name,day\n"), DelimitedFormat.CSV_WITH_NAMES),
                "the source's header and the declared columns: the columns differ (the order differs: column 2 is \"amount\","
                        + " expected \"name\")");
        assertSchemaInvalid(
                delimited(
                        file("g.csv", "id,name,amount,day\nUInt64,String,\"Decimal(10, 2)\",Date\n"),
                        DelimitedFormat.CSV_WITH_NAMES_AND_TYPES),
                "column 2: the source's types row names String, the declaration Nullable(String)");
        assertSchemaInvalid(
                new PublicationSource.CodecFile(
                        file("h", ""), "dpone.clickhouse.tab-separated", DECLARED.subList(0, 2), OptionalLong.empty()),
                "the codec file's columns differ from the declared columns");
        // red on main 32d8930: the codec's own declaration was replaced by the declared (target's) types and sealed
        assertSchemaInvalid(
                new PublicationSource.CodecFile(
                        file("j", "1\t\\N\t1.00\t2024-01-01\n"),
                        "dpone.clickhouse.tab-separated",
                        List.of(
                                DECLARED.get(0),
                                SourceColumn.typed("name", "String"),
                                DECLARED.get(2),
                                DECLARED.get(3)),
                        OptionalLong.empty()),
                "column 2: the codec file's columns declare String, the target's column is"
                        + " Nullable(String); a value is never read as another type");
        assertSchemaInvalid(
                new PublicationSource.Rows(
                        List.of(DECLARED.get(0), DECLARED.get(1), DECLARED.get(2), SourceColumn.typed("day", "Date32")),
                        List.of()),
                "column 4: the source's types row names Date32, the declaration Date");
        DponeException malformed = assertThrows(
                DponeException.class,
                () -> sealer(10)
                        .seal(
                                delimited(
                                        file("i.csv", "id,name,amount,day\n1,\"unterminated\n"),
                                        DelimitedFormat.CSV_WITH_NAMES),
                                DECLARED));
        assertEquals(DponeErrorCode.SOURCE_MALFORMED, malformed.code());
        assertStoreEmpty();
    }

    /**
     * Sealing for members places date-times: a wall clock in a gap of its zone is refused naming
     * row, column and type (red on main 32d8930: sealed, then DIVERGED on the members,
     * {@code RealExternalTimeZonesTest}); members without one zone cannot take a zoneless column.
     */
    @Test
    void sealingForMembersRefusesAGapAndAZonelessColumnWithoutTheirOneZone() throws Exception {
        List<SourceColumn> columns = List.of(SourceColumn.typed("id", "UInt64"), SourceColumn.typed("ts", "DateTime"));
        PublicationSource gap = new PublicationSource.Rows(
                columns, List.of(List.of("1", "2024-03-31 01:59:59"), List.of("2", "2024-03-31 02:00:00")));
        SourceSealer inBerlin = new SourceSealer(
                ArtifactStore.open(dir.resolve("store")),
                10,
                1_000,
                new DateTimePlacement(new ServerZone.Uniform(java.time.ZoneId.of("Europe/Berlin"))),
                ProgressListener.NONE);
        DponeException refused = assertThrows(DponeException.class, () -> inBerlin.seal(gap, columns));
        assertEquals(DponeErrorCode.SOURCE_VALUE_INVALID, refused.code());
        assertEquals(
                "row 2, column 2: not a valid DateTime value: the wall-clock time does not exist in the members' server"
                        + " time zone (Europe/Berlin) (a daylight-saving gap; ClickHouse would store another time)",
                refused.getMessage());
        SourceSealer mixed = new SourceSealer(
                ArtifactStore.open(dir.resolve("store")),
                10,
                1_000,
                new DateTimePlacement(ServerZone.of(List.of("UTC", "Asia/Tokyo"))),
                ProgressListener.NONE);
        assertEquals(
                DponeErrorCode.SOURCE_TYPE_UNSUPPORTED,
                assertThrows(DponeException.class, () -> mixed.seal(gap, columns))
                        .code());
        assertStoreEmpty();
        assertEquals(
                2, sealer(10).seal(gap, columns).rowCount(), "dpone seal, without members, checks the wall clock only");
    }

    private void assertSchemaInvalid(PublicationSource source, String message) {
        DponeException e = assertThrows(DponeException.class, () -> sealer(10).seal(source, DECLARED));
        assertEquals(DponeErrorCode.SOURCE_SCHEMA_INVALID, e.code());
        assertEquals(message, e.getMessage());
    }

    private void assertStoreEmpty() throws Exception {
        Path store = dir.resolve("store");
        if (!Files.exists(store)) {
            return;
        }
        try (Stream<Path> files =
                Stream.concat(Files.list(store.resolve("sha256")), Files.list(store.resolve("tmp")))) {
            List<Path> left = files.toList();
            assertTrue(left.isEmpty(), left.toString());
        }
        assertFalse(Files.exists(store.resolve("retained").resolve("x")));
    }

    @Test
    void aDeclaredSizeOverTheByteBoundIsRefusedBeforeAnyByteIsRead() {
        SourceSealer bounded = new SourceSealer(
                ArtifactStore.open(dir.resolve("store")), 10, 100, DateTimePlacement.unknown(), ProgressListener.NONE);
        PublicationSource claimed = new PublicationSource.DelimitedFile(
                dir.resolve("never-read.csv"), DelimitedFormat.CSV_WITH_NAMES, Compression.NONE, OptionalLong.of(101));
        DponeException refused = assertThrows(DponeException.class, () -> bounded.seal(claimed, DECLARED));
        assertEquals(
                DponeErrorCode.CLICKHOUSE_CLUSTER_SOURCE_TOO_LARGE,
                refused.code(),
                "the file does not exist: nothing was read");
    }

    @Test
    void anUndeclaredCodecFileIsBoundedByTheBytesReadAndNothingIsKept() throws Exception {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < 40; i++) {
            text.append(i).append("\tname-").append(i).append("\t1.5\t2024-01-02\n");
        }
        Path file = file("big.codec", text.toString());
        PublicationSource undeclared = new PublicationSource.CodecFile(
                file, "dpone.clickhouse.tab-separated;version=1", DECLARED, OptionalLong.empty());
        long size = Files.size(file);
        SourceSealer bounded = new SourceSealer(
                ArtifactStore.open(dir.resolve("store")),
                1_000,
                size - 1,
                DateTimePlacement.unknown(),
                ProgressListener.NONE);
        DponeException refused = assertThrows(DponeException.class, () -> bounded.seal(undeclared, DECLARED));
        assertEquals(DponeErrorCode.CLICKHOUSE_CLUSTER_SOURCE_TOO_LARGE, refused.code());
        try (Stream<Path> kept = Files.list(dir.resolve("store").resolve("sha256"))) {
            assertEquals(0, kept.count(), "a refused source leaves nothing in the store");
        }
        StoredArtifact exact = new SourceSealer(
                        ArtifactStore.open(dir.resolve("store")),
                        1_000,
                        size,
                        DateTimePlacement.unknown(),
                        ProgressListener.NONE)
                .seal(undeclared, DECLARED);
        assertEquals(40, exact.rowCount(), "a file of exactly the bound is sealed");
    }
}
