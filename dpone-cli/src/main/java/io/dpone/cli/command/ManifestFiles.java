package io.dpone.cli.command;

import io.dpone.spi.error.DponeErrorCode;
import io.dpone.spi.manifest.ManifestFormat;
import io.dpone.spi.manifest.ManifestReadResult;
import io.dpone.spi.manifest.ManifestReader;
import io.dpone.spi.manifest.SchemaViolation;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/** Reads a manifest file. File problems are {@code MANIFEST_UNREADABLE}; the path is never echoed. */
final class ManifestFiles {
    private ManifestFiles() {}

    static ManifestReadResult read(Path file, ManifestReader reader) {
        Path name = file.getFileName();
        Optional<ManifestFormat> format =
                name == null ? Optional.empty() : ManifestFormat.fromFileName(name.toString());
        if (format.isEmpty()) {
            return unreadable("manifest file name must end with .yaml, .yml or .json");
        }
        if (!Files.isRegularFile(file)) {
            return unreadable("manifest file does not exist or is not a regular file");
        }
        try (InputStream in = Files.newInputStream(file)) {
            byte[] text = in.readNBytes(ManifestReader.MAX_BYTES + 1);
            return reader.read(text, format.get());
        } catch (IOException | SecurityException e) {
            return unreadable("manifest file cannot be read");
        }
    }

    private static ManifestReadResult unreadable(String problem) {
        return new ManifestReadResult.Rejected(
                DponeErrorCode.MANIFEST_UNREADABLE,
                List.of(new SchemaViolation(DponeErrorCode.MANIFEST_UNREADABLE, "", problem)));
    }
}
