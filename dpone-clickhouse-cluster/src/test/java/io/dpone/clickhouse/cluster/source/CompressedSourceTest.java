package io.dpone.clickhouse.cluster.source;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.airlift.compress.zstd.ZstdOutputStream;
import io.dpone.spi.error.DponeErrorCode;
import io.dpone.spi.error.DponeException;
import io.dpone.spi.source.Compression;
import io.dpone.spi.source.DelimitedFormat;
import io.dpone.spi.source.PublicationSource;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.OptionalLong;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * gzip and zstd sources (issue 20), pure and offline: read as the same rows as the uncompressed
 * file, a truncated or corrupt stream is {@code SOURCE_MALFORMED} for both codecs, and a
 * decompression bomb is stopped at {@code max_source_bytes} of decoded bytes without reading the
 * compressed file to its end.
 */
class CompressedSourceTest {
    private static final String TSV = "id\tname\tnote\n1\tsnow ☃\t\\N\n2\ttab\\there\t\\\\N\n3\t\t\"q\"\n";
    private static final String CSV = "id,name,note\n1,snow ☃,\\N\n2,\"tab\there\",\"\\N\"\n3,,\"\"\"q\"\"\"\n";

    @TempDir
    Path dir;

    @ParameterizedTest
    @EnumSource(
            value = Compression.class,
            names = {"GZIP", "ZSTD"})
    void aCompressedFileReadsAsTheSameRows(Compression compression) throws Exception {
        for (DelimitedFormat format : List.of(DelimitedFormat.TSV_WITH_NAMES, DelimitedFormat.CSV_WITH_NAMES)) {
            byte[] plain = (format.isCsv() ? CSV : TSV).getBytes(StandardCharsets.UTF_8);
            List<List<String>> expected = DelimitedReaderTest.readAll(plain, format);
            assertEquals(3, expected.size());
            Path file = Files.write(dir.resolve("in." + compression), compress(compression, plain));
            assertEquals(
                    expected,
                    readAll(
                            new PublicationSource.DelimitedFile(file, format, compression, OptionalLong.empty()),
                            Long.MAX_VALUE));
        }
    }

    @Test
    void concatenatedGzipMembersReadAsOneFile() throws Exception {
        byte[] first = compress(Compression.GZIP, "id\n1\n".getBytes(StandardCharsets.UTF_8));
        byte[] second = compress(Compression.GZIP, "2\n".getBytes(StandardCharsets.UTF_8));
        byte[] both = Arrays.copyOf(first, first.length + second.length);
        System.arraycopy(second, 0, both, first.length, second.length);
        Path file = Files.write(dir.resolve("two.gz"), both);
        assertEquals(
                List.of(List.of("1"), List.of("2")),
                readAll(
                        new PublicationSource.DelimitedFile(
                                file, DelimitedFormat.TSV_WITH_NAMES, Compression.GZIP, OptionalLong.empty()),
                        Long.MAX_VALUE));
    }

    @ParameterizedTest
    @EnumSource(
            value = Compression.class,
            names = {"GZIP", "ZSTD"})
    void aTruncatedStreamIsMalformedAtEveryCut(Compression compression) throws Exception {
        byte[] whole = compress(compression, TSV.repeat(50).getBytes(StandardCharsets.UTF_8));
        for (int cut = 1; cut < whole.length; cut += Math.max(1, whole.length / 40)) {
            Path file = Files.write(dir.resolve("cut-" + cut), Arrays.copyOf(whole, cut));
            DponeException refused = assertThrows(
                    DponeException.class,
                    () -> readAll(
                            new PublicationSource.DelimitedFile(
                                    file, DelimitedFormat.TSV_WITH_NAMES, compression, OptionalLong.empty()),
                            Long.MAX_VALUE),
                    "cut at " + cut);
            assertEquals(
                    DponeErrorCode.SOURCE_MALFORMED, refused.code(), "cut at " + cut + ": " + refused.getMessage());
            assertFalse(refused.getMessage().contains(dir.toString()), "no path in the message");
        }
    }

    @ParameterizedTest
    @EnumSource(
            value = Compression.class,
            names = {"GZIP", "ZSTD"})
    void aCorruptStreamIsMalformed(Compression compression) throws Exception {
        byte[] bytes = compress(compression, TSV.repeat(50).getBytes(StandardCharsets.UTF_8));
        for (int at = bytes.length / 3; at < bytes.length; at += Math.max(1, bytes.length / 10)) {
            byte[] corrupt = bytes.clone();
            corrupt[at] ^= (byte) 0x5A;
            Path file = Files.write(dir.resolve("corrupt-" + at), corrupt);
            DponeException refused = assertThrows(
                    DponeException.class,
                    () -> readAll(
                            new PublicationSource.DelimitedFile(
                                    file, DelimitedFormat.TSV_WITH_NAMES, compression, OptionalLong.empty()),
                            Long.MAX_VALUE),
                    "flipped at " + at);
            assertEquals(
                    DponeErrorCode.SOURCE_MALFORMED, refused.code(), "flipped at " + at + ": " + refused.getMessage());
        }
        Path garbage = Files.write(dir.resolve("garbage"), "id\n1\n".getBytes(StandardCharsets.UTF_8));
        assertEquals(
                DponeErrorCode.SOURCE_MALFORMED,
                assertThrows(
                                DponeException.class,
                                () -> readAll(
                                        new PublicationSource.DelimitedFile(
                                                garbage,
                                                DelimitedFormat.TSV_WITH_NAMES,
                                                compression,
                                                OptionalLong.empty()),
                                        Long.MAX_VALUE))
                        .code(),
                "plain text declared " + compression);
    }

