package io.dpone.clickhouse.cluster.source;

import io.airlift.compress.zstd.ZstdInputStream;
import io.dpone.spi.error.DponeErrorCode;
import io.dpone.spi.error.DponeException;
import io.dpone.spi.source.Compression;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.Locale;
import java.util.zip.GZIPInputStream;

/**
 * Streams a compressed source file's decoded bytes to the readers: gzip with the JDK's
 * {@link GZIPInputStream} (concatenated members included), zstd with aircompressor's pure-Java
 * {@link ZstdInputStream}; no codec is hand-written. Failures keep their meaning:
 * <ul>
 *   <li>the file itself cannot be read: {@code SOURCE_UNREADABLE}, as for an uncompressed file;</li>
 *   <li>the compressed bytes are corrupt or end early: {@code SOURCE_MALFORMED}, the same for both
 *       codecs, naming how many decoded bytes were read before;</li>
 *   <li>more than {@code maxDecodedBytes} come out: {@code CLICKHOUSE_CLUSTER_SOURCE_TOO_LARGE} at
 *       once, so a decompression bomb is stopped after at most that many bytes, never read whole
 *       and never held (the readers hold one record at a time).</li>
 * </ul>
 * Messages never name the path. One thread.
 */
final class Decompression {
    private Decompression() {}

    /** {@code file}'s bytes decoded with {@code compression} (GZIP or ZSTD); the result owns {@code file}. */
    static InputStream decoded(InputStream file, Compression compression, long maxDecodedBytes) {
        if (compression != Compression.GZIP && compression != Compression.ZSTD) {
            throw new IllegalArgumentException("not a supported compression: " + compression);
        }
        InputStream raw = new FileFailures(file);
        String codec = compression.name().toLowerCase(Locale.ROOT);
        try {
            InputStream decoder =
                    compression == Compression.GZIP ? new GZIPInputStream(raw, 1 << 16) : new ZstdInputStream(raw);
            return new Bounded(decoder, codec, maxDecodedBytes);
        } catch (DponeException unreadable) {
            close(raw);
            throw unreadable;
        } catch (IOException | RuntimeException header) {
            close(raw);
            throw corrupt(codec, 0, header);
        }
    }

    private static DponeException corrupt(String codec, long decoded, Exception cause) {
        return new DponeException(
                DponeErrorCode.SOURCE_MALFORMED,
                "the " + codec + " stream is corrupt or truncated after " + decoded + " decoded bytes ("
                        + cause.getClass().getSimpleName() + ")");
    }

    private static void close(InputStream in) {
        try {
            in.close();
        } catch (IOException | RuntimeException ignored) {
            // the open already failed; that failure is the one reported
        }
    }

    /** The file's own read failures, raised as {@code SOURCE_UNREADABLE} so the decoder's cannot be mistaken for them. */
    private static final class FileFailures extends FilterInputStream {
        FileFailures(InputStream in) {
            super(in);
        }

        @Override
        public int read() {
            try {
                return in.read();
            } catch (IOException e) {
                throw unreadable(e);
            }
        }

        @Override
        public int read(byte[] b, int off, int len) {
            try {
                return in.read(b, off, len);
            } catch (IOException e) {
                throw unreadable(e);
            }
        }

        private static DponeException unreadable(IOException e) {
            return new DponeException(
                    DponeErrorCode.SOURCE_UNREADABLE,
                    "reading the compressed source failed (" + e.getClass().getSimpleName() + ")");
        }
    }

    /** Counts decoded bytes against the bound; any other decoder failure is a corrupt stream. */
    private static final class Bounded extends FilterInputStream {
        private final byte[] one = new byte[1];
        private final String codec;
        private final long max;
        private long decoded;

        Bounded(InputStream decoder, String codec, long max) {
            super(decoder);
            this.codec = codec;
            this.max = max;
        }

        @Override
        public int read() {
            int n = read(one, 0, 1);
            return n < 0 ? -1 : one[0] & 0xFF;
        }

        @Override
        public int read(byte[] b, int off, int len) {
            int n;
            try {
                // ask for at most one byte past the bound, so a bomb never decodes much beyond it
                long allowed = max - decoded;
                n = in.read(b, off, allowed < len ? (int) allowed + 1 : len);
            } catch (DponeException unreadable) {
                throw unreadable;
            } catch (IOException | RuntimeException e) {
                throw corrupt(codec, decoded, e);
            }
            if (n > 0) {
                decoded += n;
                if (decoded > max) {
                    throw new DponeException(
                            DponeErrorCode.CLICKHOUSE_CLUSTER_SOURCE_TOO_LARGE,
                            "the source decompresses to more than max_source_bytes (" + max + " bytes)");
                }
            }
            return n;
        }
    }
}
