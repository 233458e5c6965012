package io.dpone.spi.error;

/** What an operator must do about an error; stable, part of the public contract. */
public enum ErrorType {
    /** The manifest or invocation is wrong; fix the input. Nothing was mutated. */
    USER_ERROR,
    /** Admission refused the request before any mutation; the topology or capability must change. */
    BLOCKED,
    /** Publication state is unresolved, partial or unproven; follow the recovery runbook. Nothing is cleaned up automatically. */
    OPERATOR_REQUIRED,
    /** A defect in dpone itself; report it. */
    INTERNAL
}
