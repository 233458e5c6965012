package io.dpone.cli.command;

import io.dpone.spi.source.Compression;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.OptionalLong;

/**
 * What the host tells a publisher about a source file before anyone reads it: its compression,
 * recognised by magic bytes (gzip {@code 1f 8b}, zstd {@code 28 b5 2f fd}) or by the name's
 * {@code .gz}/{@code .zst} suffix, so a compressed file is refused as such instead of as malformed
 * text; and its size. An unreadable file is left to the reader, which reports it with a stable code.
 */
final class SourceFiles {
    private SourceFiles() {
    }

    static Compression compressionOf(Path file) {
        String name = file.getFileName() == null ? "" : file.getFileName().toString();
        if (name.endsWith(".gz")) {
            return Compression.GZIP;
        }
        if (name.endsWith(".zst")) {
            return Compression.ZSTD;
        }
        byte[] magic = new byte[4];
        int read = 0;
        try (InputStream in = Files.newInputStream(file)) {
            read = in.readNBytes(magic, 0, magic.length);
        } catch (IOException | RuntimeException e) {
            return Compression.NONE;
        }
        if (read >= 2 && (magic[0] & 0xFF) == 0x1F && (magic[1] & 0xFF) == 0x8B) {
            return Compression.GZIP;
        }
        if (read == 4 && (magic[0] & 0xFF) == 0x28 && (magic[1] & 0xFF) == 0xB5 && (magic[2] & 0xFF) == 0x2F && (magic[3] & 0xFF) == 0xFD) {
            return Compression.ZSTD;
        }
        return Compression.NONE;
    }

    static OptionalLong sizeOf(Path file) {
        try {
            return OptionalLong.of(Files.size(file));
        } catch (IOException | RuntimeException e) {
            return OptionalLong.empty();
        }
    }
}
