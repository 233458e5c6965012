package io.dpone.testkit.arbitrary;

/**
 * What a generated replica observation was built to be. The label comes from construction, not
 * from any classifier, so property suites can judge an implementation independently.
 */
public enum ReplicaPlan {
    PENDING,
    COMMITTED,
    CLEANUP_PENDING,
    /** Built so that no mapping of either shape matches it. */
    UNKNOWN_IDENTITY,
    /** The member could not be read. */
    UNAVAILABLE
}
