package io.dpone.clickhouse.external.authority;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.contract.authority.DdlBinding;
import io.dpone.clickhouse.cluster.contract.authority.FenceToken;
import io.dpone.clickhouse.cluster.contract.ddl.DdlAction;
import io.dpone.clickhouse.cluster.contract.digest.Digest;
import java.util.EnumSet;
import java.util.Set;

/**
 * One target slot's external record, schema {@value ExternalCodecV1#SCHEMA}: the typed CAS columns
 * (target key, operation, fence, phase, dispatch epoch; the Keeper version is the row's) plus the
 * payload. The constructor enforces every phase invariant, so no inconsistent record can be built
 * or decoded:
 * <ul>
 *   <li>LOCKED binds nothing but the plan and inventory;</li>
 *   <li>STAGING binds the artifact and the member map; no DDL;</li>
 *   <li>STAGED and later: every member READY with the artifact's content digest, and the
 *       candidate definition bound;</li>
 *   <li>PUBLICATION_DISPATCHING carries the publication token of its epoch (EXCHANGE with a
 *       target, RENAME without); COMMITTED and later carry its receipt and every member
 *       COMMITTED;</li>
 *   <li>CLEANUP_DISPATCHING needs a target and a DROP token of its epoch; COMPLETED has the
 *       cleanup receipt exactly when there was a target, and every member cleaned;</li>
 *   <li>ABORTED carries no DDL and no member with a live candidate.</li>
 * </ul>
 */
public record ExternalRecord(
        Digest targetKey,
        Digest operationId,
        FenceToken fenceToken,
        ExternalPhase phase,
        long dispatchEpoch,
        ExternalPayload payload)
        implements ExternalSlot {
    private static final Set<ExternalPhase> PROVEN = EnumSet.of(
            ExternalPhase.STAGED,
            ExternalPhase.PUBLICATION_DISPATCHING,
            ExternalPhase.COMMITTED,
            ExternalPhase.CLEANUP_DISPATCHING,
            ExternalPhase.COMPLETED);

    public ExternalRecord {
        requireNonNull(targetKey, "targetKey is null");
        requireNonNull(operationId, "operationId is null");
        requireNonNull(fenceToken, "fenceToken is null");
        requireNonNull(phase, "phase is null");
        requireNonNull(payload, "payload is null");
        if (dispatchEpoch < 0) {
            throw new IllegalArgumentException("dispatchEpoch must be non-negative");
        }
        if (payload.artifact() != null && !payload.artifact().belongsTo(operationId)) {
            throw new IllegalArgumentException("the generation id is derived from this operation");
        }
        if ((payload.abortCode() != null) != (phase == ExternalPhase.ABORTED)) {
            throw new IllegalArgumentException("an abort code is bound exactly in ABORTED");
        }
        requireTokens(operationId, payload);
        requireBindings(phase, payload);
        requireMembers(phase, payload);
        requireDdl(phase, dispatchEpoch, payload);
    }

    @Override
    public String phaseName() {
        return phase.name();
    }

    private static void requireTokens(Digest operationId, ExternalPayload payload) {
        DdlBinding publication = payload.publication();
        if (publication != null) {
            DdlAction expected = payload.absentTarget() ? DdlAction.RENAME : DdlAction.EXCHANGE;
            require(publication.token().action() == expected, "publication action does not fit the target shape");
            require(publication.token().operationId().equals(operationId), "publication token names another operation");
        }
        DdlBinding cleanup = payload.cleanup();
        if (cleanup != null) {
            require(cleanup.token().action() == DdlAction.DROP, "cleanup action must be DROP");
            require(cleanup.token().operationId().equals(operationId), "cleanup token names another operation");
        }
    }

    private static void requireBindings(ExternalPhase phase, ExternalPayload payload) {
        if (phase == ExternalPhase.LOCKED) {
            require(
                    payload.artifact() == null
                            && payload.targetDefinition() == null
                            && payload.members().isEmpty(),
                    "LOCKED binds no artifact, baseline or member");
        } else if (phase != ExternalPhase.ABORTED) {
            require(payload.artifact() != null && !payload.members().isEmpty(), "an artifact and members are bound");
        }
        require(
                (payload.candidateDefinition() != null) == PROVEN.contains(phase),
                "the candidate definition is bound exactly from STAGED on");
    }

    private static void requireMembers(ExternalPhase phase, ExternalPayload payload) {
        for (MemberRecord member : payload.members()) {
            if (PROVEN.contains(phase)) {
                require(
                        member.stage() == MemberStage.READY
                                && member.contentDigest()
                                        .equals(payload.artifact().contentDigest()),
                        "every member holds exactly the artifact's content");
            } else if (phase == ExternalPhase.ABORTED) {
                require(
                        member.stage() == MemberStage.PENDING || member.stage() == MemberStage.DISCARDED,
                        "an aborted operation keeps no candidate");
            } else {
                require(member.stage() != MemberStage.DISCARDED, "only ABORTED discards");
            }
            boolean published = phase == ExternalPhase.COMMITTED
                    || phase == ExternalPhase.CLEANUP_DISPATCHING
                    || phase == ExternalPhase.COMPLETED;
            require(
                    (member.publication() == PublicationMark.COMMITTED) == published,
                    "members are COMMITTED exactly from COMMITTED on");
            require(
                    (member.cleanup() != CleanupMark.NOT_DONE) == (phase == ExternalPhase.COMPLETED),
                    "members are cleaned exactly in COMPLETED");
        }
    }

    private static void requireDdl(ExternalPhase phase, long epoch, ExternalPayload payload) {
        DdlBinding publication = payload.publication();
        DdlBinding cleanup = payload.cleanup();
        switch (phase) {
            case LOCKED, STAGING, STAGED, ABORTED ->
                require(publication == null && cleanup == null, phase + " carries no DDL");
            case PUBLICATION_DISPATCHING -> {
                require(
                        publication != null && cleanup == null,
                        "PUBLICATION_DISPATCHING carries only the publication DDL");
                require(publication.token().dispatchEpoch() == epoch, "publication token epoch differs");
            }
            case COMMITTED ->
                require(
                        publication != null && publication.hasReceipt() && cleanup == null,
                        "COMMITTED has the publication receipt and no cleanup");
            case CLEANUP_DISPATCHING -> {
                require(publication != null && publication.hasReceipt(), "cleanup needs the publication receipt");
                require(!payload.absentTarget(), "cleanup needs a predecessor");
                require(cleanup != null && cleanup.token().dispatchEpoch() == epoch, "cleanup token epoch differs");
            }
            case COMPLETED -> {
                require(publication != null && publication.hasReceipt(), "COMPLETED needs the publication receipt");
                boolean cleaned = cleanup != null && cleanup.hasReceipt();
                require(payload.absentTarget() ? cleanup == null : cleaned, "COMPLETED cleanup receipt mismatch");
            }
        }
    }

    private static void require(boolean condition, String message) {
        if (!condition) {
            throw new IllegalArgumentException(message);
        }
    }

    @Override
    public String toString() {
        return "ExternalRecord[phase=" + phase + ", epoch=" + dispatchEpoch + "]";
    }
}
