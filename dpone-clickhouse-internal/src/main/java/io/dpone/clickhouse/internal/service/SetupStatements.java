package io.dpone.clickhouse.internal.service;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.contract.ddl.DdlCorrelationToken;
import io.dpone.clickhouse.cluster.contract.ddl.QueueStatus;
import io.dpone.clickhouse.cluster.contract.inventory.HostEndpoint;
import io.dpone.clickhouse.cluster.ddl.DdlPort;
import io.dpone.clickhouse.cluster.ddl.DispatchAnswers;
import io.dpone.clickhouse.cluster.ddl.QueueEntryResolver;
import io.dpone.clickhouse.cluster.ddl.QueueResolution;
import io.dpone.clickhouse.cluster.invocation.Invocation;
import io.dpone.clickhouse.cluster.port.DdlDispatch;
import io.dpone.clickhouse.cluster.port.SetupDdl;
import java.util.Optional;
import java.util.Set;

/**
 * Sends one setup statement (the operation's own candidate creation or discard) exactly once and
 * proves it from its queue entry: success only when the entry bound by the token is terminal
 * success on every expected host within the bound. Any other evidence is a failure reason; the
 * statement is never sent again in this invocation.
 */
final class SetupStatements {
    private final DdlPort ddl;

    SetupStatements(DdlPort ddl) {
        this.ddl = requireNonNull(ddl, "ddl is null");
    }

    /** Empty on proven success on every host; otherwise the stable reason it is not proven. */
    Optional<String> run(
            SetupDdl statement,
            DdlCorrelationToken token,
            Set<HostEndpoint> hosts,
            Invocation<InternalEvidence> invocation) {
        DdlDispatch dispatch = ddl.dispatchSetup(statement, token);
        if (dispatch instanceof DdlDispatch.NotSent) {
            return Optional.of("not sent");
        }
        if (dispatch instanceof DdlDispatch.PermitRefused refused) {
            return Optional.of("refused before sending: " + refused.reason());
        }
        String answer = DispatchAnswers.describe(((DdlDispatch.Sent) dispatch).answer());
        QueueResolution resolution =
                invocation.queue().resolve(statement.expected(token), hosts, QueueEntryResolver.Until.TERMINAL);
        if (resolution instanceof QueueResolution.Unknown unknown) {
            return Optional.of("queue entry " + unknown.cause() + ", initiator " + answer);
        }
        QueueStatus outcome = ((QueueResolution.Bound) resolution).outcome();
        return outcome == QueueStatus.TERMINAL_SUCCESS
                ? Optional.empty()
                : Optional.of("queue entry " + outcome + ", initiator " + answer);
    }
}
