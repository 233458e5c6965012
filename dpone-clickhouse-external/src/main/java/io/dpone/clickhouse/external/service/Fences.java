package io.dpone.clickhouse.external.service;

import io.dpone.clickhouse.cluster.contract.inventory.HostEndpoint;
import io.dpone.clickhouse.cluster.engine.Ending;
import io.dpone.clickhouse.external.authority.ExternalRecord;
import io.dpone.clickhouse.external.authority.MemberRecord;
import io.dpone.spi.error.DponeErrorCode;
import io.dpone.spi.receipt.PublicationOutcome;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;

/**
 * Drift that fences a pre-publication operation (spec 001: "Inventory drift changes the inventory
 * digest and fences the existing operation; it does not authorize a second operation"): the fenced
 * inventory snapshot (members and resolved endpoints) and, once bound, the baseline of every
 * member's target must be exactly what the record holds. Drift is never rebuilt or overwritten and
 * nothing is sent under it; what the operation does instead ({@link FencedAbort}: the safe abort, or
 * staying fenced when it cannot be proven safe) the caller decides. The messages say only what
 * changed. Pure.
 */
final class Fences {
    private Fences() {}

    static Optional<Ending> inventory(ExternalRecord record, AdmittedMembers cluster) {
        if (record.payload().inventoryDigest().equals(cluster.inventoryDigest())) {
            return Optional.empty();
        }
        return Optional.of(Ending.of(
                PublicationOutcome.UNKNOWN,
                DponeErrorCode.CLICKHOUSE_CLUSTER_EXTERNAL_INVENTORY_INCOMPLETE,
                "the inventory (members or their resolved endpoints) changed since the operation bound it; nothing was"
                        + " sent under the changed inventory"));
    }

    /** The inventory, then the target baseline bound at STAGING. */
    static Optional<Ending> staging(ExternalRecord record, AdmittedMembers cluster) {
        Optional<Ending> inventory = inventory(record, cluster);
        if (inventory.isPresent()) {
            return inventory;
        }
        boolean same = Objects.equals(
                record.payload().targetDefinition(), cluster.target().orElse(null));
        for (MemberRecord member : record.payload().members()) {
            HostEndpoint endpoint =
                    cluster.of(member).map(AdmittedMembers.Member::endpoint).orElse(null);
            UUID now = endpoint == null ? null : cluster.targetUuids().get(endpoint);
            same &= endpoint != null && Objects.equals(now, member.targetUuid());
        }
        if (same) {
            return Optional.empty();
        }
        return Optional.of(Ending.of(
                PublicationOutcome.UNKNOWN,
                DponeErrorCode.CLICKHOUSE_CLUSTER_GENERATION_UNKNOWN,
                "a member's target is no longer the baseline the operation bound (or the member is gone); nothing was"
                        + " published"));
    }
}
