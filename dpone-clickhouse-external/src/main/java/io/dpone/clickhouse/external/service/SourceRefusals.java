package io.dpone.clickhouse.external.service;

import io.dpone.spi.error.DponeErrorCode;
import java.util.EnumSet;
import java.util.Set;

/**
 * The source failures that end an operation in LOCKED as ABORTED: the same source would be refused
 * again (its kind, format, schema, values or size, or a target it cannot be proven against), so the
 * fence is released by a version-checked ABORTED record instead of blocking the target. An unreadable source or artifact store is not one
 * of them: the operation stays LOCKED and the same invocation continues once it is readable.
 */
final class SourceRefusals {
    private static final Set<DponeErrorCode> DETERMINISTIC = EnumSet.of(
            DponeErrorCode.CLICKHOUSE_CLUSTER_EXTERNAL_ARTIFACT_UNSUPPORTED,
            DponeErrorCode.CLICKHOUSE_CLUSTER_SOURCE_TOO_LARGE,
            DponeErrorCode.SOURCE_MALFORMED,
            DponeErrorCode.SOURCE_SCHEMA_INVALID,
            DponeErrorCode.SOURCE_TYPE_UNSUPPORTED,
            DponeErrorCode.SOURCE_VALUE_INVALID,
            DponeErrorCode.SOURCE_FORMAT_UNSUPPORTED,
            DponeErrorCode.SOURCE_COMPRESSION_UNSUPPORTED,
            // a target the artifact can never be proven against (a MATERIALIZED column seen by this LOCKED run's
            // sealing)
            DponeErrorCode.CLICKHOUSE_CLUSTER_EXTERNAL_ENGINE_UNSUPPORTED);

    private SourceRefusals() {}

    static boolean endsTheOperation(DponeErrorCode code) {
        return DETERMINISTIC.contains(code);
    }
}
