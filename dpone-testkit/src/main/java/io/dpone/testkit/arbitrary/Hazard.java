package io.dpone.testkit.arbitrary;

/** Evidence defects a generated fact set contains by construction. Any hazard must block DDL and cleanup. */
public enum Hazard {
    /** At least one replica's identity matches no mapping. */
    UNKNOWN_IDENTITY,
    /** At least one member could not be read. */
    UNAVAILABLE_MEMBER,
    /** An expected member is missing, duplicated, or an unexpected member is present. */
    PARTIAL_HOST_SET,
    /** The queue result (or a persisted receipt the decision needs) is unknown. */
    UNKNOWN_QUEUE
}
