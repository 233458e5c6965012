package io.dpone.clickhouse.cluster.authority;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.authority.CasResult.ConflictReason;
import io.dpone.clickhouse.cluster.authority.CasResult.UnknownReason;
import io.dpone.clickhouse.cluster.contract.authority.AuthorityCodecV1;
import io.dpone.clickhouse.cluster.contract.authority.AuthorityRecord;
import io.dpone.clickhouse.cluster.contract.authority.DdlBinding;
import io.dpone.clickhouse.cluster.contract.phase.AuthorityPhase;
import io.dpone.clickhouse.cluster.contract.authority.PostReadOutcome;
import io.dpone.clickhouse.cluster.contract.authority.PostReadVerifier;
import io.dpone.clickhouse.cluster.contract.authority.VersionedRow;

/**
 * The only place a {@link DispatchPermit} is created. Package-private: the KeeperMap authority
 * adapter calls it once per mutation, and only after the transport acknowledged the write; an
 * ambiguous response never reaches here and is {@link CasResult.OutcomeUnknown} in the adapter.
 */
final class PermitIssuer {
    private PermitIssuer() {
    }

    /**
     * Turns an acknowledged write and its exact post-read into the CAS result.
     *
     * @param prior the record the CAS replaced, or null for create_if_absent
     * @param written the record written
     * @param expectedVersion 0 after create_if_absent, the read version + 1 after a CAS
     * @param observed the post-read, or null when the key could not be read back
     */
    static CasResult afterAcknowledgedWrite(AuthorityRecord prior, AuthorityRecord written, long expectedVersion,
            VersionedRow observed) {
        requireNonNull(written, "written is null");
        PostReadOutcome outcome = PostReadVerifier.judge(AuthorityCodecV1.INSTANCE.encode(written), expectedVersion, observed);
        return switch (outcome) {
            case VERIFIED -> new CasResult.AcknowledgedVerified(
                    opensDispatchEpoch(prior, written) ? permit(written, expectedVersion) : null,
                    new VersionedRecord(written, expectedVersion));
            case NOT_APPLIED -> new CasResult.Conflict(ConflictReason.ZERO_ROW_NO_OP);
            case FOREIGN_RECORD -> new CasResult.Conflict(ConflictReason.FOREIGN_RECORD);
            case UNEXPECTED_VERSION -> new CasResult.Conflict(ConflictReason.UNEXPECTED_VERSION_JUMP);
            case WRITE_MISMATCH -> new CasResult.OutcomeUnknown(UnknownReason.POST_READ_MISMATCH);
            case ROW_MISSING -> new CasResult.OutcomeUnknown(UnknownReason.POST_READ_FAILED);
        };
    }

    private static boolean opensDispatchEpoch(AuthorityRecord prior, AuthorityRecord written) {
        return prior != null
                && written.phase().startsDispatchEpoch()
                && written.phase() != prior.phase()
                && written.dispatchEpoch() == prior.dispatchEpoch() + 1;
    }

    private static DispatchPermit permit(AuthorityRecord written, long version) {
        DdlBinding binding = written.phase() == AuthorityPhase.DISPATCHING
                ? written.payload().publication() : written.payload().cleanup();
        return new DispatchPermit(written.targetKey(), written.operationId(), written.fenceToken(), written.dispatchEpoch(),
                version, binding.token());
    }
}
