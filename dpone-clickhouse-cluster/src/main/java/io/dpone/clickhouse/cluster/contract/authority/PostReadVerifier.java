package io.dpone.clickhouse.cluster.contract.authority;

import static java.util.Objects.requireNonNull;

import java.util.Objects;

/**
 * Judges the exact post-read that must follow an acknowledged create or CAS: the new operation,
 * fence, phase, epoch and payload digest (that is, the whole written row) at
 * {@code _version = expected}. Only {@link PostReadOutcome#VERIFIED} may lead to a dispatch permit,
 * and only for the caller that also holds the acknowledged write response. Pure and thread-safe.
 */
public final class PostReadVerifier {
    private PostReadVerifier() {}

    /**
     * @param written the row the caller wrote
     * @param expectedVersion 0 after create_if_absent, the read version + 1 after a CAS
     * @param observed the row read back, or null when the key was absent or the read failed
     */
    public static PostReadOutcome judge(AuthorityRow written, long expectedVersion, VersionedRow observed) {
        requireNonNull(written, "written is null");
        if (observed == null) {
            return PostReadOutcome.ROW_MISSING;
        }
        AuthorityRow row = observed.row();
        boolean sameOwner = Objects.equals(row.operationId(), written.operationId())
                && Objects.equals(row.fenceToken(), written.fenceToken())
                && Objects.equals(row.targetKey(), written.targetKey());
        if (observed.keeperVersion() < expectedVersion) {
            return PostReadOutcome.NOT_APPLIED;
        }
        if (observed.keeperVersion() > expectedVersion) {
            return PostReadOutcome.UNEXPECTED_VERSION;
        }
        if (!sameOwner) {
            return PostReadOutcome.FOREIGN_RECORD;
        }
        return row.equals(written) ? PostReadOutcome.VERIFIED : PostReadOutcome.WRITE_MISMATCH;
    }
}
