package io.dpone.clickhouse.cluster.transport.http;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.dpone.clickhouse.cluster.port.LoadResult;
import io.dpone.clickhouse.cluster.source.OpenedSource;
import io.dpone.clickhouse.cluster.source.ReadTrace;
import io.dpone.clickhouse.cluster.source.Rendering;
import io.dpone.spi.error.DponeException;
import io.dpone.spi.publication.Cancellation;
import io.dpone.spi.publication.ProgressListener;
import io.dpone.spi.source.DelimitedFormat;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;

/**
 * The load's request body with the TabSeparated reader's verbatim lines (issue 20's fast path)
 * against the body without them (every record tokenized and escaped, the path before), pure and
 * offline: for rendered files and for byte soup, the body is byte for byte the same, and a source
 * that stops the load stops it with the same result after the same rows.
 */
class VerbatimBodyEquivalenceTest {
    private static final List<String> PIECES = List.of(
            "\\",
            "\\N",
            "N",
            "\t",
            "\n",
            "\r",
            " ",
            "\"",
            "\u0000",
            "\b",
            "\f",
            "\u0007",
            "a",
            "1",
            "é",
            "😀",
            "%",
            "plain text");

    @Provide
    Arbitrary<List<List<String>>> rows() {
        Arbitrary<String> cell = Arbitraries.of(PIECES).list().ofMaxSize(4).map(parts -> String.join("", parts));
        return cell.injectNull(0.2).list().ofSize(3).list().ofMaxSize(20);
    }

    @Property
    void aRenderedFileGivesTheSameBody(@ForAll("rows") List<List<String>> rows, @ForAll boolean altEscapes) {
        byte[] file = Rendering.tsv(List.of("a", "b", "c"), null, rows, true, altEscapes);
        Body fast = body(file, true, 1 << 20);
        Body full = body(file, false, 1 << 20);
        assertEquals(Optional.empty(), full.stopped());
        assertEquals(full, fast);
    }

    @Provide
    Arbitrary<byte[]> soup() {
        return Arbitraries.oneOf(
                        Arbitraries.of(PIECES).map(s -> s.getBytes(StandardCharsets.UTF_8)),
                        Arbitraries.of("\t", "\n", "\n", "\\N\t", "\\N\n").map(s -> s.getBytes(StandardCharsets.UTF_8)),
                        Arbitraries.of((byte) 0xC3, (byte) 0xA9, (byte) 0xFF).map(b -> new byte[] {b}))
                .list()
                .ofMaxSize(80)
                .map(parts -> {
                    ByteArrayOutputStream out = new ByteArrayOutputStream();
                    out.writeBytes("a\tb\n".getBytes(StandardCharsets.UTF_8));
                    parts.forEach(out::writeBytes);
                    return out.toByteArray();
                });
    }

    @Property
    void anyFileGivesTheSameBodyOrTheSameStop(
            @ForAll("soup") byte[] file, @ForAll @IntRange(min = 2, max = 40) int maxFieldBytes) {
        assertEquals(body(file, false, maxFieldBytes), body(file, true, maxFieldBytes));
    }

    /** The body RowStreamEntity writes for the file, or the stop and the rows before it. */
    private static Body body(byte[] file, boolean verbatimLines, int maxFieldBytes) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (OpenedSource source = ReadTrace.open(
                new ByteArrayInputStream(file), DelimitedFormat.TSV_WITH_NAMES, maxFieldBytes, verbatimLines)) {
            RowStreamEntity entity = new RowStreamEntity(
                    source.cursor(),
                    source.columns().size(),
                    Long.MAX_VALUE,
                    Cancellation.NEVER,
                    ProgressListener.NONE);
            try {
                entity.writeTo(out);
                return new Body(out.toByteArray(), Optional.empty());
            } catch (IOException stopped) {
                // the request is aborted: what reached the wire before the stop does not count
                return new Body(new byte[0], entity.stop());
            }
        } catch (DponeException header) {
            return new Body(
                    new byte[0], Optional.of(new LoadResult.SourceRejected(header.code(), header.getMessage(), 0)));
        }
    }

    private record Body(byte[] bytes, Optional<LoadResult> stopped) {
        @Override
        public boolean equals(Object other) {
            return other instanceof Body body && Arrays.equals(bytes, body.bytes) && stopped.equals(body.stopped);
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(bytes);
        }

        @Override
        public String toString() {
            return new String(bytes, StandardCharsets.UTF_8).replace("\t", "<TAB>") + " " + stopped;
        }
    }
}
