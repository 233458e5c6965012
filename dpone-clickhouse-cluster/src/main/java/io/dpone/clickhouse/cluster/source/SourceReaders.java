package io.dpone.clickhouse.cluster.source;

import io.dpone.spi.error.DponeErrorCode;
import io.dpone.spi.error.DponeException;
import io.dpone.spi.source.Compression;
import io.dpone.spi.source.PublicationSource;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Opens any {@link PublicationSource} both modes read as rows of cell text: in-memory rows, a
 * CSV/TSV file with a header, uncompressed or gzip/zstd-compressed ({@link Decompression}), or a
 * host's one-pass stream (passed through as is). Another compression and codec files are refused
 * before a byte is read; external mode refuses its own unsupported kinds (compressed files among
 * them) earlier, with its own code. Opening a file reads its header rows.
 */
public final class SourceReaders {
    private SourceReaders() {}

    /** {@link #open(PublicationSource, long)} without a bound on decompressed bytes. */
    public static OpenedSource open(PublicationSource source) {
        return open(source, Long.MAX_VALUE);
    }

    /**
     * @param maxDecodedBytes a compressed file stops with {@code CLICKHOUSE_CLUSTER_SOURCE_TOO_LARGE}
     *     as soon as it decompresses to more bytes than this (the manifest's {@code max_source_bytes})
     * @throws DponeException {@code SOURCE_COMPRESSION_UNSUPPORTED}, {@code SOURCE_FORMAT_UNSUPPORTED},
     *     {@code SOURCE_UNREADABLE} or {@code SOURCE_MALFORMED}; messages never name the path
     */
    public static OpenedSource open(PublicationSource source, long maxDecodedBytes) {
        if (source instanceof PublicationSource.Rows rows) {
            return new OpenedSource(rows.columns(), new RowsCursor(rows.rows()));
        }
        if (source instanceof PublicationSource.DelimitedFile file) {
            if (file.compression() == Compression.OTHER) {
                throw new DponeException(
                        DponeErrorCode.SOURCE_COMPRESSION_UNSUPPORTED,
                        "the source is compressed with a codec dpone does not read; dpone reads uncompressed,"
                                + " gzip and zstd CSV and TSV files");
            }
            InputStream in = openFile(file.file());
            return DelimitedReader.open(
                    file.compression() == Compression.NONE
                            ? in
                            : Decompression.decoded(in, file.compression(), maxDecodedBytes),
                    file.format());
        }
        if (source instanceof PublicationSource.Stream stream) {
            return new OpenedSource(stream.columns(), stream.cursor().get());
        }
        if (source instanceof PublicationSource.CodecFile) {
            throw new DponeException(
                    DponeErrorCode.SOURCE_FORMAT_UNSUPPORTED, "codec files are decoded by external-mode sealing only");
        }
        throw new IllegalArgumentException("unknown source kind");
    }

    /** Opens a regular file for reading; {@code SOURCE_UNREADABLE} without the path otherwise. */
    public static InputStream openFile(Path file) {
        if (!Files.isRegularFile(file)) {
            throw new DponeException(DponeErrorCode.SOURCE_UNREADABLE, "the source is not a readable regular file");
        }
        try {
            return Files.newInputStream(file);
        } catch (IOException | SecurityException e) {
            throw new DponeException(
                    DponeErrorCode.SOURCE_UNREADABLE,
                    "the source file cannot be opened (" + e.getClass().getSimpleName() + ")");
        }
    }
}
