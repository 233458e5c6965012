package io.dpone.testkit.modes.fault;

import io.dpone.spi.source.Compression;
import io.dpone.spi.source.DelimitedFormat;
import io.dpone.spi.source.PublicationSource;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * A CSV source whose first data row opens a quote that never closes, followed by 17 MiB of one
 * byte: one mebibyte more than the readers' field bound, so a bounded reader stops inside it.
 */
public final class EndlessFieldFile {
    private EndlessFieldFile() {}

    /** Writes {@code rows.csv} into {@code directory} with the two-column {@code header}; its size is declared. */
    public static PublicationSource write(Path directory, String header) throws IOException {
        Path file = directory.resolve("rows.csv");
        try (OutputStream out = Files.newOutputStream(file)) {
            out.write((header + "\n1,\"").getBytes(StandardCharsets.US_ASCII));
            byte[] filler = new byte[1 << 20];
            Arrays.fill(filler, (byte) 'x');
            for (int i = 0; i < 17; i++) {
                out.write(filler);
            }
        }
        return new PublicationSource.DelimitedFile(
                file, DelimitedFormat.CSV_WITH_NAMES, Compression.NONE, java.util.OptionalLong.of(Files.size(file)));
    }
}
