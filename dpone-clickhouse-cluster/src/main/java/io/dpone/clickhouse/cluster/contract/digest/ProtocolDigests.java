package io.dpone.clickhouse.cluster.contract.digest;

import io.dpone.clickhouse.cluster.contract.generation.GenerationIdentity;
import io.dpone.clickhouse.cluster.contract.generation.ReplicaGeneration;
import io.dpone.clickhouse.cluster.contract.inventory.ClusterInventory;
import java.util.Collection;

/**
 * The protocol's identities and digests. Every implementation must be deterministic, independent
 * of the order of collection inputs, and sensitive to every semantic field; the testkit suite
 * {@code ProtocolDigestsContract} checks exactly that. {@link Sha256ProtocolDigests} is the V1
 * encoding every participant must agree on; implementations are stateless and thread-safe.
 */
public interface ProtocolDigests {
    /** Digest of (cluster, database, target): the authority slot key. */
    Digest targetKey(QualifiedTarget target);

    /** Digest of (protocol version, scheduler invocation identity, plan digest, cluster, database, target). */
    Digest operationId(OperationInputs inputs);

    /** Digest of the cluster name and every member row, independent of row order. */
    Digest inventory(ClusterInventory inventory);

    /** Digest of one generation identity. */
    Digest generation(GenerationIdentity identity);

    /** Digest of per-replica observations of one table, independent of row order. */
    Digest observedGenerations(Collection<ReplicaGeneration> observations);

    /** Digest of a distributed-DDL queue entry's normalized query text. */
    Digest ddlQuery(String normalizedQuery);
}
