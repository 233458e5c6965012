package io.dpone.testkit.simulator;

/**
 * A {@code system.distributed_ddl_queue} host row no ClickHouse 24.8 server produces, for proving
 * that such evidence stays unknown. On 24.8 {@code status} is an {@code Enum8} that is filled for
 * every row, {@code exception_code} is a {@code UInt16}, and a {@code Finished} row always carries
 * the code and text parsed from the host's {@code finished/} node ({@code ExecutionStatus::fromText});
 * the exception columns are NULL exactly when the row is not Finished (semantics note, section 2).
 * These rows can therefore only come from a changed system table, a corrupted read or a future
 * server, and only the simulator injects them.
 */
public enum HostRowDamage {
    /** {@code Finished} with NULL {@code exception_code} and {@code exception_text}. */
    FINISHED_WITH_NULL_EXCEPTION,
    /** {@code Finished} with code 0 but a non-empty text: neither success nor failure. */
    FINISHED_WITH_CONTRADICTORY_EXCEPTION,
    /** {@code Active} with an exception code and text, which only Finished rows carry. */
    ACTIVE_WITH_EXCEPTION,
    /** A cell of an unexpected type (for example a non-integer exception code): the reader marks the row ill-typed. */
    UNPARSEABLE_CELL,
    /** {@code status} NULL. */
    NULL_STATUS,
    /** A status outside the pinned five ({@code Inactive, Active, Finished, Removing, Unknown}). */
    UNRECOGNIZED_STATUS
}
