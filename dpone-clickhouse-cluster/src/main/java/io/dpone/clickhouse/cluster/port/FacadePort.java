package io.dpone.clickhouse.cluster.port;

import io.dpone.clickhouse.cluster.authority.FacadeObservation;
import io.dpone.clickhouse.cluster.authority.FacadeSpec;
import io.dpone.clickhouse.cluster.contract.digest.Digest;
import java.util.List;

/**
 * Reads the KeeperMap control facade of every member through the one admitted connection (seed
 * section 1): per member whether the control table exists, its {@code engine_full} and columns,
 * the strict-mode and prevalidation capabilities, and the target slot with its {@code _version}
 * as that member reads it. Facts only; {@link io.dpone.clickhouse.cluster.authority.FacadeRules}
 * judges them against the admitted inventory. Reads only. Thread-safe.
 */
public interface FacadePort {
    /** One observation per answering member (duplicates kept), or why the read failed as a whole. */
    CatalogRead<List<FacadeObservation>> observe(String cluster, FacadeSpec spec, Digest targetKey);
}
