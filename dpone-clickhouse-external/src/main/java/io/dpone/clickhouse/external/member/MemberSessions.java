package io.dpone.clickhouse.external.member;

import io.dpone.clickhouse.external.artifact.ColumnType;
import java.util.Optional;

/** Opens {@link MemberSession}s to resolved endpoints (the native adapter, or a test's). Thread-safe. */
@FunctionalInterface
public interface MemberSessions {
    MemberSession session(ResolvedEndpoint endpoint);

    /**
     * Why a sealed {@code value} of {@code type} cannot be carried to a member by these sessions,
     * or empty. The service asks for every artifact value before any member mutation, so a value
     * the transport cannot carry ends the operation before a candidate exists.
     */
    default Optional<String> refusal(ColumnType type, Object value) {
        return Optional.empty();
    }

    /**
     * How many members these sessions may stage at once, each on its own thread (at least 1). The
     * default, 1, stages members one after another on the caller's thread: sessions that are not
     * thread-safe (the simulator's, bound to its worker thread) keep it.
     */
    default int concurrentMembers() {
        return 1;
    }
}
