package io.dpone.spi.manifest;

import static java.util.Objects.requireNonNull;

import io.dpone.spi.error.DponeErrorCode;
import java.util.Set;

/**
 * One reason a manifest was rejected. {@code path} is a JSON pointer into the manifest ({@code ""}
 * is the whole document); {@code problem} is a fixed, bounded sentence that never echoes a value.
 */
public record SchemaViolation(DponeErrorCode code, String path, String problem) {
    private static final Set<DponeErrorCode> CODES =
            Set.of(DponeErrorCode.MANIFEST_SCHEMA_INVALID, DponeErrorCode.MANIFEST_UNREADABLE);

    public SchemaViolation {
        requireNonNull(code, "code is null");
        requireNonNull(path, "path is null");
        requireNonNull(problem, "problem is null");
        if (!CODES.contains(code)) {
            throw new IllegalArgumentException("a schema violation carries a manifest code");
        }
        if (problem.isBlank() || problem.length() > 200) {
            throw new IllegalArgumentException("problem must be a short sentence");
        }
    }
}
