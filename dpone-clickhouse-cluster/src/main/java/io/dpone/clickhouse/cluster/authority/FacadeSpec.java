package io.dpone.clickhouse.cluster.authority;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.sql.ControlTableColumns;
import io.dpone.clickhouse.cluster.sql.SqlQuoting;
import io.dpone.clickhouse.cluster.sql.TableRef;

/**
 * The expected control facade: the table, its Keeper root (relative to the server's
 * {@code keeper_map_path_prefix}), the {@code engine_full} every member must report and the V1
 * columns in order, as {@code system.columns} prints them.
 */
public record FacadeSpec(TableRef control, String keeperRoot) {
    /**
     * The platform's fixed control facade, {@code dpone_control.publication_authority} on Keeper
     * root {@code dpone/publication_authority} (under the server's {@code keeper_map_path_prefix}).
     * Both modes use it, so one target has one slot whatever its mode; there is deliberately no
     * manifest key for it.
     */
    public static final FacadeSpec PLATFORM =
            new FacadeSpec(new TableRef("dpone_control", "publication_authority"), "dpone/publication_authority");

    public FacadeSpec {
        requireNonNull(control, "control is null");
        requireNonNull(keeperRoot, "keeperRoot is null");
        if (keeperRoot.isBlank()) {
            throw new IllegalArgumentException("keeperRoot is blank");
        }
    }

    /** {@code KeeperMap('<root>') PRIMARY KEY target_key}, the server's normalised engine_full. */
    public String engineFull() {
        return "KeeperMap(" + SqlQuoting.string(keeperRoot) + ") PRIMARY KEY " + ControlTableColumns.TARGET_KEY;
    }

    /** {@code name type} pairs joined by {@code ", "}, in table order. */
    public String columns() {
        return String.join(", ", ControlTableColumns.typedColumns());
    }
}
