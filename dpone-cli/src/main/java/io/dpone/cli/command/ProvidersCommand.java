package io.dpone.cli.command;

import static java.util.Objects.requireNonNull;

import io.dpone.cli.ExitCode;
import io.dpone.cli.HostContext;
import io.dpone.cli.render.JsonDocuments;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;

/** {@code dpone providers}: lists the publication providers found on the module path. */
@Command(name = "providers", description = "List the publication providers found on the module path.")
public final class ProvidersCommand implements Callable<Integer> {
    private final HostContext host;

    public ProvidersCommand(HostContext host) {
        this.host = requireNonNull(host, "host is null");
    }

    @Override
    public Integer call() {
        host.out().println(JsonDocuments.pretty(JsonDocuments.providers(host.providers())));
        return ExitCode.OK.code();
    }
}
