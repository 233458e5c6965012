package io.dpone.cli.command;

import static java.util.Objects.requireNonNull;

import io.dpone.cli.ExitCode;
import io.dpone.cli.HostContext;
import io.dpone.cli.render.JsonDocuments;
import io.dpone.spi.manifest.ManifestFormat;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;

/**
 * {@code dpone demo}: check and plan on the embedded default manifest (a copy of
 * fixtures/manifests/cluster-internal.yaml packed into the launcher), so a newcomer sees the main
 * job without writing a manifest.
 */
@Command(name = "demo", description = "Run check and plan on the embedded sample manifest.")
public final class DemoCommand implements Callable<Integer> {
    static final String EMBEDDED_MANIFEST = "/io/dpone/cli/demo/cluster-internal.yaml";

    private final HostContext host;

    public DemoCommand(HostContext host) {
        this.host = requireNonNull(host, "host is null");
    }

    @Override
    public Integer call() {
        Optional<AdmittedManifest> admitted = AdmittedManifest.decide(host, host.reader().read(embedded(), ManifestFormat.YAML));
        if (admitted.isEmpty()) {
            return ExitCode.INVALID_INPUT;
        }
        var document = JsonDocuments.object();
        document.put("manifest", "embedded:cluster-internal.yaml");
        document.set("check", JsonDocuments.checkSummary(admitted.get().decision()));
        document.set("plan", JsonDocuments.decision(admitted.get().decision()));
        host.out().println(JsonDocuments.pretty(document));
        return admitted.get().decision().blocked() ? ExitCode.BLOCKED : ExitCode.OK;
    }

    private static byte[] embedded() {
        try (InputStream in = DemoCommand.class.getResourceAsStream(EMBEDDED_MANIFEST)) {
            if (in == null) {
                throw new IllegalStateException("the launcher was built without its embedded manifest");
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
