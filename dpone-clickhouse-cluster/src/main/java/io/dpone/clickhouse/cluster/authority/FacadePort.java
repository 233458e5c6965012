package io.dpone.clickhouse.cluster.authority;

import io.dpone.clickhouse.cluster.contract.digest.Digest;
import io.dpone.clickhouse.cluster.port.CatalogRead;
import java.util.List;

/**
 * Reads the KeeperMap control facade of every member through the one admitted connection (spec
 * section 1): per member whether the control table exists, its {@code engine_full} and columns,
 * the strict-mode and prevalidation capabilities, and the target slot with its {@code _version}
 * as that member reads it. Every member is read through {@code clusterAllReplicas} with
 * {@code skip_unavailable_shards = 0}, and each answer names its member by that member's own
 * {@code is_local} {@code system.clusters} row, as the catalog reads do. The slot is read only
 * when every answering member has the table (otherwise {@code Present.slot()} is empty and the
 * verdict never compares slots). Facts only; {@link io.dpone.clickhouse.cluster.authority.FacadeRules}
 * judges them against the admitted inventory. Reads only. Thread-safe.
 * The adapter is {@link io.dpone.clickhouse.cluster.catalog.StrictFacadeAdapter}.
 */
public interface FacadePort {
    /** One observation per answering member (duplicates kept), or why the read failed as a whole. */
    CatalogRead<List<FacadeObservation>> observe(String cluster, FacadeSpec spec, Digest targetKey);
}
