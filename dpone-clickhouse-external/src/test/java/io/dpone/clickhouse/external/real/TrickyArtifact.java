package io.dpone.clickhouse.external.real;

import io.dpone.clickhouse.cluster.contract.digest.Digest;
import io.dpone.clickhouse.external.artifact.ArtifactSchema;
import io.dpone.clickhouse.external.artifact.DateTimePlacement;
import io.dpone.clickhouse.external.artifact.ServerZone;
import io.dpone.clickhouse.external.content.ArtifactContent;
import io.dpone.clickhouse.external.member.TypedRowSource;
import io.dpone.clickhouse.external.seal.SourceSealer;
import io.dpone.clickhouse.external.store.ArtifactRows;
import io.dpone.clickhouse.external.store.ArtifactStore;
import io.dpone.clickhouse.external.store.StoredArtifact;
import io.dpone.spi.publication.ProgressListener;
import io.dpone.spi.source.PublicationSource;
import io.dpone.spi.source.SourceColumn;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import java.util.function.UnaryOperator;

/**
 * One sealed artifact whose string cells cover what the {@code dpone.clickhouse.tab-separated}
 * codec must preserve (NULL, the empty string, control characters, NUL, the reserved markers
 * {@code \N} and backslash as data, multi-byte UTF-8) next to one value of every other sealed
 * type, written in the codec's escaped form and sealed exactly as publication would.
 */
public final class TrickyArtifact {
    public static final List<SourceColumn> COLUMNS = List.of(
            SourceColumn.typed("id", "UInt64"),
            SourceColumn.typed("s", "String"),
            SourceColumn.typed("ns", "Nullable(String)"),
            SourceColumn.typed("fs", "FixedString(4)"),
            SourceColumn.typed("d", "Decimal(18, 4)"),
            SourceColumn.typed("f64", "Float64"),
            SourceColumn.typed("f32", "Float32"),
            SourceColumn.typed("day", "Date"),
            SourceColumn.typed("day32", "Date32"),
            SourceColumn.typed("tokyo", "DateTime('Asia/Tokyo')"),
            SourceColumn.typed("ts", "DateTime64(6)"),
            SourceColumn.typed("u", "UUID"),
            SourceColumn.typed("b", "Bool"),
            SourceColumn.typed("lc", "LowCardinality(Nullable(String))"),
            SourceColumn.typed("i8", "Int8"),
            SourceColumn.typed("u64", "UInt64"));

    /** The string cells of column {@code s} (and, NULL aside, of {@code ns}), in row order. */
    public static final List<String> STRINGS = List.of(
            "",
            "plain",
            "tab\there",
            "line\nbreak",
            "cr\rreturn",
            "nul\0inside",
            "\\N",
            "back\\slash",
            "\\",
            "ctrl\u0001\u001f\u007f",
            "snow ☃ 𝄞",
            "\0");

    /** The codec lines: id, then the escaped cells. */
    public static List<String> lines() {
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < STRINGS.size(); i++) {
            String s = escape(STRINGS.get(i));
            String ns = i % 3 == 0 ? "\\N" : s;
            String lc = i % 2 == 0 ? "\\N" : s;
            lines.add(String.join(
                    "\t",
                    Long.toString(i + 1),
                    s,
                    ns,
                    "ab",
                    "-12.5" + i,
                    i == 0 ? "nan" : i == 1 ? "-inf" : "0.1",
                    i == 2 ? "-0" : "3.25",
                    "2149-06-06",
                    "1900-01-01",
                    "2021-03-28 02:30:00".replace("02:30", "1" + (i % 10) + ":30"),
                    "2262-04-10 23:59:59.99999" + (i % 10),
                    "6BB1F2E7-0000-4000-8000-00000000000" + Integer.toHexString(i),
                    i % 2 == 0 ? "true" : "0",
                    lc,
                    Integer.toString(-128 + i),
                    "18446744073709551615"));
        }
        return lines;
    }

    /** The codec's escaping (docs/reference/external-mode.md, "Codec"). */
    static String escape(String text) {
        if (text.equals("\0")) {
            return "\\0";
        }
        return text.replace("\\", "\\\\")
                .replace("\t", "\\t")
                .replace("\n", "\\n")
                .replace("\r", "\\r")
                .replace("\0", "\\0");
    }

    public static StoredArtifact seal(Path directory) throws IOException {
        return new SourceSealer(ArtifactStore.open(directory.resolve("store")), 1_000, ProgressListener.NONE)
                .seal(source(directory), COLUMNS);
    }

    /** The codec file as a publication source, written into {@code directory}. */
    public static PublicationSource source(Path directory) throws IOException {
        Path file = directory.resolve("tricky.tsv");
        Files.writeString(file, String.join("\n", lines()) + "\n", StandardCharsets.UTF_8);
        return new PublicationSource.CodecFile(file, "dpone.clickhouse.tab-separated", COLUMNS, OptionalLong.empty());
    }

    /** The column list of a table with exactly the artifact's columns. */
    public static String columnsDdl() {
        return String.join(
                ", ",
                COLUMNS.stream()
                        .map(c -> c.name() + " " + c.type().orElseThrow())
                        .toList());
    }

    /**
     * Where tests that insert into a member directly place date-times: in UTC. A member stores the
     * instant it is sent, whatever its own zone, so any one zone proves the round trip.
     */
    public static final DateTimePlacement IN_UTC = new DateTimePlacement(new ServerZone.Uniform(ZoneOffset.UTC));

    /** The artifact's content digest with date-times placed in UTC ({@link #IN_UTC}). */
    public static Digest content(StoredArtifact artifact) {
        return ArtifactContent.digest(artifact, IN_UTC);
    }

    /** The content digest the service proves on members that run in {@code serverZone}. */
    public static Digest content(StoredArtifact artifact, ZoneId serverZone) {
        return ArtifactContent.digest(artifact, new DateTimePlacement(new ServerZone.Uniform(serverZone)));
    }

    /** The artifact's rows as members store them, date-times placed in UTC: what a direct insert is given. */
    public static TypedRowSource stored(ArtifactRows rows, ArtifactSchema schema) {
        UnaryOperator<List<Object>> stored = IN_UTC.storedRows(schema);
        return () -> {
            List<Object> row = rows.next();
            return row == null ? null : stored.apply(row);
        };
    }

    private TrickyArtifact() {}
}
