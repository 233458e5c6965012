package io.dpone.clickhouse.external.admission;

import io.dpone.clickhouse.external.member.ColumnDefinition;
import io.dpone.spi.error.DponeErrorCode;
import io.dpone.spi.error.DponeException;
import java.util.ArrayList;
import java.util.List;

/**
 * The columns of an existing target that an artifact is sealed with: the ones a member stores as
 * inserted, ordinary and {@code DEFAULT} columns, in position order. {@code ALIAS} and
 * {@code EPHEMERAL} columns store nothing (an alias is computed from stored columns when read, an
 * ephemeral value only feeds defaults), so they are left out: the source does not name them and
 * the insert does not fill them. A {@code MATERIALIZED} column stores a value each member computes
 * itself while inserting, which dpone can neither seal nor prove to be one value on every member,
 * so such a target is refused, as is a kind this version does not know, and a column with a TTL of
 * its own (a merge after it expires resets the stored value to the column's default, issue 19).
 * Pure.
 */
public final class TargetColumns {
    private TargetColumns() {}

    /**
     * @throws DponeException {@code CLICKHOUSE_CLUSTER_EXTERNAL_ENGINE_UNSUPPORTED} for a
     *     {@code MATERIALIZED} column, an unknown kind or a column TTL, naming the column's position only
     */
    public static List<ColumnDefinition> stored(List<ColumnDefinition> columns) {
        List<ColumnDefinition> stored = new ArrayList<>();
        for (int i = 0; i < columns.size(); i++) {
            ColumnDefinition column = columns.get(i);
            if (!column.ttl().isEmpty()) {
                throw new DponeException(
                        DponeErrorCode.CLICKHOUSE_CLUSTER_EXTERNAL_ENGINE_UNSUPPORTED,
                        "column " + (i + 1)
                                + " of the target has a TTL of its own: once it expires a merge resets its stored values, so"
                                + " published content would not stay the artifact");
            }
            switch (column.defaultKind()) {
                case "", "DEFAULT" -> stored.add(column);
                case "ALIAS", "EPHEMERAL" -> {
                    // stores nothing: not part of the artifact
                }
                default ->
                    throw new DponeException(
                            DponeErrorCode.CLICKHOUSE_CLUSTER_EXTERNAL_ENGINE_UNSUPPORTED,
                            "column " + (i + 1) + " of the target is "
                                    + (column.defaultKind().equals("MATERIALIZED")
                                            ? "MATERIALIZED: each member computes its value while inserting, so it can be neither sealed"
                                                    + " nor proven"
                                            : "of a kind external mode does not know (" + column.defaultKind() + ")"));
            }
        }
        return stored;
    }
}