    @ParameterizedTest
    @EnumSource(
            value = Compression.class,
            names = {"GZIP", "ZSTD"})
    void aDecompressionBombStopsAtTheBoundWithoutReadingTheFileToItsEnd(Compression compression) throws Exception {
        byte[] bomb = bomb(compression);
        long bound = 1 << 20;
        CountingStream counted = new CountingStream(new ByteArrayInputStream(bomb));
        DponeException refused = assertThrows(DponeException.class, () -> {
            try (OpenedSource source = DelimitedReader.open(
                    Decompression.decoded(counted, compression, bound), DelimitedFormat.TSV_WITH_NAMES)) {
                while (source.cursor().next() != null) {
                    // read until the bound stops the stream
                }
            }
        });
        assertEquals(DponeErrorCode.CLICKHOUSE_CLUSTER_SOURCE_TOO_LARGE, refused.code(), refused.getMessage());
        assertTrue(counted.read < bomb.length / 4, "read " + counted.read + " of " + bomb.length + " compressed bytes");
        Path file = Files.write(dir.resolve("bomb"), bomb);
        assertEquals(
                DponeErrorCode.CLICKHOUSE_CLUSTER_SOURCE_TOO_LARGE,
                assertThrows(
                                DponeException.class,
                                () -> readAll(
                                        new PublicationSource.DelimitedFile(
                                                file,
                                                DelimitedFormat.TSV_WITH_NAMES,
                                                compression,
                                                OptionalLong.empty()),
                                        bound))
                        .code(),
                "through SourceReaders");
    }

    @ParameterizedTest
    @EnumSource(
            value = Compression.class,
            names = {"GZIP", "ZSTD"})
    void theBoundCountsDecodedBytesAndAdmitsExactlyThatMany(Compression compression) throws Exception {
        byte[] plain = TSV.getBytes(StandardCharsets.UTF_8);
        Path file = Files.write(dir.resolve("exact"), compress(compression, plain));
        PublicationSource.DelimitedFile source = new PublicationSource.DelimitedFile(
                file, DelimitedFormat.TSV_WITH_NAMES, compression, OptionalLong.empty());
        assertEquals(3, readAll(source, plain.length).size());
        assertEquals(
                DponeErrorCode.CLICKHOUSE_CLUSTER_SOURCE_TOO_LARGE,
                assertThrows(DponeException.class, () -> readAll(source, plain.length - 1))
                        .code());
    }

    @Test
    void theFilesOwnReadFailureStaysUnreadable() {
        InputStream failing = new InputStream() {
            @Override
            public int read() throws IOException {
                throw new IOException("disk /secret/path");
            }
        };
        DponeException refused = assertThrows(
                DponeException.class,
                () -> Decompression.decoded(failing, Compression.GZIP, Long.MAX_VALUE)
                        .read(new byte[8], 0, 8));
        assertEquals(DponeErrorCode.SOURCE_UNREADABLE, refused.code());
        assertFalse(refused.getMessage().contains("secret"));
    }

    /**
     * A header, then one field of 1 GiB: a header member or frame, then one of 16 MiB repeated 64
     * times (both codecs decode concatenated members or frames as one stream).
     */
    private static byte[] bomb(Compression compression) throws IOException {
        byte[] field = new byte[16 << 20];
        Arrays.fill(field, (byte) 'a');
        byte[] chunk = compress(compression, field);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        bytes.write(compress(compression, "x\n".getBytes(StandardCharsets.UTF_8)));
        for (int i = 0; i < 64; i++) {
            bytes.write(chunk);
        }
        return bytes.toByteArray();
    }

    private static List<List<String>> readAll(PublicationSource source, long bound) {
        List<List<String>> rows = new ArrayList<>();
        try (OpenedSource opened = SourceReaders.open(source, bound)) {
            for (List<String> row = opened.cursor().next();
                    row != null;
                    row = opened.cursor().next()) {
                rows.add(new ArrayList<>(row));
            }
        }
        return rows;
    }

    static byte[] compress(Compression compression, byte[] plain) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (OutputStream out =
                compression == Compression.GZIP ? new GZIPOutputStream(bytes) : new ZstdOutputStream(bytes)) {
            out.write(plain);
        }
        return bytes.toByteArray();
    }

    private static final class CountingStream extends FilterInputStream {
        long read;

        CountingStream(InputStream in) {
            super(in);
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            int n = super.read(b, off, len);
            read += Math.max(0, n);
            return n;
        }
    }
}
