package io.dpone.cli;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dpone.cli.render.HumanErrors;
import io.dpone.cli.render.JsonDocuments;
import java.io.PrintWriter;

/**
 * Where a command's typed error document goes: one JSON line on stderr for pipes and schedulers,
 * or, for a person at a terminal, the code, the message, what to do and the page to read. The
 * format is {@link Format#HUMAN} exactly when stderr is a terminal, unless {@code --errors} names
 * one (docs/reference/cli.md, "Errors"). Both forms carry the same value-free texts.
 */
public final class ErrorReporter {
    /** How an error document is written. */
    public enum Format {
        HUMAN,
        JSON
    }

    private final PrintWriter err;
    private volatile Format format;

    ErrorReporter(PrintWriter err, Format format) {
        this.err = requireNonNull(err, "err is null");
        this.format = requireNonNull(format, "format is null");
    }

    /** The format a host whose streams reach {@code terminals} uses until {@code --errors} says otherwise. */
    static Format defaultFor(Terminals terminals) {
        return terminals.stderr() ? Format.HUMAN : Format.JSON;
    }

    /** {@code --errors human|json}: chosen by the person, whatever the streams are. */
    void use(Format chosen) {
        format = requireNonNull(chosen, "chosen is null");
    }

    public Format format() {
        return format;
    }

    /** Writes one typed error document ({@code {"error": {...}}}) to stderr. */
    public void report(ObjectNode document) {
        err.println(format == Format.JSON ? JsonDocuments.compact(document) : HumanErrors.render(document));
        err.flush();
    }
}
