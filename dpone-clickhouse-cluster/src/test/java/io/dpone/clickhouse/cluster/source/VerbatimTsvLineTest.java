package io.dpone.clickhouse.cluster.source;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpone.spi.error.DponeErrorCode;
import io.dpone.spi.source.Compression;
import io.dpone.spi.source.DelimitedFormat;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The TabSeparated reader's verbatim lines (issue 20's fast path), pure and offline: each edge the
 * fast path adds is read as the full tokenizer reads it (the same cells, the same refusal at the
 * same row), and lines come verbatim exactly when their bytes are what the loader would write.
 */
class VerbatimTsvLineTest {
    private static final int BOUND = FieldBuffer.MAX_FIELD_BYTES;

    @Test
    void plainLinesAndWholeFieldNullsComeVerbatim() {
        ReadTrace read = both("a\tb\n1\t\\N\n\\N\tx y\n");
        assertEquals(List.of(Arrays.asList("1", null), Arrays.asList(null, "x y")), read.rows());
        assertEquals(List.of(true, true), read.verbatim());
    }

    @Test
    void anEmptyLastFieldIsAnEmptyCell() {
        ReadTrace read = both("a\tb\n1\t\n\t\n");
        assertEquals(List.of(List.of("1", ""), List.of("", "")), read.rows());
        assertEquals(List.of(true, true), read.verbatim());
    }

    @Test
    void escapesAreReadTheFullWay() {
        ReadTrace read = both("a\n x\\ty\\\\z\\n\n\\x41\n\\\\N\n");
        assertEquals(List.of(List.of(" x\ty\\z\n"), List.of("A"), List.of("\\N")), read.rows());
        assertEquals(List.of(false, false, false), read.verbatim());
    }

    @Test
    void bytesTheLoaderEscapesAreReadTheFullWay() {
        ReadTrace read = both("a\nx\u0000y\nb\bf\fz\n");
        assertEquals(List.of(List.of("x\u0000y"), List.of("b\bf\fz")), read.rows());
        assertEquals(List.of(false, false), read.verbatim());
    }

    @Test
    void aNullMarkerInsideALongerFieldIsRefusedAsBefore() {
        for (String row : List.of("x\\N", "\\Nx", "\\N\\N")) {
            assertEquals(
                    "SOURCE_MALFORMED: row 2: \\N inside a longer field",
                    both("a\nok\n" + row + "\n").refusal(),
                    row);
        }
    }

    @Test
    void aCarriageReturnBeforeTheLineFeedIsRefusedAsBefore() {
        ReadTrace read = both("a\tb\n1\t2\r\n");
        assertEquals(
                "SOURCE_MALFORMED: row 1: a raw carriage return (write \\r, and end lines with LF only)",
                read.refusal());
        assertEquals(List.of(), read.rows());
    }

    @Test
    void aLastLineWithoutItsLineFeedIsRead() {
        ReadTrace read = both("a\tb\n1\t2\n3\t\\N");
        assertEquals(List.of(List.of("1", "2"), Arrays.asList("3", null)), read.rows());
        assertEquals(List.of(true, false), read.verbatim());
    }

    @Test
    void aRowWithTooFewOrTooManyCellsIsRefusedAsBefore() {
        assertEquals(
                "SOURCE_MALFORMED: row 2: it has 1 cells, the header has 2",
                both("a\tb\n1\t2\n3\n").refusal());
        assertEquals(
                "SOURCE_MALFORMED: row 1: it has more than 2 cells",
                both("a\tb\n1\t2\t3\n").refusal());
    }

    @Test
    void bytesThatAreNotUtf8AreRefusedAsBefore() {
        byte[] file = concat("a\n".getBytes(StandardCharsets.UTF_8), new byte[] {'x', (byte) 0xC3, '\n'});
        assertEquals(
                "SOURCE_MALFORMED: row 1: bytes that are not valid UTF-8",
                both(file, BOUND, 1 << 20).refusal());
    }

    /** A character of 2, 3 and 4 bytes cut by every short read and by the 64 KiB buffer's end. */
    @Test
    void multiByteCharactersSplitAcrossReadsAndTheBufferEndAreRead() {
        StringBuilder text = new StringBuilder("a\tb\n");
        int line = 0;
        while (text.length() < 200_000) {
            text.append(line)
                    .append("\tsnow ☃ é 😀 ")
                    .append("x".repeat(line % 97))
                    .append('\n');
            line++;
        }
        byte[] file = text.toString().getBytes(StandardCharsets.UTF_8);
        for (int chunk : new int[] {1, 2, 3, 7, 4093, 1 << 16}) {
            ReadTrace read = both(file, BOUND, chunk);
            assertEquals(line, read.rows().size(), "chunk " + chunk);
            assertEquals(
                    "snow ☃ é 😀 " + "x".repeat(1234 % 97),
                    read.rows().get(1234).get(1));
            assertTrue(read.verbatim().stream().allMatch(v -> v), "every line is verbatim, chunk " + chunk);
        }
    }

