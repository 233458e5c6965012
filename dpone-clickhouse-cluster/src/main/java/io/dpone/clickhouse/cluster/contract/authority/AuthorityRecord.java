package io.dpone.clickhouse.cluster.contract.authority;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.contract.ddl.DdlAction;
import io.dpone.clickhouse.cluster.contract.digest.Digest;
import io.dpone.clickhouse.cluster.contract.phase.AuthorityPhase;

/**
 * One target slot's authority record: the typed CAS columns plus the payload. The constructor
 * enforces the phase invariants, so no inconsistent record can be built or decoded:
 * <ul>
 *   <li>PREPARED has no publication and no cleanup DDL;</li>
 *   <li>DISPATCHING has a publication DDL whose token carries the record's dispatch epoch;</li>
 *   <li>COMMITTED and later have a publication receipt;</li>
 *   <li>CLEANUP_* need a predecessor and a cleanup DDL whose token carries the dispatch epoch;</li>
 *   <li>COMPLETED with a predecessor has a cleanup receipt;</li>
 *   <li>every token names this operation; publication is EXCHANGE with a predecessor, RENAME
 *       without; cleanup is DROP.</li>
 * </ul>
 */
public record AuthorityRecord(
        Digest targetKey,
        Digest operationId,
        FenceToken fenceToken,
        AuthorityPhase phase,
        long dispatchEpoch,
        AuthorityPayload payload)
        implements SlotRecord {
    public AuthorityRecord {
        requireNonNull(targetKey, "targetKey is null");
        requireNonNull(operationId, "operationId is null");
        requireNonNull(fenceToken, "fenceToken is null");
        requireNonNull(phase, "phase is null");
        requireNonNull(payload, "payload is null");
        if (dispatchEpoch < 0) {
            throw new IllegalArgumentException("dispatchEpoch must be non-negative");
        }
        requireTokens(operationId, payload);
        requirePhaseInvariants(phase, dispatchEpoch, payload);
    }

    @Override
    public String phaseName() {
        return phase.name();
    }

    private static void requireTokens(Digest operationId, AuthorityPayload payload) {
        DdlBinding publication = payload.publication();
        if (publication != null) {
            DdlAction expected = payload.predecessor() == null ? DdlAction.RENAME : DdlAction.EXCHANGE;
            require(publication.token().action() == expected, "publication action does not fit the target shape");
            require(publication.token().operationId().equals(operationId), "publication token names another operation");
        }
        DdlBinding cleanup = payload.cleanup();
        if (cleanup != null) {
            require(cleanup.token().action() == DdlAction.DROP, "cleanup action must be DROP");
            require(cleanup.token().operationId().equals(operationId), "cleanup token names another operation");
        }
    }

    private static void requirePhaseInvariants(AuthorityPhase phase, long epoch, AuthorityPayload payload) {
        DdlBinding publication = payload.publication();
        DdlBinding cleanup = payload.cleanup();
        switch (phase) {
            case PREPARED -> require(publication == null && cleanup == null, "PREPARED carries no DDL");
            case DISPATCHING -> {
                require(publication != null && cleanup == null, "DISPATCHING carries only the publication DDL");
                require(publication.token().dispatchEpoch() == epoch, "publication token epoch differs");
            }
            case COMMITTED -> {
                require(publication != null && publication.hasReceipt(), "COMMITTED needs a publication receipt");
                require(cleanup == null, "COMMITTED carries no cleanup DDL");
            }
            case CLEANUP_DISPATCHING, CLEANUP_PENDING -> {
                require(publication != null && publication.hasReceipt(), "cleanup needs a publication receipt");
                require(payload.predecessor() != null, "cleanup needs a predecessor");
                require(cleanup != null && cleanup.token().dispatchEpoch() == epoch, "cleanup token epoch differs");
            }
            case COMPLETED -> {
                require(publication != null && publication.hasReceipt(), "COMPLETED needs a publication receipt");
                boolean cleaned = cleanup != null && cleanup.hasReceipt();
                require(
                        payload.predecessor() == null ? cleanup == null : cleaned,
                        "COMPLETED cleanup receipt mismatch");
            }
        }
    }

    private static void require(boolean condition, String message) {
        if (!condition) {
            throw new IllegalArgumentException(message);
        }
    }
}
