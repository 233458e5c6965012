package io.dpone.spi.manifest;

import io.dpone.spi.error.DponeErrorCode;
import java.util.ArrayList;
import java.util.List;

/** Collects schema violations, bounded so a hostile manifest cannot produce an unbounded report. */
final class Violations {
    static final int MAX_REPORTED = 50;

    private final List<SchemaViolation> reported = new ArrayList<>();
    private boolean truncated;

    void schema(String path, SchemaProblem problem) {
        if (reported.size() < MAX_REPORTED) {
            reported.add(violation(path, problem));
        } else if (!truncated) {
            truncated = true;
            reported.set(MAX_REPORTED - 1, violation("", SchemaProblem.TRUNCATED));
        }
    }

    boolean isEmpty() {
        return reported.isEmpty();
    }

    List<SchemaViolation> list() {
        return List.copyOf(reported);
    }

    private static SchemaViolation violation(String path, SchemaProblem problem) {
        return new SchemaViolation(DponeErrorCode.MANIFEST_SCHEMA_INVALID, path, problem.sentence());
    }
}