    @Test
    void aLineLongerThanTheBufferIsReadTheFullWay() {
        String big = "y".repeat(100_000);
        ReadTrace read = both("a\tb\n1\t" + big + "\n2\tz\n");
        assertEquals(List.of(List.of("1", big), List.of("2", "z")), read.rows());
        assertEquals(List.of(false, true), read.verbatim());
    }

    @Test
    void aFieldOrRowOverItsBoundIsRefusedAsBefore() {
        byte[] field = "a\tb\nok\tok\n1\t123456789\n".getBytes(StandardCharsets.UTF_8);
        ReadTrace read = both(field, 8, 1 << 20);
        assertEquals(List.of(List.of("ok", "ok")), read.rows());
        assertTrue(
                read.refusal().startsWith("SOURCE_MALFORMED: row 2: a field is longer than 8 bytes"), read.refusal());
        int width = RowBytes.MAX_ROW_FACTOR + 1;
        List<String> names = new java.util.ArrayList<>();
        for (int i = 0; i < width; i++) {
            names.add("c" + i);
        }
        String wide =
                String.join("\t", names) + "\n" + String.join("\t", java.util.Collections.nCopies(width, "12345678"));
        assertEquals(
                "SOURCE_MALFORMED: row 1: its cells hold more than " + 8 * RowBytes.MAX_ROW_FACTOR + " bytes together",
                both((wide + "\n").getBytes(StandardCharsets.UTF_8), 8, 1 << 20).refusal());
    }

    /**
     * A stream cut past the first buffer, mid-line: SOURCE_MALFORMED after the rows the full
     * tokenizer reads too. The row it stops at may differ: aircompressor's zstd decoder fails a read
     * that asks past the cut instead of returning the bytes before it, and the fast path, holding a
     * cut line, asks for less than a whole buffer. Either way the load stops and nothing is kept.
     */
    @ParameterizedTest
    @EnumSource(
            value = Compression.class,
            names = {"GZIP", "ZSTD"})
    void aTruncatedCompressedStreamStopsTheVerbatimLinesAsMalformed(Compression compression) throws IOException {
        // frames of about 100 KiB each, as a streaming compressor writes them
        ByteArrayOutputStream frames = new ByteArrayOutputStream();
        StringBuilder text = new StringBuilder("a\tb\n");
        for (int i = 0; i < 40_000; i++) {
            text.append(i).append("\tnote ").append(i * 7919L).append('\n');
            if (text.length() > 100_000) {
                frames.write(CompressedSourceTest.compress(
                        compression, text.toString().getBytes(StandardCharsets.UTF_8)));
                text.setLength(0);
            }
        }
        frames.write(CompressedSourceTest.compress(compression, text.toString().getBytes(StandardCharsets.UTF_8)));
        byte[] whole = frames.toByteArray();
        for (int cut = whole.length / 2; cut < whole.length; cut += whole.length / 7) {
            byte[] truncated = Arrays.copyOf(whole, cut);
            ReadTrace fast = compressed(compression, truncated, true);
            ReadTrace full = compressed(compression, truncated, false);
            String prefix = DponeErrorCode.SOURCE_MALFORMED + ": the "
                    + compression.name().toLowerCase(java.util.Locale.ROOT) + " stream is corrupt or truncated after ";
            assertTrue(fast.refusal().startsWith(prefix), fast.refusal());
            assertTrue(full.refusal().startsWith(prefix), full.refusal());
            int rows = Math.min(fast.rows().size(), full.rows().size());
            assertTrue(rows > 1000, "cut at " + cut + ": " + rows + " rows");
            assertEquals(full.rows().subList(0, rows), fast.rows().subList(0, rows), "cut at " + cut);
        }
    }

