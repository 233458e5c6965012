package io.dpone.cli;

import io.dpone.spi.receipt.PublicationOutcome;

/** The launcher's exit codes. Stable and documented in docs/reference/cli.md. */
public final class ExitCode {
    /** The command did what it was asked; for check/plan the request is statically admitted; publish committed. */
    public static final int OK = 0;
    /** Static admission found at least one blocker; the decision names them. */
    public static final int BLOCKED = 1;
    /** The manifest, the source file, the connection profile or the command line is wrong. */
    public static final int INVALID_INPUT = 2;
    /** A runtime failure with a stable code; the typed document is on stderr. */
    public static final int RUNTIME_FAILURE = 3;
    /** A defect in the host or a provider ({@code HOST_INTERNAL_ERROR}). */
    public static final int INTERNAL_ERROR = 4;
    /**
     * Publish: members are mixed and the original distributed-DDL entry is still in progress.
     * Rerun later with the same {@code --invocation-id}; the rerun waits for that entry, never a new one.
     */
    public static final int WAITING = 5;
    /** Publish: members are mixed and the original entry is terminal; both generations are kept for an operator. */
    public static final int TERMINAL_PARTIAL = 6;
    /** Publish: the evidence proves no state; nothing is dispatched or cleaned on it; restore the evidence, then rerun. */
    public static final int UNKNOWN = 7;
    /** Publish: stopped before dispatch (e.g. cancelled); a rerun with the same {@code --invocation-id} resumes. */
    public static final int PREPARED = 8;
    /** Publish (external mode): the operation ended before publication after exact owned cleanup; not success. */
    public static final int ABORTED = 9;
    /**
     * Publish: the original entry failed on every member and no member changed; both generations are
     * kept for an operator (V1 never retries the publication statement).
     */
    public static final int FAILED = 10;

    private ExitCode() {
    }

    /**
     * The exit code of a publication that ended in {@code outcome}.
     *
     * @throws IllegalArgumentException for {@link PublicationOutcome#NONE}, which only a status read reports
     */
    public static int forOutcome(PublicationOutcome outcome) {
        return switch (outcome) {
            case COMMITTED -> OK;
            case WAITING -> WAITING;
            case TERMINAL_PARTIAL -> TERMINAL_PARTIAL;
            case UNKNOWN -> UNKNOWN;
            case PREPARED -> PREPARED;
            case ABORTED -> ABORTED;
            case FAILED -> FAILED;
            case NONE -> throw new IllegalArgumentException("a publication never ends without an authority record");
        };
    }
}
