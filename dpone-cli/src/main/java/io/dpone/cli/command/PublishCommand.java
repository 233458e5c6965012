package io.dpone.cli.command;

import static java.util.Objects.requireNonNull;

import io.dpone.cli.ExitCode;
import io.dpone.cli.HostContext;
import io.dpone.cli.render.JsonDocuments;
import io.dpone.spi.decision.StaticDecision;
import io.dpone.spi.error.DponeErrorCode;
import io.dpone.spi.error.DponeException;
import io.dpone.spi.publication.Cancellation;
import io.dpone.spi.publication.ClusterConnection;
import io.dpone.spi.publication.ProgressListener;
import io.dpone.spi.publication.PublicationContext;
import io.dpone.spi.publication.PublicationRequest;
import io.dpone.spi.publication.Secret;
import io.dpone.spi.source.PublicationSource;
import java.util.List;
import io.dpone.spi.publication.PublicationStrategyProvider;
import io.dpone.spi.receipt.PublicationReceipt;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/**
 * {@code dpone publish -m FILE}: static admission, then the selected provider's publisher, exactly
 * once. The receipt goes to stdout; any failure is one typed document on stderr with stdout empty.
 * A {@link DponeException} from the publisher propagates to the host's handler (exit 3).
 */
@Command(name = "publish", description = "Publish after static admission (exit 0 published, 1 blocked, 2 invalid, 3 runtime failure).")
public final class PublishCommand implements Callable<Integer> {
    private final HostContext host;

    @Mixin
    private ManifestOption manifest;

    public PublishCommand(HostContext host) {
        this.host = requireNonNull(host, "host is null");
    }

    @Override
    public Integer call() {
        Optional<AdmittedManifest> admitted = manifest.decide(host);
        if (admitted.isEmpty()) {
            return ExitCode.INVALID_INPUT;
        }
        StaticDecision decision = admitted.get().decision();
        if (decision.blocked()) {
            host.err().println(JsonDocuments.compact(JsonDocuments.blocked(decision)));
            return ExitCode.BLOCKED;
        }
        PublicationStrategyProvider provider = host.policy().providerFor(decision.replicationMode().orElseThrow())
                .orElseThrow(() -> new DponeException(DponeErrorCode.HOST_INTERNAL_ERROR, "a selected decision has no provider"));
        PublicationContext context = new PublicationContext(admitted.get().manifest(), decision, host.environment());
        // Transitional: the source, invocation id and connection options arrive with issue 11's host work.
        PublicationReceipt receipt = provider.createPublisher(context).publish(new PublicationRequest("transitional",
                new PublicationSource.Rows(List.of(), List.of()),
                new ClusterConnection("127.0.0.1", 8123, 9000, false, "default", Secret.empty()),
                Cancellation.NEVER, ProgressListener.NONE));
        host.out().println(JsonDocuments.pretty(JsonDocuments.receipt(receipt)));
        return ExitCode.OK;
    }
}
