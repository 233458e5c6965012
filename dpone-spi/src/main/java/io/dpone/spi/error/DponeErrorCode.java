package io.dpone.spi.error;

import java.util.Objects;

/**
 * The one catalogue of stable error codes. Names and numbers are public and never renumbered or
 * reused; a test guards both. Ranges: 1000-1999 host and manifest, 2000-2999 cluster internal
 * mode, 3000-3999 cluster external mode. Each code has a page in {@code docs/errors/NAME.md}.
 */
public enum DponeErrorCode {
    // 1000-1999: host, manifest and provider selection
    MANIFEST_UNREADABLE(1001, ErrorType.USER_ERROR),
    MANIFEST_SCHEMA_INVALID(1002, ErrorType.USER_ERROR),
    PUBLICATION_PROVIDER_UNAVAILABLE(1003, ErrorType.BLOCKED),
    PUBLICATION_STRATEGY_UNSUPPORTED(1004, ErrorType.BLOCKED),
    PUBLICATION_PROVIDER_AMBIGUOUS(1005, ErrorType.BLOCKED),
    CLUSTER_PUBLICATION_NOT_REQUESTED(1006, ErrorType.USER_ERROR),
    CLUSTER_DDL_SCOPE_NOT_CLUSTER(1007, ErrorType.USER_ERROR),
    CLUSTER_STAGING_NOT_TARGET_LOCAL(1008, ErrorType.USER_ERROR),
    CLUSTER_ACCESS_TABLE_UNSUPPORTED(1009, ErrorType.USER_ERROR),
    CLUSTER_MODE_OPTION_CONFLICT(1010, ErrorType.USER_ERROR),
    EXTERNAL_ARTIFACT_STORE_UNAVAILABLE(1011, ErrorType.USER_ERROR),
    EXTERNAL_LINEAGE_UNSUPPORTED(1012, ErrorType.USER_ERROR),
    // 1013-1019: sources a host hands a publisher (docs/reference/sources.md)
    SOURCE_MALFORMED(1013, ErrorType.USER_ERROR),
    SOURCE_UNREADABLE(1014, ErrorType.USER_ERROR),
    SOURCE_COMPRESSION_UNSUPPORTED(1015, ErrorType.USER_ERROR),
    SOURCE_SCHEMA_INVALID(1016, ErrorType.USER_ERROR),
    SOURCE_TYPE_UNSUPPORTED(1017, ErrorType.USER_ERROR),
    SOURCE_VALUE_INVALID(1018, ErrorType.USER_ERROR),
    SOURCE_FORMAT_UNSUPPORTED(1019, ErrorType.USER_ERROR),
    // 1020-1029: the host's own runtime inputs (source file, connection profile)
    SOURCE_UNAVAILABLE(1020, ErrorType.USER_ERROR),
    CONNECTION_PROFILE_INVALID(1021, ErrorType.USER_ERROR),
    // 1022: the host's cancellation (Ctrl-C) stopped a publication before it sent anything
    PUBLICATION_CANCELLED(1022, ErrorType.BLOCKED),
    // 1030-1039: the coordinator connection could not be used at all (both modes; nothing was read or mutated)
    CONNECTION_REFUSED(1030, ErrorType.BLOCKED),
    CONNECTION_HOST_UNKNOWN(1031, ErrorType.BLOCKED),
    CONNECTION_TLS_FAILED(1032, ErrorType.BLOCKED),
    CONNECTION_NOT_CLICKHOUSE(1033, ErrorType.BLOCKED),
    CONNECTION_AUTHENTICATION_FAILED(1034, ErrorType.BLOCKED),
    HOST_INTERNAL_ERROR(1999, ErrorType.INTERNAL),

    // 2000-2999: cluster internal mode (spec 000, "Public contract")
    CLICKHOUSE_CLUSTER_TOPOLOGY_UNSUPPORTED(2001, ErrorType.BLOCKED),
    CLICKHOUSE_CLUSTER_INVENTORY_INCOMPLETE(2002, ErrorType.BLOCKED),
    CLICKHOUSE_CLUSTER_AUTHORITY_CONFLICT(2003, ErrorType.BLOCKED),
    CLICKHOUSE_CLUSTER_DDL_UNRESOLVED(2004, ErrorType.OPERATOR_REQUIRED),
    CLICKHOUSE_CLUSTER_PUBLICATION_TERMINAL_MIXED(2005, ErrorType.OPERATOR_REQUIRED),
    CLICKHOUSE_CLUSTER_GENERATION_UNKNOWN(2006, ErrorType.OPERATOR_REQUIRED),
    CLICKHOUSE_CLUSTER_CLEANUP_UNSAFE(2007, ErrorType.OPERATOR_REQUIRED),
    CLICKHOUSE_CLUSTER_AUTHORITY_OUTCOME_UNKNOWN(2008, ErrorType.OPERATOR_REQUIRED),
    CLICKHOUSE_CLUSTER_AUTHORITY_RECORD_INVALID(2009, ErrorType.OPERATOR_REQUIRED),
    CLICKHOUSE_CLUSTER_CAPABILITY_MISSING(2010, ErrorType.BLOCKED),
    CLICKHOUSE_CLUSTER_REPLICATION_NOT_READY(2011, ErrorType.BLOCKED),
    CLICKHOUSE_CLUSTER_TRANSPORT_FAILED(2012, ErrorType.BLOCKED),
    CLICKHOUSE_CLUSTER_SOURCE_TOO_LARGE(2013, ErrorType.USER_ERROR),
    CLICKHOUSE_CLUSTER_STAGING_FAILED(2014, ErrorType.BLOCKED),
    // 2030-2049: transport and SQL rendering
    CLICKHOUSE_CLUSTER_SQL_IDENTIFIER_INVALID(2030, ErrorType.USER_ERROR),

    // 3000-3999: cluster external mode (spec 001, "Stable external failure pages")
    CLICKHOUSE_CLUSTER_EXTERNAL_MODE_MISMATCH(3001, ErrorType.BLOCKED),
    CLICKHOUSE_CLUSTER_EXTERNAL_ENGINE_UNSUPPORTED(3002, ErrorType.BLOCKED),
    CLICKHOUSE_CLUSTER_EXTERNAL_INVENTORY_INCOMPLETE(3003, ErrorType.BLOCKED),
    CLICKHOUSE_CLUSTER_EXTERNAL_ARTIFACT_UNSUPPORTED(3004, ErrorType.USER_ERROR),
    CLICKHOUSE_CLUSTER_EXTERNAL_STAGING_DIVERGED(3005, ErrorType.OPERATOR_REQUIRED),
    CLICKHOUSE_CLUSTER_EXTERNAL_PUBLICATION_PARTIAL(3006, ErrorType.OPERATOR_REQUIRED),
    CLICKHOUSE_CLUSTER_EXTERNAL_CLEANUP_UNKNOWN(3007, ErrorType.OPERATOR_REQUIRED),
    // 3008-3029: the external artifact store (docs/reference/external-mode.md, "Artifacts")
    CLICKHOUSE_CLUSTER_EXTERNAL_ARTIFACT_INTEGRITY(3008, ErrorType.OPERATOR_REQUIRED);

    private final int number;
    private final ErrorType type;

    DponeErrorCode(int number, ErrorType type) {
        this.number = number;
        this.type = Objects.requireNonNull(type, "type is null");
    }

    public int number() {
        return number;
    }

    public ErrorType type() {
        return type;
    }

    /** The docs page that explains this code, relative to the repository's {@code docs/} folder. */
    public String docsPage() {
        return "errors/" + name() + ".md";
    }
}
