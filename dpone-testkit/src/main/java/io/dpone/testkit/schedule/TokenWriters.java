package io.dpone.testkit.schedule;

import io.dpone.clickhouse.cluster.contract.ddl.DdlCorrelationToken;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * For the checkers' "a dispatch carries a token only an acknowledged CAS wrote": which write first
 * carried each DDL token in an authority row, and whether that write's answer reached its worker
 * as an acknowledgement. A token seen right after a write took effect belongs to that write and is
 * pending until its answer arrives (a slow answer or a paused worker delays it); a token seen at any
 * other step came from no answered write (a request applied in the background) and never counts.
 */
final class TokenWriters {
    private enum State {
        PENDING,
        ACKNOWLEDGED,
        UNACKNOWLEDGED
    }

    private final Map<String, State> tokens = new HashMap<>();
    private final Map<String, List<String>> pendingByQuery = new HashMap<>();

    /** The tokens in {@code payload} first seen now: written by {@code writerQueryId}, or by no answered write when null. */
    void learn(String payload, String writerQueryId) {
        for (int at = payload.indexOf(DdlCorrelationToken.PREFIX);
                at >= 0;
                at = payload.indexOf(DdlCorrelationToken.PREFIX, at + 1)) {
            int end = payload.indexOf('"', at);
            String token = payload.substring(at, end < 0 ? payload.length() : end);
            if (tokens.putIfAbsent(token, writerQueryId == null ? State.UNACKNOWLEDGED : State.PENDING) == null
                    && writerQueryId != null) {
                pendingByQuery
                        .computeIfAbsent(writerQueryId, q -> new ArrayList<>())
                        .add(token);
            }
        }
    }

    /** The write {@code queryId}'s answer reached its worker. */
    void answered(String queryId, boolean acknowledged) {
        List<String> pending = pendingByQuery.remove(queryId);
        if (pending != null) {
            pending.forEach(token -> tokens.put(token, acknowledged ? State.ACKNOWLEDGED : State.UNACKNOWLEDGED));
        }
    }

    /** Null when no write carried {@code token}; true only when its writer heard an acknowledgement. */
    Boolean acknowledged(String token) {
        State state = tokens.get(token);
        return state == null ? null : state == State.ACKNOWLEDGED;
    }
}
