package io.dpone.cli;

import io.dpone.spi.receipt.PublicationOutcome;
import java.util.List;

/**
 * The launcher's exit codes: the one table every command's {@code --help}, the code and
 * docs/reference/cli.md ("Exit codes") are held to. Codes are stable; a command returns only the
 * codes {@link #of(String)} lists for it.
 */
public enum ExitCode {
    /** The command did what it was asked; for check/plan the request is statically admitted; publish committed. */
    OK(0, "success"),
    /** Static admission found at least one blocker; the decision names them. */
    BLOCKED(1, "blocked by static admission"),
    /** The manifest, the source file, the connection profile or the command line is wrong. */
    INVALID_INPUT(2, "invalid input (manifest, source file, connection, command line)"),
    /** A runtime failure with a stable code; the typed document is on stderr. */
    RUNTIME_FAILURE(3, "runtime failure with a stable code"),
    /** A defect in the host or a provider ({@code HOST_INTERNAL_ERROR}). */
    INTERNAL_ERROR(4, "internal error (HOST_INTERNAL_ERROR)"),
    /**
     * Publish: members are mixed and the original distributed-DDL entry is still in progress.
     * Rerun later with the same {@code --invocation-id}; the rerun waits for that entry, never a new one.
     */
    WAITING(5, "waiting: rerun later with the same --invocation-id"),
    /** Publish: members are mixed and the original entry is terminal; both generations are kept for an operator. */
    TERMINAL_PARTIAL(6, "terminal partial: follow the runbook"),
    /** Publish: the evidence proves no state; nothing is dispatched or cleaned on it; restore the evidence, then rerun. */
    UNKNOWN(7, "unknown: restore what the cause names, then rerun"),
    /** Publish: stopped before dispatch (e.g. cancelled); a rerun with the same {@code --invocation-id} resumes. */
    PREPARED(8, "prepared: stopped before dispatch; rerun to continue"),
    /** Publish (external mode): the operation ended before publication after exact owned cleanup; not success. */
    ABORTED(9, "aborted: nothing was published"),
    /**
     * Publish: the original entry failed on every member and no member changed; both generations are
     * kept for an operator (V1 never retries the publication statement).
     */
    FAILED(10, "failed on every member: follow the runbook");

    private final int code;
    private final String summary;

    ExitCode(int code, String summary) {
        this.code = code;
        this.summary = summary;
    }

    /** The process exit status. */
    public int code() {
        return code;
    }

    /** The one line {@code --help} shows for this code. */
    public String summary() {
        return summary;
    }

    /**
     * The codes {@code command} can end with, in order. Every command can end with a usage error (2)
     * and a defect (4); only publish ends with an outcome code (5-10).
     *
     * @throws IllegalArgumentException for a command the host does not have
     */
    public static List<ExitCode> of(String command) {
        return switch (command) {
            case "check", "plan", "status", "demo" ->
                List.of(OK, BLOCKED, INVALID_INPUT, RUNTIME_FAILURE, INTERNAL_ERROR);
            case "publish" -> List.of(values());
            case "seal" -> List.of(OK, INVALID_INPUT, RUNTIME_FAILURE, INTERNAL_ERROR);
            case "providers", "dpone" -> List.of(OK, INVALID_INPUT, INTERNAL_ERROR);
            default -> throw new IllegalArgumentException("no such command");
        };
    }

    /**
     * The exit code of a publication that ended in {@code outcome}.
     *
     * @throws IllegalArgumentException for {@link PublicationOutcome#NONE}, which only a status read reports
     */
    public static int forOutcome(PublicationOutcome outcome) {
        return switch (outcome) {
            case COMMITTED -> OK.code;
            case WAITING -> WAITING.code;
            case TERMINAL_PARTIAL -> TERMINAL_PARTIAL.code;
            case UNKNOWN -> UNKNOWN.code;
            case PREPARED -> PREPARED.code;
            case ABORTED -> ABORTED.code;
            case FAILED -> FAILED.code;
            case NONE -> throw new IllegalArgumentException("a publication never ends without an authority record");
        };
    }
}
