package io.dpone.cli;

/**
 * Whether the host's stdout and stderr reach a person at a terminal. Progress and human summaries
 * appear only on a terminal; documents are the same either way.
 */
public record Terminals(boolean stdout, boolean stderr) {
    /** Neither stream is a terminal: what tests and pipelines see. */
    public static final Terminals NONE = new Terminals(false, false);

    /**
     * The JDK (17) only says whether the process has a console, i.e. standard input and output are
     * both a terminal; stderr is taken to be one exactly then. {@code DPONE_PROGRESS=always} shows
     * progress anyway when stdout is redirected (see docs/reference/cli.md).
     */
    public static Terminals detect() {
        boolean console = System.console() != null;
        return new Terminals(console, console);
    }
}
