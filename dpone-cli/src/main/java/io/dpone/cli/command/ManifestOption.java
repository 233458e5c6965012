package io.dpone.cli.command;

import com.fasterxml.jackson.databind.JsonNode;
import io.dpone.cli.ExitCode;
import io.dpone.cli.HostContext;
import io.dpone.cli.render.JsonDocuments;
import io.dpone.spi.decision.StaticDecision;
import io.dpone.spi.error.DponeException;
import io.dpone.spi.publication.ClusterConnection;
import java.nio.file.Path;
import java.util.Optional;
import java.util.function.Function;
import picocli.CommandLine.Option;

/**
 * The {@code -m FILE} option shared by every command that reads a manifest, and the one way those
 * commands turn it into a static decision, so check, plan, publish and status cannot drift apart.
 */
public final class ManifestOption {
    @Option(
            names = {"-m", "--manifest"},
            required = true,
            paramLabel = "FILE",
            description = "Manifest (.yaml, .yml or .json).")
    private Path manifest;

    /** Reads the manifest and applies the shared static admission policy; empty when it is invalid (already reported). */
    Optional<AdmittedManifest> decide(HostContext host) {
        return AdmittedManifest.decide(host, ManifestFiles.read(manifest, host.reader()));
    }

    /**
     * The commands that reach a cluster (publish, status): the admitted manifest, or the exit code
     * after reporting why not on stderr (2 invalid; 1 blocked, with the decision in the document).
     */
    RuntimeAdmission admitForRuntime(HostContext host) {
        Optional<AdmittedManifest> admitted = decide(host);
        if (admitted.isEmpty()) {
            return new RuntimeAdmission(Optional.empty(), ExitCode.INVALID_INPUT.code());
        }
        StaticDecision decision = admitted.get().decision();
        if (decision.blocked()) {
            host.errors().report(JsonDocuments.blocked(decision));
            return new RuntimeAdmission(Optional.empty(), ExitCode.BLOCKED.code());
        }
        return new RuntimeAdmission(admitted, ExitCode.OK.code());
    }

    /**
     * The read-only commands that reach a cluster (status, plan --live): the admitted manifest and
     * the resolved connection, or the exit code after reporting why not (an unusable connection is 2).
     */
    Connected connect(HostContext host, ConnectionOption connection) {
        RuntimeAdmission admission = admitForRuntime(host);
        if (admission.admitted().isEmpty()) {
            return new Connected(Optional.empty(), null, admission.exitCode());
        }
        try {
            return new Connected(admission.admitted(), connection.resolve(host), ExitCode.OK.code());
        } catch (DponeException e) {
            host.errors().report(JsonDocuments.error(e));
            return new Connected(Optional.empty(), null, ExitCode.INVALID_INPUT.code());
        }
    }

    /** An admitted manifest with its connection (both present, or neither), or the exit code that refused them. */
    record Connected(Optional<AdmittedManifest> admitted, ClusterConnection connection, int exitCode) {}

    /** An admitted manifest, or the exit code that refused it. */
    record RuntimeAdmission(Optional<AdmittedManifest> admitted, int exitCode) {}

    /**
     * The read-only commands: decides, prints {@code document} of the decision to stdout even when
     * blocked, and returns the exit code (0 admitted, 1 blocked, 2 invalid).
     */
    int printDecision(HostContext host, Function<StaticDecision, ? extends JsonNode> document) {
        Optional<AdmittedManifest> admitted = decide(host);
        if (admitted.isEmpty()) {
            return ExitCode.INVALID_INPUT.code();
        }
        StaticDecision decision = admitted.get().decision();
        host.out().println(JsonDocuments.pretty(document.apply(decision)));
        return decision.blocked() ? ExitCode.BLOCKED.code() : ExitCode.OK.code();
    }
}
