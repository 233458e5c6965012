package io.dpone.clickhouse.external.simulated;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.external.artifact.ColumnType;
import io.dpone.clickhouse.external.member.MemberSession;
import io.dpone.clickhouse.external.member.MemberSessions;
import io.dpone.clickhouse.external.member.ResolvedEndpoint;
import io.dpone.clickhouse.external.nativeproto.InsertBlockBound;
import io.dpone.clickhouse.external.nativeproto.NativeMemberSessions;
import io.dpone.testkit.simulator.ports.PortContext;
import io.dpone.testkit.simulator.world.SimMember;
import java.time.Duration;
import java.util.Optional;

/**
 * The simulated {@link MemberSessions} of one worker (external mode): a session reaches the member
 * whose {@code system.clusters} endpoint is the resolved one, directly, not through the worker's
 * coordinator member; an endpoint no member listens on refuses every call. What the native
 * transport cannot carry is what the production one cannot carry ({@link NativeMemberSessions}'s
 * own rule, so the service refuses the same artifacts here as on real members).
 */
public final class SimMemberSessions implements MemberSessions {
    /** Only its value rules are used; it opens no connection. */
    private static final MemberSessions NATIVE_LIMITS = new NativeMemberSessions(
            "default", "simulated", "", Duration.ofSeconds(1), Duration.ofSeconds(1), () -> "unused", 1);

    private final PortContext context;
    private final InsertBlockBound blockBound;

    public SimMemberSessions(PortContext context, int batchRows) {
        this.context = requireNonNull(context, "context is null");
        this.blockBound = new InsertBlockBound(batchRows, NativeMemberSessions.MAX_BLOCK_BYTES);
    }

    @Override
    public MemberSession session(ResolvedEndpoint endpoint) {
        requireNonNull(endpoint, "endpoint is null");
        SimMember reached = context.world().members().stream()
                .filter(member ->
                        member.endpoint.host().equals(endpoint.host()) && member.endpoint.port() == endpoint.port())
                .findFirst()
                .orElse(null);
        return new SimMemberSession(context, reached, blockBound);
    }

    @Override
    public Optional<String> refusal(ColumnType type, Object value) {
        return NATIVE_LIMITS.refusal(type, value);
    }
}
