package io.dpone.cli.progress;

import io.dpone.cli.HostContext;
import io.dpone.spi.publication.ProgressListener;
import java.util.Locale;

/**
 * Where a command shows a publisher's progress: a {@link TerminalProgress} on stderr when stderr is a
 * terminal (or {@code DPONE_PROGRESS=always}), otherwise nothing at all, so pipelines and tests never
 * see progress output. {@code DPONE_PROGRESS=never} turns it off on a terminal too.
 */
public interface ProgressDisplay extends ProgressListener, AutoCloseable {
    String MODE_VARIABLE = "DPONE_PROGRESS";
    String COLUMNS_VARIABLE = "COLUMNS";
    int DEFAULT_WIDTH = 80;

    ProgressDisplay NONE = () -> {};

    /** Ends the display; output after it starts on a fresh line. */
    @Override
    void close();

    static ProgressDisplay forHost(HostContext host) {
        String mode = host.variables().get(MODE_VARIABLE).orElse("auto").toLowerCase(Locale.ROOT);
        boolean shown = switch (mode) {
            case "always" -> true;
            case "never" -> false;
            default -> host.terminals().stderr();
        };
        return shown ? TerminalProgress.on(host.err(), width(host)) : NONE;
    }

    private static int width(HostContext host) {
        return host.variables()
                .get(COLUMNS_VARIABLE)
                .filter(text -> text.matches("[0-9]{2,4}"))
                .map(Integer::parseInt)
                .filter(columns -> columns >= 20)
                .orElse(DEFAULT_WIDTH);
    }
}
