package io.dpone.cli;

import io.dpone.cli.render.JsonDocuments;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.ServiceConfigurationError;

/** Process entry point of the {@code dpone} launcher. */
public final class DponeMain {
    private DponeMain() {}

    public static void main(String[] args) {
        PrintWriter out = new PrintWriter(System.out, true, StandardCharsets.UTF_8);
        PrintWriter err = new PrintWriter(System.err, true, StandardCharsets.UTF_8);
        InterruptCancellation cancellation = InterruptCancellation.install();
        int exit = ExitCode.INTERNAL_ERROR.code();
        try {
            HostContext host = new HostContext(
                    HostContext.discoverProviders(),
                    HostVariables.of(System.getenv()),
                    Terminals.detect(),
                    cancellation,
                    out,
                    err);
            exit = Dpone.run(args, host);
        } catch (RuntimeException | ServiceConfigurationError e) {
            // A provider that cannot be loaded is a defect, reported as a typed document, not a trace.
            err.println(JsonDocuments.compact(JsonDocuments.internalError(e)));
            exit = ExitCode.INTERNAL_ERROR.code();
        } finally {
            out.flush();
            err.flush();
            // Even an Error on its way out must release the shutdown hook, or the exit would wait its grace period.
            cancellation.finished(exit);
        }
        System.exit(exit);
    }
}
