package io.dpone.spi.manifest;

import static java.util.Objects.requireNonNull;

import io.dpone.spi.error.DponeErrorCode;
import java.util.List;

/** What reading a manifest produced. Callers switch over both variants; there is no third outcome. */
public sealed interface ManifestReadResult {
    /** The manifest is schema-valid. Admission is decided separately. */
    record Accepted(SinkManifest manifest) implements ManifestReadResult {
        public Accepted {
            requireNonNull(manifest, "manifest is null");
        }
    }

    /**
     * The manifest was not accepted. {@code code} is {@code MANIFEST_UNREADABLE} when the text could
     * not be read as one YAML/JSON document, otherwise {@code MANIFEST_SCHEMA_INVALID}.
     */
    record Rejected(DponeErrorCode code, List<SchemaViolation> violations) implements ManifestReadResult {
        public Rejected {
            requireNonNull(code, "code is null");
            violations = List.copyOf(requireNonNull(violations, "violations is null"));
            if (violations.isEmpty()) {
                throw new IllegalArgumentException("a rejection names at least one violation");
            }
            for (SchemaViolation violation : violations) {
                if (violation.code() != code) {
                    throw new IllegalArgumentException("every violation carries the rejection's code");
                }
            }
        }

        static Rejected of(List<SchemaViolation> violations) {
            return new Rejected(violations.get(0).code(), violations);
        }
    }
}
