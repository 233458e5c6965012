package io.dpone.clickhouse.cluster.contract.authority;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.contract.digest.Digest;
import java.util.Optional;

/**
 * The bounded cost of the synthetic capability assertion (spec section 4 preflight): one proof per
 * inventory digest, recorded in the authority payload as {@code capability_inventory_digest}. A
 * target whose slot already records a proof for the current inventory needs no new probe; any
 * change of inventory (a member added, moved or renamed) needs one. The slot's phase does not
 * matter: a proof is a fact about the cluster, not about an operation. Pure and thread-safe.
 */
public final class CapabilityProofs {
    private CapabilityProofs() {}

    /**
     * True unless {@code slot} records a capability proof for exactly {@code currentInventoryDigest}.
     * An absent slot, a record without a proof, or a proof for another inventory all need a probe.
     */
    public static boolean needsCapabilityProof(Optional<AuthorityRecord> slot, Digest currentInventoryDigest) {
        return carried(slot, currentInventoryDigest).isEmpty();
    }

    /**
     * The proof a new operation's PREPARED record may carry over from {@code slot}: present only
     * when the slot's proof is for {@code currentInventoryDigest}.
     */
    public static Optional<Digest> carried(Optional<AuthorityRecord> slot, Digest currentInventoryDigest) {
        requireNonNull(slot, "slot is null");
        requireNonNull(currentInventoryDigest, "currentInventoryDigest is null");
        return slot.map(record -> record.payload().capabilityInventoryDigest()).filter(currentInventoryDigest::equals);
    }
}
