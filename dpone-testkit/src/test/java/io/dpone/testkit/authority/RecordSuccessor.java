package io.dpone.testkit.authority;

import io.dpone.clickhouse.cluster.contract.authority.AuthorityPayload;
import io.dpone.clickhouse.cluster.contract.authority.AuthorityRecord;
import io.dpone.clickhouse.cluster.contract.authority.DdlBinding;
import io.dpone.clickhouse.cluster.contract.ddl.DdlAction;
import io.dpone.clickhouse.cluster.contract.ddl.DdlCorrelationToken;
import io.dpone.clickhouse.cluster.contract.ddl.QueueStatus;
import io.dpone.clickhouse.cluster.contract.ddl.RandomBits;
import io.dpone.clickhouse.cluster.contract.phase.AuthorityPhase;
import java.security.SecureRandom;
import java.util.concurrent.atomic.AtomicLong;

/**
 * An allowed V1 successor of any record {@link AuthorityRecords} starts, so a test can CAS one slot
 * again and again from whatever version it observes: PREPARED -> DISPATCHING -> DISPATCHING with
 * the entry bound -> COMMITTED -> CLEANUP_DISPATCHING, then CLEANUP_PENDING and CLEANUP_DISPATCHING
 * (a new epoch each time) forever. Every record it makes is distinct from every other (its
 * {@code updatedAt} moves forward by a global sequence), so a read identifies which write
 * produced the row it shows.
 */
final class RecordSuccessor {
    private static final RandomBits RANDOM = RandomBits.from(new SecureRandom());
    private static final AtomicLong SEQUENCE = new AtomicLong();

    private RecordSuccessor() {}

    static AuthorityRecord of(AuthorityRecord current) {
        AuthorityPayload payload = current.payload();
        DdlBinding publication = payload.publication();
        return switch (current.phase()) {
            case PREPARED ->
                next(
                        current,
                        AuthorityPhase.DISPATCHING,
                        current.dispatchEpoch() + 1,
                        DdlBinding.dispatched(token(current, DdlAction.EXCHANGE, current.dispatchEpoch() + 1)),
                        null);
            case DISPATCHING ->
                publication.entry() == null
                        ? next(
                                current,
                                AuthorityPhase.DISPATCHING,
                                current.dispatchEpoch(),
                                new DdlBinding(
                                        publication.token(),
                                        "query-" + String.format("%010d", SEQUENCE.incrementAndGet()),
                                        AuthorityRecords.digest("entry-" + SEQUENCE.incrementAndGet()),
                                        null),
                                null)
                        : next(
                                current,
                                AuthorityPhase.COMMITTED,
                                current.dispatchEpoch(),
                                new DdlBinding(
                                        publication.token(),
                                        publication.entry(),
                                        publication.queryDigest(),
                                        QueueStatus.TERMINAL_SUCCESS),
                                null);
            case COMMITTED, CLEANUP_PENDING ->
                next(
                        current,
                        AuthorityPhase.CLEANUP_DISPATCHING,
                        current.dispatchEpoch() + 1,
                        publication,
                        DdlBinding.dispatched(token(current, DdlAction.DROP, current.dispatchEpoch() + 1)));
            case CLEANUP_DISPATCHING ->
                next(current, AuthorityPhase.CLEANUP_PENDING, current.dispatchEpoch(), publication, payload.cleanup());
            case COMPLETED -> throw new IllegalArgumentException("the chain never reaches COMPLETED");
        };
    }

    private static DdlCorrelationToken token(AuthorityRecord current, DdlAction action, long epoch) {
        return DdlCorrelationToken.issue(current.operationId(), action, epoch, RANDOM);
    }

    private static AuthorityRecord next(
            AuthorityRecord current, AuthorityPhase phase, long epoch, DdlBinding publication, DdlBinding cleanup) {
        AuthorityPayload p = current.payload();
        AuthorityPayload payload = new AuthorityPayload(
                p.planDigest(),
                p.inventoryDigest(),
                p.predecessor(),
                p.desired(),
                p.candidateTable(),
                p.stagedRowCount(),
                publication,
                cleanup,
                p.createdAt(),
                p.updatedAt().plusMillis(SEQUENCE.incrementAndGet()),
                p.error(),
                p.capabilityInventoryDigest());
        return new AuthorityRecord(
                current.targetKey(), current.operationId(), current.fenceToken(), phase, epoch, payload);
    }
}
