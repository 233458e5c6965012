package io.dpone.spi.receipt;

import static java.util.Objects.requireNonNull;

import io.dpone.spi.error.DponeErrorCode;
import io.dpone.spi.manifest.ReplicationMode;
import java.util.Map;
import java.util.Optional;

/**
 * {@code dpone plan --live}: what {@code publish} would do on the cluster now, read without any
 * mutation. {@code detail} is the mode's versioned body (inventory, target identity per member,
 * the authority record and whose it is, facade and capability state, the statements as they would
 * be sent), JSON-shaped like a receipt's and held to the same rule: no hostname, address,
 * credential, row value or local path.
 *
 * @param blocker the stable code that would stop {@code publish}; present exactly for {@link Action#BLOCKED}
 */
public record LivePlan(
        String schema,
        ReplicationMode replicationMode,
        Action action,
        Optional<DponeErrorCode> blocker,
        Map<String, Object> detail) {
    /** What {@code publish} with the same invocation id would do next. */
    public enum Action {
        /** Start a new operation: stage a candidate, take the slot, publish, clean up. */
        NEW_OPERATION,
        /** Continue the invocation's own unfinished operation from its record's phase. */
        RESUME,
        /** The invocation's operation is already complete: no statement would be sent. */
        NOTHING,
        /** A blocker stops it before any mutation (or, for an own operation, before any further DDL). */
        BLOCKED
    }

    public LivePlan {
        requireNonNull(schema, "schema is null");
        requireNonNull(replicationMode, "replicationMode is null");
        requireNonNull(action, "action is null");
        requireNonNull(blocker, "blocker is null");
        if ((action == Action.BLOCKED) != blocker.isPresent()) {
            throw new IllegalArgumentException("a blocker explains exactly the BLOCKED action");
        }
        detail = DetailTree.freeze(requireNonNull(detail, "detail is null"));
    }
}
