package io.dpone.testkit.modes.acceptance;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.sql.TableRef;
import io.dpone.clickhouse.internal.simulated.PublicationDriver;
import io.dpone.spi.decision.StaticAdmissionPolicy;
import io.dpone.spi.decision.StaticDecision;
import io.dpone.spi.error.DponeException;
import io.dpone.spi.manifest.ManifestFormat;
import io.dpone.spi.manifest.ManifestReadResult;
import io.dpone.spi.manifest.ManifestReader;
import io.dpone.spi.manifest.SinkManifest;
import io.dpone.spi.publication.Cancellation;
import io.dpone.spi.publication.ClusterConnection;
import io.dpone.spi.publication.HostEnvironment;
import io.dpone.spi.publication.ProgressListener;
import io.dpone.spi.publication.PublicationContext;
import io.dpone.spi.publication.PublicationRequest;
import io.dpone.spi.publication.PublicationStrategyProvider;
import io.dpone.spi.publication.Publisher;
import io.dpone.spi.publication.Secret;
import io.dpone.spi.publication.StatusRequest;
import io.dpone.spi.receipt.LivePlan;
import io.dpone.spi.source.PublicationSource;
import io.dpone.testkit.acceptance.Attempt;
import io.dpone.testkit.acceptance.ScenarioFailure;
import io.dpone.testkit.cluster.Credentials;
import io.dpone.testkit.cluster.MemberEndpoint;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import java.util.ServiceLoader;

/**
 * A publication made the way {@code dpone publish} makes it, without the command line: a manifest
 * read by the SPI's reader, the static admission policy over the providers found on the class or
 * module path, the selected provider's {@code createPublisher} (for internal mode the production
 * composition root, which wires the real adapters and the platform's fixed control facade), and a
 * {@link ClusterConnection} the host resolved: one member's endpoint and the publication
 * principal. The password travels only inside the connection's {@link Secret}.
 */
final class HostPublication {
    private HostPublication() {}

    static Attempt publish(
            String cluster,
            TableRef target,
            MemberEndpoint member,
            Credentials principal,
            String invocation,
            PublicationSource source) {
        Publisher publisher = publisher(cluster, target);
        try {
            return new Attempt.Receipt(publisher.publish(new PublicationRequest(
                    invocation,
                    requireNonNull(source, "source"),
                    connection(member, principal),
                    Cancellation.NEVER,
                    ProgressListener.NONE)));
        } catch (DponeException refused) {
            return new Attempt.Refused(refused);
        }
    }

    /** {@code dpone plan --live --invocation-id invocation}, through the same composition root. */
    static LivePlan preview(
            String cluster, TableRef target, MemberEndpoint member, Credentials principal, String invocation) {
        return publisher(cluster, target)
                .preview(new StatusRequest(connection(member, principal), Optional.of(invocation)));
    }

    private static Publisher publisher(String cluster, TableRef target) {
        SinkManifest manifest = manifest(cluster, target);
        StaticAdmissionPolicy policy = new StaticAdmissionPolicy(providers());
        StaticDecision decision = policy.decide(manifest, HostEnvironment.empty());
        if (!decision.selected()) {
            throw new ScenarioFailure("static admission did not select a provider: " + decision.blockers());
        }
        return policy.providerFor(decision.replicationMode().orElseThrow())
                .orElseThrow(() -> new ScenarioFailure("a selected decision has no provider"))
                .createPublisher(new PublicationContext(manifest, decision, HostEnvironment.empty()));
    }

    private static ClusterConnection connection(MemberEndpoint member, Credentials principal) {
        return new ClusterConnection(
                member.host(),
                member.httpPort(),
                member.nativePort(),
                false,
                principal.user(),
                Secret.of(principal.password()));
    }

    /** The internal-mode manifest of {@code fixtures/manifests/cluster-internal.yaml}, for this cluster and target. */
    static SinkManifest manifest(String cluster, TableRef target) {
        String yaml = String.join(
                "\n",
                "sink:",
                "  target:",
                "    database: " + target.database(),
                "    table: " + target.table(),
                "  strategy:",
                "    mode: full_refresh",
                "    max_source_bytes: 1073741824",
                "  options:",
                "    staging: target_local",
                "    physical_design:",
                "      storage:",
                "        clickhouse:",
                "          engine: " + PublicationDriver.ENGINE,
                "          cluster:",
                "            name: " + cluster,
                "            ddl_scope: cluster",
                "            replication_mode: internal",
                "");
        ManifestReadResult read = new ManifestReader().read(yaml.getBytes(StandardCharsets.UTF_8), ManifestFormat.YAML);
        if (read instanceof ManifestReadResult.Rejected rejected) {
            throw new ScenarioFailure("the scenario's manifest was rejected: " + rejected.violations());
        }
        return ((ManifestReadResult.Accepted) read).manifest();
    }

    private static List<PublicationStrategyProvider> providers() {
        return ServiceLoader.load(PublicationStrategyProvider.class).stream()
                .map(ServiceLoader.Provider::get)
                .toList();
    }
}
