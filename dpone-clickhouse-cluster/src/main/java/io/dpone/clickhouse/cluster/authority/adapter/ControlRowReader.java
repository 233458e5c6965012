package io.dpone.clickhouse.cluster.authority.adapter;

import static io.dpone.clickhouse.cluster.sql.ControlTableColumns.DISPATCH_EPOCH;
import static io.dpone.clickhouse.cluster.sql.ControlTableColumns.FENCE_TOKEN;
import static io.dpone.clickhouse.cluster.sql.ControlTableColumns.OPERATION_ID;
import static io.dpone.clickhouse.cluster.sql.ControlTableColumns.PAYLOAD;
import static io.dpone.clickhouse.cluster.sql.ControlTableColumns.PAYLOAD_SHA256;
import static io.dpone.clickhouse.cluster.sql.ControlTableColumns.PHASE;
import static io.dpone.clickhouse.cluster.sql.ControlTableColumns.TARGET_KEY;
import static io.dpone.clickhouse.cluster.sql.ControlTableColumns.VERSION;

import io.dpone.clickhouse.cluster.contract.authority.AuthorityRow;
import io.dpone.clickhouse.cluster.contract.authority.VersionedRow;
import io.dpone.clickhouse.cluster.sql.ReadResult;
import java.math.BigInteger;
import java.util.List;
import java.util.Optional;

/**
 * Reads a versioned control row out of a read answer. Cells that do not have their column's shape
 * become NULL in the {@link AuthorityRow}, so the codec (not this reader) decides that the record
 * blocks. Pure.
 */
final class ControlRowReader {
    private static final List<String> COLUMNS =
            List.of(TARGET_KEY, OPERATION_ID, FENCE_TOKEN, PHASE, DISPATCH_EPOCH, PAYLOAD, PAYLOAD_SHA256, VERSION);

    private ControlRowReader() {}

    /** The single row of a read_versioned answer: empty when absent, null-free shape or failure text. */
    static Shape read(ReadResult result) {
        if (!result.columns().equals(COLUMNS)) {
            return new Shape.Unexpected("answer does not have the control-table columns");
        }
        if (result.size() == 0) {
            return new Shape.Rows(Optional.empty());
        }
        if (result.size() > 1) {
            return new Shape.Unexpected("more than one row for one target key");
        }
        Object version = result.value(0, VERSION);
        if (!(version instanceof Long keeperVersion) || keeperVersion < 0) {
            return new Shape.Unexpected("_version is not a non-negative integer");
        }
        AuthorityRow row = new AuthorityRow(
                text(result, TARGET_KEY),
                text(result, OPERATION_ID),
                text(result, FENCE_TOKEN),
                text(result, PHASE),
                integer(result.value(0, DISPATCH_EPOCH)),
                text(result, PAYLOAD),
                text(result, PAYLOAD_SHA256));
        return new Shape.Rows(Optional.of(new VersionedRow(row, keeperVersion)));
    }

    private static String text(ReadResult result, String column) {
        return result.value(0, column) instanceof String value ? value : null;
    }

    private static BigInteger integer(Object cell) {
        if (cell instanceof Long value) {
            return BigInteger.valueOf(value);
        }
        return cell instanceof BigInteger value ? value : null;
    }

    /** What a read answer holds. */
    sealed interface Shape {
        record Rows(Optional<VersionedRow> row) implements Shape {}

        record Unexpected(String summary) implements Shape {}
    }
}
