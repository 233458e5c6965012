package io.dpone.demo;

import com.google.auto.service.AutoService;
import io.dpone.clickhouse.internal.simulated.InternalScenarios;
import io.dpone.clickhouse.internal.simulated.PublicationDriver;
import io.dpone.clickhouse.internal.simulated.Scenario;
import io.dpone.clickhouse.internal.simulated.SimulatedCluster;
import io.dpone.spi.demo.DemoScenarios;
import io.dpone.spi.receipt.PublicationReceipt;
import io.dpone.testkit.acceptance.Attempt;
import io.dpone.testkit.acceptance.ScenarioFailure;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * {@code dpone demo} on the deterministic simulator: the acceptance scenarios themselves, narrated.
 * Each run builds a fresh simulated cluster with a fixed seed, so a run is the same every time.
 * The simulated members always run a distributed-DDL worker, so scenarios written for a cluster
 * without one ({@code capability-missing}) are not offered here.
 */
@AutoService(DemoScenarios.class)
public final class SimulatedDemoScenarios implements DemoScenarios {
    static final long SEED = 20261130L;

    @Override
    public String backendDescription() {
        return "SIMULATED cluster: the testkit's deterministic in-process model of one ClickHouse shard"
                + " (no server, no Keeper, no network); the publication service and its adapters' rules are the real ones";
    }

    @Override
    public List<DemoScenario> scenarios() {
        return InternalScenarios.withDdlWorker().stream()
                .map(s -> new DemoScenario(s.name(), s.description()))
                .toList();
    }

    @Override
    public DemoRun run(String name, Consumer<String> narration) {
        Scenario scenario = InternalScenarios.withDdlWorker().stream()
                .filter(s -> s.name().equals(name))
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no demo scenario of that name"));
        narration.accept("scenario " + scenario.name() + ": " + scenario.description());
        List<Attempt> attempts = new ArrayList<>();
        try (SimulatedCluster cluster = SimulatedCluster.of(scenario.members(), SEED, PublicationDriver.FACADE)) {
            try {
                attempts.addAll(scenario.run(cluster, narration::accept));
            } catch (ScenarioFailure failure) {
                return new DemoRun(receipts(attempts), failure.getMessage());
            }
            // what an operator's `dpone status` shows afterwards: read-only, never waits
            Attempt status = new PublicationDriver(cluster).status("status-reader", InternalScenarios.INVOCATION);
            return status instanceof Attempt.Receipt read
                    ? new DemoRun(receipts(attempts), "", Optional.of(read.receipt()), Optional.empty())
                    : new DemoRun(receipts(attempts), "", Optional.empty(), Optional.of(status.summary()));
        }
    }

    private static List<PublicationReceipt> receipts(List<Attempt> attempts) {
        return attempts.stream()
                .filter(attempt -> attempt instanceof Attempt.Receipt)
                .map(Attempt::receipt)
                .toList();
    }
}
