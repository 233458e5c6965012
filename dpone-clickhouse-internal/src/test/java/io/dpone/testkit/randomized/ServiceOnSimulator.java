package io.dpone.testkit.randomized;

import io.dpone.clickhouse.cluster.contract.ddl.DdlAction;
import io.dpone.clickhouse.cluster.contract.ddl.DdlCorrelationToken;
import io.dpone.clickhouse.cluster.contract.digest.Sha256ProtocolDigests;
import io.dpone.clickhouse.cluster.sql.StatementKind;
import io.dpone.clickhouse.cluster.sql.TableRef;
import io.dpone.clickhouse.internal.service.InternalPublicationService;
import io.dpone.clickhouse.internal.service.PublicationPorts;
import io.dpone.clickhouse.internal.simulated.PublicationDriver;
import io.dpone.clickhouse.internal.simulated.SimulatedCluster;
import io.dpone.spi.error.DponeException;
import io.dpone.spi.publication.Cancellation;
import io.dpone.spi.publication.ProgressListener;
import io.dpone.testkit.acceptance.Attempt;
import io.dpone.testkit.modes.acceptance.EvidenceLeakScan;
import io.dpone.testkit.schedule.InvariantChecker;
import io.dpone.testkit.simulator.CallRecord;
import io.dpone.testkit.simulator.ClusterSimulator;
import io.dpone.testkit.simulator.PortCall;
import io.dpone.testkit.simulator.WorkerCrash;
import io.dpone.testkit.simulator.WorkerPorts;
import java.util.List;
import java.util.Optional;

/**
 * The real internal publication service on a fresh simulator (simulator evidence only), with
 * {@link InvariantChecker} watching every step: an existing replicated target of three rows on
 * {@code members} members, and invocations with a cancellation the test controls.
 */
final class ServiceOnSimulator {
    final ClusterSimulator simulator;
    final InvariantChecker checker;
    final PublicationDriver driver;
    private final SimulatedCluster cluster;

    ServiceOnSimulator(int members, long seed) {
        simulator = ClusterSimulator.builder().members(members).seed(seed).build();
        checker = InternalInvariants.checker(simulator, PublicationDriver.TARGET);
        simulator.observeSteps(checker);
        cluster = new SimulatedCluster(simulator, PublicationDriver.FACADE);
        driver = new PublicationDriver(cluster);
        cluster.createDatabases(
                PublicationDriver.TARGET.database(),
                PublicationDriver.FACADE.control().database());
        cluster.createReplicatedTable(PublicationDriver.TARGET, 3);
    }

    /** One invocation by a new worker on {@code member}; empty when the worker crashed (an armed fault). */
    Optional<Attempt> publish(String worker, int member, String invocation, Cancellation cancellation) {
        WorkerPorts ports = simulator.worker(worker, member);
        PublicationPorts publication = new PublicationPorts(
                ports.catalog(),
                ports.ddl(),
                ports.authority(PublicationDriver.FACADE.control()),
                ports.facade(),
                ports.loader(),
                ports.clock(),
                ports.sleeper());
        InternalPublicationService service = new InternalPublicationService(
                publication, driver.settings(), Sha256ProtocolDigests.INSTANCE, ports.randomBits());
        Attempt attempt;
        try {
            attempt = new Attempt.Receipt(service.publish(
                    invocation, PublicationDriver.source(4, false), cancellation, ProgressListener.NONE));
        } catch (DponeException refused) {
            attempt = new Attempt.Refused(refused);
        } catch (WorkerCrash crashed) {
            return Optional.empty();
        }
        List<String> leaks = EvidenceLeakScan.scan(worker, attempt);
        if (!leaks.isEmpty()) {
            throw new AssertionError("evidence leak: " + leaks);
        }
        return Optional.of(attempt);
    }

    Attempt publish(String worker, int member, String invocation) {
        return publish(worker, member, invocation, Cancellation.NEVER)
                .orElseThrow(() -> new AssertionError(worker + " crashed"));
    }

    /** Dispatch calls of {@code kind} that reached the server and answered (not refused before send, no crashed worker). */
    long answered(StatementKind kind) {
        return dispatches(kind).stream()
                .filter(r -> !r.outcome().contains("NotSent") && !r.outcome().contains("crashed"))
                .count();
    }

    /** Queue entries (still present) whose log comment is a cleanup-drop token. */
    long dropEntries() {
        return simulator.observe().queue().stream()
                .filter(entry -> entry.logComment() != null
                        && DdlCorrelationToken.parse(entry.logComment())
                                .map(token -> token.action() == DdlAction.DROP)
                                .orElse(false))
                .count();
    }

    List<CallRecord> dispatches(StatementKind kind) {
        return simulator.observe().calls().records().stream()
                .filter(r -> r.call() == PortCall.DDL_DISPATCH && r.kind() == kind)
                .toList();
    }

    /** The candidate the operation's record names, read from a status receipt. */
    TableRef candidate(String invocation) {
        return driver.candidate(invocation);
    }

    /** The tables named {@code table} that member {@code member} holds (empty or one). */
    boolean holds(int member, TableRef table) {
        return simulator.observe().table(member, table).isPresent();
    }
}
