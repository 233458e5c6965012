package io.dpone.clickhouse.cluster.sql;

import static io.dpone.clickhouse.cluster.sql.ControlTableColumns.DISPATCH_EPOCH;
import static io.dpone.clickhouse.cluster.sql.ControlTableColumns.FENCE_TOKEN;
import static io.dpone.clickhouse.cluster.sql.ControlTableColumns.OPERATION_ID;
import static io.dpone.clickhouse.cluster.sql.ControlTableColumns.PAYLOAD;
import static io.dpone.clickhouse.cluster.sql.ControlTableColumns.PAYLOAD_SHA256;
import static io.dpone.clickhouse.cluster.sql.ControlTableColumns.PHASE;
import static io.dpone.clickhouse.cluster.sql.ControlTableColumns.TARGET_KEY;
import static io.dpone.clickhouse.cluster.sql.ControlTableColumns.VERSION;
import static io.dpone.clickhouse.cluster.sql.SqlQuoting.identifier;
import static io.dpone.clickhouse.cluster.sql.SqlQuoting.string;
import static java.util.Objects.requireNonNull;

/**
 * Renders the KeeperMap authority statements. Strict mode and {@code insert_keeper_max_retries}
 * travel in the request's {@link io.dpone.clickhouse.cluster.port.QueryContext#keeperMapMutation}
 * settings, not in the SQL text.
 */
public final class AuthorityStatements {
    private AuthorityStatements() {}

    /**
     * create_if_absent: the complete row; under strict mode an existing key is a conflict. Rendered
     * as {@code INSERT ... SELECT <literals>} rather than {@code VALUES}: the native driver parses a
     * {@code VALUES} list on the client and stores escaped literals without unescaping them (a
     * payload quote {@code \'} arrived as two characters), while a {@code SELECT} is parsed by the
     * server on both protocols. The authority's post-read caught the corruption (docs/reference/authority.md).
     */
    public static SqlStatement insertStrict(TableRef control, ControlRow row) {
        requireNonNull(row, "row is null");
        return new SqlStatement(
                StatementKind.KEEPER_MAP_INSERT,
                "INSERT INTO " + control.render()
                        + " (" + ControlTableColumns.quotedNames() + ") SELECT " + string(row.targetKey()) + ", "
                        + string(row.operationId()) + ", " + string(row.fenceToken()) + ", " + string(row.phase())
                        + ", "
                        + "toUInt64(" + row.dispatchEpoch() + "), " + string(row.payload()) + ", "
                        + string(row.payloadSha256()));
    }

    /**
     * compare_and_swap: {@code ALTER TABLE control UPDATE ... WHERE target_key = .. AND _version = ..
     * AND operation_id = .. AND fence_token = .. AND phase = ..}. The key column is never updated.
     */
    public static SqlStatement compareAndSwap(TableRef control, CasExpectation expected, ControlRow next) {
        requireNonNull(expected, "expected is null");
        requireNonNull(next, "next is null");
        if (!expected.targetKey().equals(next.targetKey())) {
            throw new IllegalArgumentException("CAS cannot change the target key");
        }
        return new SqlStatement(
                StatementKind.KEEPER_MAP_CAS,
                "ALTER TABLE " + control.render() + " UPDATE "
                        + assign(OPERATION_ID, string(next.operationId())) + ", "
                        + assign(FENCE_TOKEN, string(next.fenceToken())) + ", "
                        + assign(PHASE, string(next.phase())) + ", "
                        + assign(DISPATCH_EPOCH, Long.toString(next.dispatchEpoch())) + ", "
                        + assign(PAYLOAD, string(next.payload())) + ", "
                        + assign(PAYLOAD_SHA256, string(next.payloadSha256()))
                        + " WHERE " + assign(TARGET_KEY, string(expected.targetKey()))
                        + " AND " + assign(VERSION, Long.toString(expected.keeperVersion()))
                        + " AND " + assign(OPERATION_ID, string(expected.operationId()))
                        + " AND " + assign(FENCE_TOKEN, string(expected.fenceToken()))
                        + " AND " + assign(PHASE, string(expected.phase())));
    }

    /** read_versioned: the row of one target key with its KeeperMap {@code _version}. */
    public static SqlStatement readVersioned(TableRef control, String targetKey) {
        return SqlStatement.read("SELECT " + ControlTableColumns.quotedNames() + ", " + identifier(VERSION) + " FROM "
                + control.render() + " WHERE " + assign(TARGET_KEY, string(targetKey)));
    }

    private static String assign(String column, String value) {
        return identifier(column) + " = " + value;
    }
}
