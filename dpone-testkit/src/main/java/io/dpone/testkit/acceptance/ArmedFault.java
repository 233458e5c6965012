package io.dpone.testkit.acceptance;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.sql.StatementKind;

/** A fault a scenario arms before it runs a worker; each fires at the first matching statement after it was armed. */
public sealed interface ArmedFault {
    /** The server applies the statement and its answer is lost (every mutation kind, DDL included). */
    record LoseResponse(StatementKind kind) implements ArmedFault {
        public LoseResponse {
            requireNonNull(kind, "kind is null");
        }
    }

    /** The statement's queue entry fails with {@code code} on one host (a terminal host error). */
    record FailOnHost(int member, StatementKind kind, int code) implements ArmedFault {
        public FailOnHost {
            requireNonNull(kind, "kind is null");
        }
    }

    /** The statement is enqueued twice, as a hidden client retry would: two entries carry one token. */
    record DuplicateEntry(StatementKind kind) implements ArmedFault {
        public DuplicateEntry {
            requireNonNull(kind, "kind is null");
        }
    }

    /** Right before the statement is sent, a member's process freezes (it stays frozen until resumed). */
    record PauseBefore(int member, StatementKind kind) implements ArmedFault {
        public PauseBefore {
            requireNonNull(kind, "kind is null");
        }
    }

    /** Right before the statement is sent, a member's DDL worker is held up (it still answers reads). */
    record StallDdlBefore(int member, StatementKind kind) implements ArmedFault {
        public StallDdlBefore {
            requireNonNull(kind, "kind is null");
        }
    }

    /** The worker dies right before sending the statement (nothing of it is sent). */
    record CrashBefore(String worker, StatementKind kind) implements ArmedFault {
        public CrashBefore {
            requireNonNull(worker, "worker is null");
            requireNonNull(kind, "kind is null");
        }
    }
}
