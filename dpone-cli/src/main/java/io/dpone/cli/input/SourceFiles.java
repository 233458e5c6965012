package io.dpone.cli.input;

import io.dpone.spi.error.DponeErrorCode;
import io.dpone.spi.error.DponeException;
import io.dpone.spi.source.Compression;
import io.dpone.spi.source.DelimitedFormat;
import io.dpone.spi.source.PublicationSource;
import io.dpone.spi.source.SourceColumn;
import java.io.IOError;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * Describes a {@code --source} file for the publisher before anyone parses it: format from its name,
 * compression from its name or else its magic bytes (gzip {@code 1f 8b}, zstd {@code 28 b5 2f fd}),
 * so compressed bytes are refused as such instead of as malformed text (the publisher decides what
 * it accepts), size from the file system. Messages never name the path.
 */
public final class SourceFiles {
    private static final Map<String, Compression> COMPRESSIONS = Map.ofEntries(
            Map.entry(".gz", Compression.GZIP),
            Map.entry(".gzip", Compression.GZIP),
            Map.entry(".zst", Compression.ZSTD),
            Map.entry(".zstd", Compression.ZSTD),
            // Recognised so their bytes are never read as text; no publisher accepts them today.
            Map.entry(".bz2", Compression.OTHER),
            Map.entry(".xz", Compression.OTHER),
            Map.entry(".lz4", Compression.OTHER),
            Map.entry(".br", Compression.OTHER),
            Map.entry(".zip", Compression.OTHER),
            Map.entry(".lzma", Compression.OTHER),
            Map.entry(".snappy", Compression.OTHER),
            Map.entry(".z", Compression.OTHER));
    private static final Map<String, DelimitedFormat> FORMATS = Map.of(
            ".csv", DelimitedFormat.CSV_WITH_NAMES,
            ".tsv", DelimitedFormat.TSV_WITH_NAMES,
            ".tab", DelimitedFormat.TSV_WITH_NAMES);

    private SourceFiles() {}

    /** The compression a file name's last extension names; {@code NONE} when it names none. */
    public static Compression compression(String fileName) {
        return extension(fileName).map(COMPRESSIONS::get).orElse(Compression.NONE);
    }

    /** The format a file name implies ({@code .csv}, {@code .tsv}, {@code .tab}, before any compression extension). */
    public static Optional<DelimitedFormat> inferFormat(String fileName) {
        String name = fileName;
        if (compression(name) != Compression.NONE) {
            name = name.substring(0, name.lastIndexOf('.'));
        }
        return extension(name).map(FORMATS::get);
    }

    /** The ClickHouse format names {@code --format} accepts. */
    public static List<String> formatNames() {
        return List.of(DelimitedFormat.values()).stream()
                .map(DelimitedFormat::wireName)
                .toList();
    }

    /**
     * A replayable delimited-file source whose declared size is the file's size on disk.
     *
     * @throws DponeException {@code SOURCE_UNAVAILABLE} when the file is missing, not a regular file or unreadable
     */
    public static PublicationSource.DelimitedFile describe(Path file, DelimitedFormat format) {
        Path absolute = requireReadable(file);
        return new PublicationSource.DelimitedFile(absolute, format, compressionOf(absolute), sizeOf(absolute));
    }

    /**
     * {@link #codecFile} of a file that must exist and be readable now.
     *
     * @throws DponeException {@code SOURCE_UNAVAILABLE} when the file is missing, not a regular file or unreadable
     */
    public static PublicationSource.CodecFile describeCodec(Path file, String codec, List<SourceColumn> columns) {
        return codecFile(requireReadable(file), codec, columns);
    }

    /**
     * A file in a named codec with the columns the caller declares (the file has no header) and its
     * size on disk when known. The codec name goes on as given: whoever decodes the file (the
     * external sealer) refuses an unknown codec or codec version with its own stable code.
     */
    private static PublicationSource.CodecFile codecFile(Path file, String codec, List<SourceColumn> columns) {
        Path absolute = file.toAbsolutePath();
        return new PublicationSource.CodecFile(absolute, codec, columns, sizeOf(absolute));
    }

    /** The compression a file's name names, else the one its first bytes show; an unreadable file is left to the reader. */
    public static Compression compressionOf(Path file) {
        Path name = file.getFileName();
        Compression named = name == null ? Compression.NONE : compression(name.toString());
        return named != Compression.NONE ? named : sniff(file);
    }

    /** The file's size, empty when the file system cannot say; the reader reports an unreadable file. */
    public static OptionalLong sizeOf(Path file) {
        try {
            return OptionalLong.of(Files.size(file));
        } catch (IOException | RuntimeException e) {
            return OptionalLong.empty();
        }
    }

    private static Compression sniff(Path file) {
        byte[] magic = new byte[4];
        int read;
        try (InputStream in = Files.newInputStream(file)) {
            read = in.readNBytes(magic, 0, magic.length);
        } catch (IOException | RuntimeException e) {
            return Compression.NONE;
        }
        if (read >= 2 && (magic[0] & 0xFF) == 0x1F && (magic[1] & 0xFF) == 0x8B) {
            return Compression.GZIP;
        }
        boolean zstd = read == 4
                && (magic[0] & 0xFF) == 0x28
                && (magic[1] & 0xFF) == 0xB5
                && (magic[2] & 0xFF) == 0x2F
                && (magic[3] & 0xFF) == 0xFD;
        return zstd ? Compression.ZSTD : Compression.NONE;
    }

    private static Path requireReadable(Path file) {
        try {
            Path absolute = file.toAbsolutePath();
            if (!Files.isRegularFile(absolute) || !Files.isReadable(absolute)) {
                throw unavailable();
            }
            return absolute;
        } catch (IOError | SecurityException e) {
            throw unavailable();
        }
    }

    private static DponeException unavailable() {
        return new DponeException(
                DponeErrorCode.SOURCE_UNAVAILABLE,
                "the source file does not exist, is not a regular file or cannot be read");
    }

    private static Optional<String> extension(String fileName) {
        int dot = fileName.lastIndexOf('.');
        return dot <= 0 ? Optional.empty() : Optional.of(fileName.substring(dot).toLowerCase(Locale.ROOT));
    }
}
