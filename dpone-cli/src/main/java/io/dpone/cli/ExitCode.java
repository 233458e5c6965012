package io.dpone.cli;

/** The launcher's exit codes. Stable and documented in docs/reference/cli.md. */
public final class ExitCode {
    /** The command did what it was asked; for check/plan the request is statically admitted. */
    public static final int OK = 0;
    /** Static admission found at least one blocker; the decision names them. */
    public static final int BLOCKED = 1;
    /** The manifest is unreadable or schema-invalid, or the command line is wrong. */
    public static final int INVALID_INPUT = 2;
    /** A runtime failure with a stable code; the typed document is on stderr. */
    public static final int RUNTIME_FAILURE = 3;
    /** A defect in the host or a provider ({@code HOST_INTERNAL_ERROR}). */
    public static final int INTERNAL_ERROR = 4;

    private ExitCode() {
    }
}
