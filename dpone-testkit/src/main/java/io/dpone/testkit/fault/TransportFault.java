package io.dpone.testkit.fault;

/** What the fault-injecting transport does to one call. */
public enum TransportFault {
    /** Pass the call through unchanged. */
    NONE,
    /** Do not call the delegate; report "not sent" (nothing executed). */
    FAIL_BEFORE_SEND,
    /** Call the delegate once, then discard its answer and report ambiguous (response lost). */
    LOSE_RESPONSE_AFTER_EXECUTE,
    /** Wait the plan's delay through the injected sleeper, then call the delegate once. */
    DELAY,
    /**
     * Call the delegate twice with the same statement and query id, as a hidden driver retry
     * would, and report the second answer; proves that duplicates are detected downstream.
     */
    REPEAT_SEND
}