    @Provide
    Arbitrary<byte[]> files() {
        Arbitrary<byte[]> piece = Arbitraries.oneOf(
                Arbitraries.of(
                                "a", "Z", "1", " ", "\t", "\n", "\\N", "\\", "\\t", "\\\\", "\\x4", "\r", "\r\n", "é",
                                "😀", "\u0000", "\b", "\f", "\"", ",", "N")
                        .map(s -> s.getBytes(StandardCharsets.UTF_8)),
                Arbitraries.of((byte) 0xC3, (byte) 0x80, (byte) 0xF0, (byte) 0xFF)
                        .map(b -> new byte[] {b}),
                Arbitraries.strings()
                        .alpha()
                        .ofMinLength(1)
                        .ofMaxLength(40)
                        .map(s -> s.getBytes(StandardCharsets.UTF_8)));
        return piece.list().ofMaxSize(60).map(parts -> {
            byte[] header = "c1\tc2\n".getBytes(StandardCharsets.UTF_8);
            for (byte[] part : parts) {
                header = concat(header, part);
            }
            return header;
        });
    }

    /** Any file, any short reads, any field bound: the fast path reads as the full tokenizer does. */
    @Property
    void anyFileReadsTheSameWithAndWithoutVerbatimLines(
            @ForAll("files") byte[] file,
            @ForAll @IntRange(min = 1, max = 64) int chunk,
            @ForAll @IntRange(min = 2, max = 48) int maxFieldBytes) {
        ReadTrace fast = ReadTrace.of(new Chunked(file, chunk), DelimitedFormat.TSV_WITH_NAMES, maxFieldBytes, true);
        ReadTrace full = ReadTrace.of(new Chunked(file, chunk), DelimitedFormat.TSV_WITH_NAMES, maxFieldBytes, false);
        assertTrue(fast.sameReadAs(full), () -> fast + " vs " + full);
    }

    /** The eight-byte step counts exactly the leading bytes the per-byte table would pass as plain. */
    @Property
    void theWordStepCountsThePlainBytesExactly(
            @ForAll("words") byte[] word, @ForAll @IntRange(min = 0, max = 8) int offset) {
        byte[] bytes = new byte[16];
        System.arraycopy(word, 0, bytes, offset, 8);
        int plain = 0;
        while (plain < 8) {
            int b = word[plain] & 0xFF;
            if (b < 0x20 || b == '\\' || b >= 0x80) {
                break;
            }
            plain++;
        }
        assertEquals(plain, VerbatimTsvLine.plainBytes(bytes, offset));
    }

    @Provide
    Arbitrary<byte[]> words() {
        Arbitrary<Byte> edge = Arbitraries.of(
                (byte) 0,
                (byte) 1,
                (byte) '\t',
                (byte) '\n',
                (byte) 0x1F,
                (byte) 0x20,
                (byte) 'A',
                (byte) 0x5B,
                (byte) '\\',
                (byte) 0x5D,
                (byte) 0x7F,
                (byte) 0x80,
                (byte) 0xDC,
                (byte) 0xFF);
        return Arbitraries.oneOf(edge, Arbitraries.bytes()).array(byte[].class).ofSize(8);
    }

    private static ReadTrace both(String text) {
        return both(text.getBytes(StandardCharsets.UTF_8), BOUND, 1 << 20);
    }

    /** The fast path's read, checked to be the full tokenizer's read. */
    private static ReadTrace both(byte[] file, int maxFieldBytes, int chunk) {
        ReadTrace fast = ReadTrace.of(new Chunked(file, chunk), DelimitedFormat.TSV_WITH_NAMES, maxFieldBytes, true);
        ReadTrace full = ReadTrace.of(new Chunked(file, chunk), DelimitedFormat.TSV_WITH_NAMES, maxFieldBytes, false);
        assertTrue(fast.sameReadAs(full), () -> fast + " vs " + full);
        return fast;
    }

    private static ReadTrace compressed(Compression compression, byte[] bytes, boolean verbatimLines) {
        InputStream in = Decompression.decoded(new ByteArrayInputStream(bytes), compression, Long.MAX_VALUE);
        return ReadTrace.of(in, DelimitedFormat.TSV_WITH_NAMES, BOUND, verbatimLines);
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] both = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, both, a.length, b.length);
        return both;
    }

    /** Hands out at most {@code chunk} bytes per read, as a pipe or a decompressor may. */
    private static final class Chunked extends ByteArrayInputStream {
        private final int chunk;

        Chunked(byte[] bytes, int chunk) {
            super(bytes);
            this.chunk = chunk;
        }

        @Override
        public synchronized int read(byte[] b, int off, int len) {
            return super.read(b, off, Math.min(len, chunk));
        }
    }
}
