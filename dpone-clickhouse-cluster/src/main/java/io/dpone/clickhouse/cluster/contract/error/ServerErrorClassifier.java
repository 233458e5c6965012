package io.dpone.clickhouse.cluster.contract.error;

import static io.dpone.clickhouse.cluster.contract.error.ErrorClass.AMBIGUOUS;
import static io.dpone.clickhouse.cluster.contract.error.ErrorClass.CONFLICT;
import static io.dpone.clickhouse.cluster.contract.error.ErrorClass.FATAL;
import static io.dpone.clickhouse.cluster.contract.error.ErrorClass.RETRYABLE;

import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * Pure classification of ClickHouse server error codes, one table row per code with its reason.
 * Codes absent from the table are {@link ErrorClass#AMBIGUOUS}: an unknown failure may have
 * happened after the statement took effect, so only the table can declare a refusal definitive.
 *
 * <p>{@code 999 KEEPER_EXCEPTION} is the one code refined by its first message line, because
 * KeeperMap reports both a strict-mode conflict (node exists, bad version) and a lost Keeper
 * session under it.
 *
 * <p>The table describes {@link ExecutionScope#SINGLE_HOST} statements. Under
 * {@link ExecutionScope#DISTRIBUTED_DDL} no server code proves anything about the entry: with
 * {@code distributed_ddl_output_mode = throw} the initiator enqueues, waits and re-raises the
 * first failing host's own code (57, 60, 497, ...) while other hosts may already have executed
 * the statement (spec section 4: a failed dispatch response is resolved only through the bound
 * queue entry). Every code is therefore {@link ErrorClass#AMBIGUOUS} in that scope. Stateless and
 * thread-safe.
 */
public final class ServerErrorClassifier {
    static final int KEEPER_EXCEPTION = 999;
    private static final Map<Integer, ServerErrorClassification> TABLE = table();

    private ServerErrorClassifier() {}

    static final String DISTRIBUTED_DDL_REASON =
            "ON CLUSTER: the initiator may re-raise a host's code after enqueueing;"
                    + " other hosts may have executed; resolve through the bound queue entry";

    /**
     * Classifies {@code code} for a statement of {@code scope}; see the class comment for why every
     * distributed-DDL code is ambiguous. Never throws.
     */
    public static ServerErrorClassification classify(int code, String summary, ExecutionScope scope) {
        ServerErrorClassification singleHost = classify(code, summary);
        if (scope == ExecutionScope.DISTRIBUTED_DDL) {
            return new ServerErrorClassification(code, singleHost.name(), AMBIGUOUS, DISTRIBUTED_DDL_REASON);
        }
        return singleHost;
    }

    /** Classifies a single-host statement by code alone; {@code 999} without message evidence is ambiguous. */
    public static ServerErrorClassification classify(int code) {
        return classify(code, "");
    }

    /**
     * Classifies {@code code} of a single-host statement; {@code summary} (a redacted first message
     * line) only refines {@code 999}. Never throws for any int code or summary.
     */
    public static ServerErrorClassification classify(int code, String summary) {
        if (code == KEEPER_EXCEPTION) {
            return KeeperErrorRefinement.refine(summary == null ? "" : summary);
        }
        ServerErrorClassification row = TABLE.get(code);
        if (row != null) {
            return row;
        }
        return new ServerErrorClassification(
                code, "UNKNOWN", AMBIGUOUS, "code is not in the table; an unknown failure may follow execution");
    }

    /** The complete table, ordered by code; for documentation and table tests. */
    public static Map<Integer, ServerErrorClassification> table() {
        Map<Integer, ServerErrorClassification> rows = new TreeMap<>();
        // RETRYABLE: the server refused before executing anything.
        row(rows, 202, "TOO_MANY_SIMULTANEOUS_QUERIES", RETRYABLE, "admission limit refuses the query before it runs");
        row(rows, 203, "NO_FREE_CONNECTION", RETRYABLE, "no pooled connection; nothing was sent onward");
        row(rows, 225, "NO_ZOOKEEPER", RETRYABLE, "no Keeper session, so no Keeper operation was issued");
        row(rows, 242, "TABLE_IS_READ_ONLY", RETRYABLE, "read-only replica refuses the write before executing it");
        // CONFLICT: definitive refusal because of current catalog or Keeper state.
        row(
                rows,
                57,
                "TABLE_ALREADY_EXISTS",
                CONFLICT,
                "single host: CREATE/RENAME target name is taken; nothing changed");
        row(
                rows,
                60,
                "UNKNOWN_TABLE",
                CONFLICT,
                "single host: EXCHANGE/RENAME/ALTER source is absent; nothing changed");
        row(rows, 81, "UNKNOWN_DATABASE", CONFLICT, "database is absent; nothing changed");
        row(rows, 82, "DATABASE_ALREADY_EXISTS", CONFLICT, "database name is taken; nothing changed");
        // FATAL: definitive refusal of the request itself.
        row(rows, 6, "CANNOT_PARSE_TEXT", FATAL, "a literal does not parse; the statement never ran");
        row(
                rows,
                16,
                "NO_SUCH_COLUMN_IN_TABLE",
                FATAL,
                "statement names a missing column; analysis fails before execution");
        row(rows, 36, "BAD_ARGUMENTS", FATAL, "invalid arguments are rejected during analysis");
        row(
                rows,
                42,
                "NUMBER_OF_ARGUMENTS_DOESNT_MATCH",
                FATAL,
                "an engine or function is given the wrong number of arguments; analysis fails before execution");
        row(rows, 43, "ILLEGAL_TYPE_OF_ARGUMENT", FATAL, "type error found during analysis");
        row(rows, 44, "ILLEGAL_COLUMN", FATAL, "illegal column found during analysis");
        row(rows, 47, "UNKNOWN_IDENTIFIER", FATAL, "unknown identifier found during analysis");
        row(rows, 48, "NOT_IMPLEMENTED", FATAL, "the server does not support the statement");
        row(rows, 53, "TYPE_MISMATCH", FATAL, "type mismatch found during analysis");
        row(rows, 62, "SYNTAX_ERROR", FATAL, "the parser rejects the statement; it never ran");
        row(rows, 115, "UNKNOWN_SETTING", FATAL, "a required setting is unknown to this server");
        row(rows, 164, "READONLY", FATAL, "the principal is in readonly mode");
        row(rows, 192, "UNKNOWN_USER", FATAL, "authentication fails before any statement runs");
        row(rows, 193, "WRONG_PASSWORD", FATAL, "authentication fails before any statement runs");
        row(rows, 344, "SUPPORT_IS_DISABLED", FATAL, "capability is disabled on this server");
        row(
                rows,
                392,
                "QUERY_IS_PROHIBITED",
                FATAL,
                "single host: the server refuses the query kind before running it");
        row(rows, 497, "ACCESS_DENIED", FATAL, "grant check fails before execution");
        row(rows, 516, "AUTHENTICATION_FAILED", FATAL, "authentication fails before any statement runs");
        // AMBIGUOUS: the statement may have taken effect.
        row(rows, 3, "UNEXPECTED_END_OF_FILE", AMBIGUOUS, "stream ended mid-exchange; execution state unknown");
        row(rows, 32, "ATTEMPT_TO_READ_AFTER_EOF", AMBIGUOUS, "stream ended mid-exchange; execution state unknown");
        row(rows, 49, "LOGICAL_ERROR", AMBIGUOUS, "server defect at an unknown execution point");
        row(
                rows,
                159,
                "TIMEOUT_EXCEEDED",
                AMBIGUOUS,
                "distributed DDL with output mode throw may still complete on hosts");
        row(rows, 209, "SOCKET_TIMEOUT", AMBIGUOUS, "a socket timed out after the request may have executed");
        row(rows, 210, "NETWORK_ERROR", AMBIGUOUS, "connection lost after the request may have executed");
        row(rows, 241, "MEMORY_LIMIT_EXCEEDED", AMBIGUOUS, "the limit can trip after writes began");
        row(
                rows,
                319,
                "UNKNOWN_STATUS_OF_INSERT",
                AMBIGUOUS,
                "the server itself cannot tell whether the insert committed");
        row(rows, 394, "QUERY_WAS_CANCELLED", AMBIGUOUS, "cancellation after send may follow execution");
        row(rows, 425, "SYSTEM_ERROR", AMBIGUOUS, "OS-level failure at an unknown execution point");
        row(rows, 439, "CANNOT_SCHEDULE_TASK", AMBIGUOUS, "thread exhaustion can hit after execution began");
        row(
                rows,
                KEEPER_EXCEPTION,
                "KEEPER_EXCEPTION",
                AMBIGUOUS,
                "without conflict evidence a Keeper failure may follow the write");
        row(rows, 1000, "POCO_EXCEPTION", AMBIGUOUS, "library failure at an unknown execution point");
        row(rows, 1001, "STD_EXCEPTION", AMBIGUOUS, "library failure at an unknown execution point");
        row(rows, 1002, "UNKNOWN_EXCEPTION", AMBIGUOUS, "failure at an unknown execution point");
        return rows;
    }

    private static void row(
            Map<Integer, ServerErrorClassification> rows, int code, String name, ErrorClass errorClass, String reason) {
        if (rows.put(code, new ServerErrorClassification(code, name, errorClass, reason)) != null) {
            throw new IllegalStateException("duplicate classification row " + code);
        }
    }

    /** Refines 999 by the Keeper error name ClickHouse prints in the first message line. */
    private static final class KeeperErrorRefinement {
        private static final String[] CONFLICT_MARKERS = {"node exists", "bad version"};

        static ServerErrorClassification refine(String summary) {
            String text = summary.toLowerCase(Locale.ROOT);
            for (String marker : CONFLICT_MARKERS) {
                if (text.contains(marker)) {
                    return new ServerErrorClassification(
                            KEEPER_EXCEPTION,
                            "KEEPER_EXCEPTION",
                            CONFLICT,
                            "strict KeeperMap write refused: " + marker + "; nothing changed");
                }
            }
            return TABLE.get(KEEPER_EXCEPTION);
        }
    }
}
