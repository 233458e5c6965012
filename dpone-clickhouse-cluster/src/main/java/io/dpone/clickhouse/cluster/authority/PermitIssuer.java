package io.dpone.clickhouse.cluster.authority;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.authority.SlotWrite.ConflictReason;
import io.dpone.clickhouse.cluster.authority.SlotWrite.UnknownReason;
import io.dpone.clickhouse.cluster.contract.authority.PostReadOutcome;
import io.dpone.clickhouse.cluster.contract.authority.PostReadVerifier;
import io.dpone.clickhouse.cluster.contract.authority.SlotRecord;
import io.dpone.clickhouse.cluster.contract.authority.SlotSchema;
import io.dpone.clickhouse.cluster.contract.authority.VersionedRow;

/**
 * The only place a {@link DispatchPermit} is created. Package-private: {@link KeeperMapAuthority}
 * calls it once per mutation, and only after the transport acknowledged the write; an ambiguous
 * response never reaches here. Whatever the schema, a permit needs the exact post-read of the
 * written row at the expected version; the schema only says whether the write opened an epoch.
 */
final class PermitIssuer {
    private PermitIssuer() {}

    /**
     * Turns an acknowledged write and its exact post-read into the write's result.
     *
     * @param prior the record the CAS replaced, or null for create_if_absent
     * @param written the record written
     * @param expectedVersion 0 after create_if_absent, the read version + 1 after a CAS
     * @param observed the post-read, or null when the key could not be read back
     * @param sentAtNanos the writer's monotonic time just before the write was sent: a permit's age counts from there
     */
    static <R extends SlotRecord> SlotWrite<R> afterAcknowledgedWrite(
            SlotSchema<R> schema,
            R prior,
            R written,
            long expectedVersion,
            VersionedRow observed,
            PermitLifetime lifetime,
            long sentAtNanos) {
        requireNonNull(written, "written is null");
        PostReadOutcome outcome = PostReadVerifier.judge(schema.encode(written), expectedVersion, observed);
        return switch (outcome) {
            case VERIFIED ->
                new SlotWrite.Verified<>(
                        schema.opensDispatch(prior, written)
                                ? permit(schema, written, expectedVersion, lifetime, sentAtNanos)
                                : null,
                        new SlotVersion<>(written, expectedVersion));
            case NOT_APPLIED -> new SlotWrite.Conflict<>(ConflictReason.ZERO_ROW_NO_OP);
            case FOREIGN_RECORD -> new SlotWrite.Conflict<>(ConflictReason.FOREIGN_RECORD);
            case UNEXPECTED_VERSION -> new SlotWrite.Conflict<>(ConflictReason.UNEXPECTED_VERSION_JUMP);
            case WRITE_MISMATCH -> new SlotWrite.Unknown<>(UnknownReason.POST_READ_MISMATCH);
            case ROW_MISSING -> new SlotWrite.Unknown<>(UnknownReason.POST_READ_FAILED);
        };
    }

    private static <R extends SlotRecord> DispatchPermit permit(
            SlotSchema<R> schema, R written, long version, PermitLifetime lifetime, long sentAtNanos) {
        return new DispatchPermit(
                written.targetKey(),
                written.operationId(),
                written.fenceToken(),
                written.dispatchEpoch(),
                version,
                schema.dispatchToken(written)
                        .orElseThrow(
                                () -> new IllegalStateException("a write that opens a dispatch epoch names its token")),
                lifetime,
                sentAtNanos);
    }
}
