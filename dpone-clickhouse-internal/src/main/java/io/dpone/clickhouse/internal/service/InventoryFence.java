package io.dpone.clickhouse.internal.service;

import io.dpone.clickhouse.cluster.contract.authority.AuthorityRecord;
import io.dpone.clickhouse.cluster.engine.Ending;
import io.dpone.spi.error.DponeErrorCode;
import io.dpone.spi.receipt.PublicationOutcome;
import java.util.Optional;

/**
 * "Inventory-digest drift fences the operation" (spec sections 1 and 5): the cluster admitted for
 * this invocation must be the one bound in PREPARED before anything is dispatched, reconciled or
 * cleaned. A member removed after COMMITTED would otherwise let cleanup complete on a smaller host
 * set. {@code dpone status} applies the same fence, so it reports what a rerun would.
 */
final class InventoryFence {
    private InventoryFence() {}

    /** The runbook section an operator follows when this fence holds a record. */
    static final String RUNBOOK = "docs/runbook/operator-recovery.md, 'Inventory drift after PREPARED (internal mode)'";

    /** Empty when the admitted inventory is the recorded one; else an unknown conclusion that sends nothing. */
    static Optional<Ending> check(AdmittedCluster cluster, AuthorityRecord record, String step) {
        if (record.payload().inventoryDigest().equals(cluster.inventoryDigest())) {
            return Optional.empty();
        }
        return Optional.of(Ending.of(
                PublicationOutcome.UNKNOWN,
                DponeErrorCode.CLICKHOUSE_CLUSTER_INVENTORY_INCOMPLETE,
                "the cluster inventory differs from the one bound in PREPARED, so " + step + " is fenced; nothing was"
                        + " sent; drift is never rebuilt or overwritten automatically; restore the bound membership and"
                        + " run the same invocation again, or follow " + RUNBOOK));
    }
}
