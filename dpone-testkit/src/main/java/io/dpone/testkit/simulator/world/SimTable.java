package io.dpone.testkit.simulator.world;

import io.dpone.testkit.simulator.ColumnSpec;
import io.dpone.testkit.simulator.EngineSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * One table object on one member. Its name lives in the member's catalog, so EXCHANGE and RENAME
 * move the object (UUID, data, replication identity) between names, as Atomic databases do
 * ({@code DatabaseAtomic.cpp}). Fields are mutable only for drift injection.
 */
public final class SimTable {
    public UUID uuid;
    /** The stored definition; {@code {uuid}}, {@code {shard}}, {@code {replica}} unexpanded. */
    public EngineSpec engine;

    public String engineName;
    public String engineFull;
    public List<ColumnSpec> columns;
    /** Replicated only: the expanded path and replica name, as {@code system.replicas} shows them. */
    public String zookeeperPath;

    public String replicaName;
    /** Replicated only: this replica's replication state. */
    public ReplicaState replica;
    /** Non-replicated MergeTree only. */
    public long localRows;
    /**
     * Non-replicated MergeTree only: the typed values of the rows a direct member insert wrote
     * (external mode), each by column name, in insertion order. They are counted in
     * {@link #localRows}; rows a fixture added by count alone carry no values.
     */
    public final List<Map<String, Object>> typedRows = new ArrayList<>();

    SimTable(UUID uuid, EngineSpec engine, String engineFull, List<ColumnSpec> columns) {
        this.uuid = uuid;
        this.engine = engine;
        this.engineName = engine.name();
        this.engineFull = engineFull;
        this.columns = List.copyOf(columns);
    }

    public boolean replicated() {
        return engine instanceof EngineSpec.Replicated;
    }

    public String keeperMapRoot() {
        return engine instanceof EngineSpec.KeeperMap keeperMap ? keeperMap.root() : null;
    }

    /** {@code count()} on this member. */
    public long rows() {
        return replicated() ? replica.rows : localRows;
    }

    /** {@code name type} of every column joined by {@code ", "}, as the facade read prints them. */
    public String typedColumns() {
        StringBuilder out = new StringBuilder();
        for (ColumnSpec column : columns) {
            out.append(out.length() == 0 ? "" : ", ")
                    .append(column.name())
                    .append(' ')
                    .append(column.type());
        }
        return out.toString();
    }
}
