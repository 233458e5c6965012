package io.dpone.cli.command;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dpone.cli.ExitCode;
import io.dpone.cli.HostContext;
import io.dpone.cli.render.JsonDocuments;
import io.dpone.cli.render.ReceiptSummary;
import io.dpone.spi.demo.DemoScenarios;
import io.dpone.spi.error.DponeErrorCode;
import io.dpone.spi.error.DponeException;
import io.dpone.spi.manifest.ManifestFormat;
import io.dpone.spi.receipt.PublicationReceipt;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code dpone demo}: the main job with no cluster at all. It checks and plans the embedded sample
 * manifest (a copy of fixtures/manifests/cluster-internal.yaml packed into the launcher), then runs
 * a publication on a SIMULATED two-replica cluster found on the module path
 * ({@link DemoScenarios}, provided by the testkit), narrating every step and printing the receipt.
 * {@code --scenario NAME} runs one acceptance scenario instead; {@code --list} names them;
 * {@code --status} then shows what {@code dpone status} says about the target.
 */
@Command(
        name = "demo",
        description = "Check and plan the embedded sample, then publish on a simulated cluster, narrated"
                + " (--status: then show the target's status table).")
public final class DemoCommand implements Callable<Integer> {
    static final String EMBEDDED_MANIFEST = "/io/dpone/cli/demo/cluster-internal.yaml";

    private final HostContext host;

    @Option(names = "--scenario", paramLabel = "NAME", description = "Run this acceptance scenario (see --list).")
    private String scenario;

    @Option(
            names = "--list",
            description = "List the scenarios, one per line, name first (one JSON document with --json).")
    private boolean list;

    @Option(names = "--json", description = "Print one JSON document instead of the narration.")
    private boolean json;

    @Option(names = "--status", description = "After the scenario, show the target's status as dpone status would.")
    private boolean status;

    @Spec
    private CommandSpec spec;

    public DemoCommand(HostContext host) {
        this.host = requireNonNull(host, "host is null");
    }

    @Override
    public Integer call() {
        DemoScenarios demo = ServiceLoader.load(DemoScenarios.class)
                .findFirst()
                .orElseThrow(() -> new DponeException(
                        DponeErrorCode.PUBLICATION_PROVIDER_UNAVAILABLE,
                        "no simulated cluster on the module path (the testkit)"));
        if (list) {
            printList(demo);
            return ExitCode.OK.code();
        }
        String name = scenario == null ? demo.scenarios().get(0).name() : scenario;
        if (demo.scenarios().stream().noneMatch(s -> s.name().equals(name))) {
            throw new ParameterException(spec.commandLine(), "--scenario names no scenario; see dpone demo --list");
        }
        Optional<AdmittedManifest> admitted =
                AdmittedManifest.decide(host, host.reader().read(embedded(), ManifestFormat.YAML));
        if (admitted.isEmpty()) {
            return ExitCode.INVALID_INPUT.code();
        }
        List<String> narration = new ArrayList<>();
        if (!json) {
            host.out().println("dpone demo: " + demo.backendDescription());
            host.out()
                    .println("manifest: embedded cluster-internal.yaml, statically admitted as "
                            + admitted.get().decision().mode());
        }
        DemoScenarios.DemoRun run = demo.run(name, line -> {
            narration.add(line);
            if (!json) {
                host.out().println("  " + line);
            }
        });
        if (json) {
            host.out().println(JsonDocuments.pretty(document(admitted.get(), demo, name, narration, run, status)));
        } else {
            run.receipts().stream().reduce((first, second) -> second).ifPresent(last -> {
                host.out().println("receipt of the last publication:");
                host.out().println(JsonDocuments.pretty(JsonDocuments.receipt(last)));
            });
            if (status) {
                host.out().println("status of the target afterwards (dpone status):");
                host.out()
                        .print(run.status()
                                .map(ReceiptSummary::render)
                                .orElseGet(() -> "  " + run.statusRefusal().orElse("not read") + "\n"));
            }
            host.out().println(run.passed() ? "every check of the scenario held" : "a check failed: " + run.failure());
        }
        host.out().flush();
        if (!run.passed()) {
            throw new DponeException(DponeErrorCode.HOST_INTERNAL_ERROR, "the demo scenario's checks did not hold");
        }
        return admitted.get().decision().blocked() ? ExitCode.BLOCKED.code() : ExitCode.OK.code();
    }

    private void printList(DemoScenarios demo) {
        if (json) {
            ObjectNode document = JsonDocuments.object();
            ArrayNode scenarios = document.putArray("scenarios");
            demo.scenarios()
                    .forEach(s -> scenarios.addObject().put("name", s.name()).put("description", s.description()));
            host.out().println(JsonDocuments.pretty(document));
        } else {
            demo.scenarios().forEach(s -> host.out().println(s.name() + "\t" + s.description()));
        }
    }

    private static ObjectNode document(
            AdmittedManifest admitted,
            DemoScenarios demo,
            String name,
            List<String> narration,
            DemoScenarios.DemoRun run,
            boolean withStatus) {
        ObjectNode document = JsonDocuments.object();
        document.put("manifest", "embedded:cluster-internal.yaml");
        document.set("check", JsonDocuments.checkSummary(admitted.decision()));
        document.set("plan", JsonDocuments.decision(admitted.decision()));
        document.put("cluster", demo.backendDescription());
        document.put("scenario", name);
        ArrayNode lines = document.putArray("narration");
        narration.forEach(lines::add);
        ArrayNode receipts = document.putArray("receipts");
        for (PublicationReceipt receipt : run.receipts()) {
            receipts.add(JsonDocuments.receipt(receipt));
        }
        if (withStatus) {
            run.status()
                    .ifPresentOrElse(
                            receipt -> document.set("status", JsonDocuments.receipt(receipt)),
                            () -> document.put(
                                    "status_refused", run.statusRefusal().orElse("not read")));
        }
        document.put("passed", run.passed());
        return document;
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
