package io.dpone.clickhouse.cluster.contract.digest;

import static java.util.Objects.requireNonNull;

/**
 * The operation-id field of the correlation tokens of setup statements that belong to no
 * publication operation: the capability probe and the control-facade bootstrap. Both are derived,
 * never random, so a later invocation can recompute them: every bootstrap token of one facade
 * starts with the same {@code dpone-ch-v1.<facade bootstrap id>.bootstrap.} prefix, which is how
 * an in-flight or finished bootstrap is found again. Part of protocol V1
 * (docs/reference/protocol-contracts.md, "Digest formulas"); pure and thread-safe.
 */
public final class SetupDigests {
    private SetupDigests() {}

    /** Digest of (cluster, inventory digest): the operation id of a capability probe. */
    public static Digest probeOperation(String cluster, Digest inventoryDigest) {
        requireNonNull(cluster, "cluster is null");
        requireNonNull(inventoryDigest, "inventoryDigest is null");
        return CanonicalEncoder.forDomain(Sha256ProtocolDigests.TAG_PREFIX + "probe-operation")
                .text(cluster)
                .text(inventoryDigest.hex())
                .sha256();
    }

    /**
     * Digest of (cluster, control database, control table, Keeper root): the operation id shared by
     * every bootstrap of one control facade.
     */
    public static Digest facadeBootstrap(
            String cluster, String controlDatabase, String controlTable, String keeperRoot) {
        requireNonNull(cluster, "cluster is null");
        requireNonNull(controlDatabase, "controlDatabase is null");
        requireNonNull(controlTable, "controlTable is null");
        requireNonNull(keeperRoot, "keeperRoot is null");
        return CanonicalEncoder.forDomain(Sha256ProtocolDigests.TAG_PREFIX + "facade-bootstrap")
                .text(cluster)
                .text(controlDatabase)
                .text(controlTable)
                .text(keeperRoot)
                .sha256();
    }
}
