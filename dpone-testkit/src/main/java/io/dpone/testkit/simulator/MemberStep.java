package io.dpone.testkit.simulator;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.sql.TableRef;
import java.util.Optional;
import java.util.UUID;

/**
 * One member about to apply a statement sent over a direct member session
 * ({@link StepObserver#beforeMemberApplies}, external mode): the worker that sent it, the member,
 * the call ({@link PortCall#MEMBER_CREATE}, {@link PortCall#MEMBER_DROP} or
 * {@link PortCall#MEMBER_INSERT}), the table it names, and the UUID of the table under that name
 * now (empty when there is none). A request that reached a paused member is applied when it
 * resumes, and observed then.
 */
public record MemberStep(String worker, int member, PortCall call, TableRef table, Optional<UUID> present) {
    public MemberStep {
        requireNonNull(worker, "worker is null");
        requireNonNull(call, "call is null");
        requireNonNull(table, "table is null");
        requireNonNull(present, "present is null");
        if (!call.isMemberSession() || !call.isMutation()) {
            throw new IllegalArgumentException("a member step is a direct member mutation");
        }
    }
}
