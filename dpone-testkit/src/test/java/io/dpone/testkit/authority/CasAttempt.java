package io.dpone.testkit.authority;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.authority.SlotWrite;
import io.dpone.clickhouse.cluster.contract.authority.AuthorityRecord;
import io.dpone.clickhouse.cluster.contract.authority.InternalSlotSchema;
import io.dpone.clickhouse.cluster.port.MutationOutcome;

/**
 * One compare_and_swap through the production adapter, with what the one-shot transport answered
 * and how many mutation requests it sent for it.
 *
 * @param worker which member and protocol sent it
 * @param expectedVersion the {@code _version} the CAS expected
 * @param written the record it asked for
 * @param result what the adapter concluded
 * @param answer the transport's outcome of the one mutation request, null unless exactly one was sent
 * @param sends mutation requests sent during the call (the spec allows exactly one)
 */
record CasAttempt(
        String worker,
        long expectedVersion,
        AuthorityRecord written,
        SlotWrite<AuthorityRecord> result,
        MutationOutcome answer,
        int sends,
        long startNanos,
        long endNanos) {

    CasAttempt {
        requireNonNull(worker, "worker is null");
        requireNonNull(written, "written is null");
        requireNonNull(result, "result is null");
    }

    /** The written row's payload digest: distinct for every attempt, so a read names the write it shows. */
    String payloadSha() {
        return InternalSlotSchema.INSTANCE.encode(written).payloadSha256();
    }

    boolean permitted() {
        return result instanceof SlotWrite.Verified<AuthorityRecord> verified
                && verified.dispatchPermit().isPresent();
    }

    boolean verified() {
        return result instanceof SlotWrite.Verified<AuthorityRecord>;
    }

    /** The result in a few words: verified (with or without a permit), or the conflict or unknown reason. */
    String summary() {
        if (result instanceof SlotWrite.Verified<AuthorityRecord>) {
            return permitted() ? "verified with permit" : "verified";
        }
        return result instanceof SlotWrite.Conflict<AuthorityRecord> conflict
                ? "conflict " + conflict.reason()
                : "unknown " + ((SlotWrite.Unknown<AuthorityRecord>) result).reason();
    }

    boolean covers(long nanos) {
        return startNanos <= nanos && nanos <= endNanos;
    }
}
