package io.dpone.clickhouse.cluster.contract.generation;

import static java.util.Objects.requireNonNull;

/**
 * What one replica's catalog shows under one table name. {@link Indeterminate} covers every
 * observation that is neither a clean absence nor one complete identity (duplicate catalog rows,
 * missing replication row, a field that could not be read); it always classifies as unknown.
 */
public sealed interface TableObservation {
    /** No table of that name exists on the replica. */
    record Absent() implements TableObservation {}

    /** Exactly one table exists and its complete identity was read. */
    record Present(GenerationIdentity identity) implements TableObservation {
        public Present {
            requireNonNull(identity, "identity is null");
        }
    }

    /** The catalog could not prove either absence or one identity. */
    record Indeterminate(String reason) implements TableObservation {
        public Indeterminate {
            requireNonNull(reason, "reason is null");
        }
    }

    static TableObservation absent() {
        return new Absent();
    }

    static TableObservation present(GenerationIdentity identity) {
        return new Present(identity);
    }
}
