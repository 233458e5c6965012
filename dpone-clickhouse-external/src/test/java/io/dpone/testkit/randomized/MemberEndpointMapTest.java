package io.dpone.testkit.randomized;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpone.clickhouse.cluster.contract.inventory.ClusterInventory;
import io.dpone.clickhouse.cluster.contract.inventory.HostEndpoint;
import io.dpone.clickhouse.cluster.port.CatalogRead;
import io.dpone.clickhouse.cluster.sql.StatementKind;
import io.dpone.clickhouse.external.admission.ResolvedInventory;
import io.dpone.clickhouse.external.authority.ExternalPhase;
import io.dpone.clickhouse.external.member.MemberSessions;
import io.dpone.clickhouse.external.member.ResolvedEndpoint;
import io.dpone.clickhouse.external.provider.ExternalPortWiring;
import io.dpone.clickhouse.external.service.ExternalPorts;
import io.dpone.clickhouse.external.simulated.ExternalDriver;
import io.dpone.clickhouse.external.simulated.SimulatedExternalCluster;
import io.dpone.clickhouse.internal.simulated.PublicationDriver;
import io.dpone.spi.error.DponeErrorCode;
import io.dpone.spi.publication.MemberEndpoints;
import io.dpone.spi.publication.MemberEndpoints.Endpoint;
import io.dpone.spi.receipt.PublicationOutcome;
import io.dpone.spi.receipt.PublicationReceipt;
import io.dpone.testkit.acceptance.Attempt;
import io.dpone.testkit.modes.acceptance.EvidenceLeakScan;
import io.dpone.testkit.schedule.InvariantChecker;
import io.dpone.testkit.simulator.ClusterSimulator;
import io.dpone.testkit.simulator.PortCall;
import io.dpone.testkit.simulator.SimulatorFault;
import io.dpone.testkit.simulator.Step;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The host's member endpoint map on the deterministic simulator (two members, no process, no
 * network): {@code system.clusters} lists in-cluster names (Kubernetes pod DNS) that the runner's
 * network cannot reach; the runner reaches each member only at the endpoint the map gives. The
 * ports are composed with the production resolver ({@link ExternalPortWiring#endpoints}); only the
 * member sessions are wrapped in a {@link RunnerNetwork} that records every endpoint the service
 * opens and forwards a mapped one to its member, anything else to no member.
 */
class MemberEndpointMapTest {
    private static final List<HostEndpoint> POD_DNS = List.of(
            new HostEndpoint("chi-pub-0-0.clickhouse.svc.cluster.local", 9000),
            new HostEndpoint("chi-pub-0-1.clickhouse.svc.cluster.local", 9000));
    private static final Endpoint KEY_0 = new Endpoint(POD_DNS.get(0).host(), 9000);
    private static final Endpoint KEY_1 = new Endpoint(POD_DNS.get(1).host(), 9000);
    private static final MemberEndpoints MAP_A = new MemberEndpoints(
            Map.of(KEY_0, new Endpoint("10.200.0.10", 19000), KEY_1, new Endpoint("10.200.0.11", 19001)));
    private static final MemberEndpoints MAP_B = new MemberEndpoints(
            Map.of(KEY_0, new Endpoint("10.200.0.10", 19000), KEY_1, new Endpoint("10.200.0.12", 19001)));

    @Test
    void membersAreStagedAtTheMappedEndpointsOnly() {
        try (Fixture fixture = new Fixture()) {
            RunnerNetwork network = fixture.network(MAP_A);
            Attempt published = fixture.driver.publish("w1", fixture.ports("w1", MAP_A, network), "nightly", 3);
            assertEquals(Optional.of(PublicationOutcome.COMMITTED), published.outcome(), published.summary());
            assertEquals(List.of(), network.unreachable, "no admitted in-cluster name was dialled");
            assertEquals(
                    MAP_A.translations().values().stream()
                            .map(e -> new ResolvedEndpoint(e.host(), e.port()))
                            .sorted(java.util.Comparator.comparing(ResolvedEndpoint::port))
                            .toList(),
                    network.opened.stream()
                            .distinct()
                            .sorted(java.util.Comparator.comparing(ResolvedEndpoint::port))
                            .toList(),
                    "every member session dialled its mapped endpoint");
            for (int member = 0; member < 2; member++) {
                assertTrue(
                        fixture.cluster.uuid(member, PublicationDriver.TARGET).isPresent(),
                        "member " + member + " published");
            }
            assertEquals(List.of(), fixture.checker.violations());
            fixture.noLeaks(published);
        }
    }

    @Test
    void withoutTheMapTheInClusterNamesAreUnreachableAndNothingIsMutated() {
        try (Fixture fixture = new Fixture()) {
            RunnerNetwork network = fixture.network(MAP_A);
            Attempt refused =
                    fixture.driver.publish("w1", fixture.ports("w1", MemberEndpoints.none(), network), "nightly", 3);
            assertEquals(
                    Optional.of(DponeErrorCode.CLICKHOUSE_CLUSTER_EXTERNAL_INVENTORY_INCOMPLETE),
                    refused.code(),
                    refused.summary());
            assertFalse(network.unreachable.isEmpty(), "the admitted names were dialled and did not answer");
            assertEquals(0, fixture.mutations());
            fixture.noLeaks(refused);
        }
    }

    @Test
    void aPartialOrStaleMapIsRefusedBeforeAnyMemberIsReachedOrAnythingIsWritten() {
        Endpoint third = new Endpoint("chi-pub-0-2.clickhouse.svc.cluster.local", 9000);
        Map<Endpoint, Endpoint> stale = new HashMap<>(MAP_A.translations());
        stale.put(third, new Endpoint("10.200.0.13", 19002));
        for (MemberEndpoints map : List.of(
                new MemberEndpoints(Map.of(KEY_0, new Endpoint("10.200.0.10", 19000))), new MemberEndpoints(stale))) {
            try (Fixture fixture = new Fixture()) {
                RunnerNetwork network = fixture.network(MAP_A);
                Attempt refused = fixture.driver.publish("w1", fixture.ports("w1", map, network), "nightly", 3);
                assertInstanceOf(Attempt.Refused.class, refused, refused.summary());
                assertEquals(
                        Optional.of(DponeErrorCode.CLICKHOUSE_CLUSTER_EXTERNAL_INVENTORY_INCOMPLETE), refused.code());
                assertTrue(
                        ((Attempt.Refused) refused).error().getMessage().contains("member endpoint map"),
                        ((Attempt.Refused) refused).error().getMessage());
                assertEquals(List.of(), network.opened, "no member session was opened");
                assertEquals(List.of(), network.unreachable);
                assertEquals(0, fixture.mutations(), "no Keeper write, no DDL, no member statement");
                fixture.noLeaks(refused);
            }
        }
    }

    @Test
    void aChangedMapIsDriftThatFencesTheInFlightOperation() {
        try (Fixture fixture = new Fixture()) {
            // the STAGED CAS's answer is lost: the operation is in flight with MAP_A's digest
            fixture.cluster
                    .simulator()
                    .arm(
                            Step.call(PortCall.CONTROL_CAS)
                                    .kind(StatementKind.KEEPER_MAP_CAS)
                                    .nth(6),
                            SimulatorFault.loseResponse());
            Attempt lost =
                    fixture.driver.publish("w1", fixture.ports("w1", MAP_A, fixture.network(MAP_A)), "nightly-A", 3);
            assertEquals(
                    Optional.of(DponeErrorCode.CLICKHOUSE_CLUSTER_AUTHORITY_OUTCOME_UNKNOWN),
                    lost.code(),
                    lost.summary());
            assertEquals(
                    ExternalPhase.STAGED, fixture.driver.record("nightly-A").phase());

            ExternalPorts underB = fixture.ports("w2", MAP_B, fixture.network(MAP_B));
            ClusterInventory inventory = ((CatalogRead.Observed<ClusterInventory>)
                            underB.catalog().inventory(fixture.simulator.clusterName()))
                    .facts();
            assertEquals(
                    fixture.driver.record("nightly-A").payload().inventoryDigest(),
                    ResolvedInventory.resolve(inventory, ExternalPortWiring.endpoints(MAP_A))
                            .digest(inUtc(inventory)),
                    "the record binds MAP_A");
            assertNotEquals(
                    ResolvedInventory.resolve(inventory, ExternalPortWiring.endpoints(MAP_A))
                            .digest(inUtc(inventory)),
                    ResolvedInventory.resolve(inventory, ExternalPortWiring.endpoints(MAP_B))
                            .digest(inUtc(inventory)),
                    "MAP_B is another snapshot");

            PublicationReceipt status = fixture.driver.service("w2", underB).status(Optional.of("nightly-A"));
            assertEquals(
                    Optional.of(DponeErrorCode.CLICKHOUSE_CLUSTER_EXTERNAL_INVENTORY_INCOMPLETE),
                    status.errorCode(),
                    status.detail().toString());
            Attempt aborted = fixture.driver.publish("w2", underB, "nightly-A", 3);
            assertEquals(Optional.of(PublicationOutcome.ABORTED), aborted.outcome(), aborted.summary());
            assertEquals(Optional.of(DponeErrorCode.CLICKHOUSE_CLUSTER_EXTERNAL_INVENTORY_INCOMPLETE), aborted.code());
            assertEquals(
                    0,
                    fixture.cluster.sent(StatementKind.DDL_RENAME) + fixture.cluster.sent(StatementKind.DDL_EXCHANGE),
                    "a changed map never publishes the fenced operation");
            for (int member = 0; member < 2; member++) {
                assertTrue(
                        fixture.cluster
                                .uuid(member, fixture.driver.candidate("nightly-A"))
                                .isEmpty(),
                        "candidate dropped");
            }
            assertEquals(List.of(), fixture.checker.violations());
            fixture.noLeaks(lost);
            fixture.noLeaks(aborted);
        }
    }

    /**
     * The runner's network: a mapped runtime endpoint reaches its member (at the member's
     * {@code system.clusters} endpoint inside the simulator); every other endpoint reaches none.
     */
    private static final class RunnerNetwork implements MemberSessions {
        final List<ResolvedEndpoint> opened = new ArrayList<>();
        final List<ResolvedEndpoint> unreachable = new ArrayList<>();
        private final MemberSessions inside;
        private final Map<ResolvedEndpoint, ResolvedEndpoint> routes = new HashMap<>();

        RunnerNetwork(MemberSessions inside, MemberEndpoints map) {
            this.inside = inside;
            map.translations()
                    .forEach((admitted, runtime) -> routes.put(
                            new ResolvedEndpoint(runtime.host(), runtime.port()),
                            new ResolvedEndpoint(admitted.host(), admitted.port())));
        }

        @Override
        public io.dpone.clickhouse.external.member.MemberSession session(ResolvedEndpoint endpoint) {
            ResolvedEndpoint member = routes.get(endpoint);
            if (member == null) {
                unreachable.add(endpoint);
                return inside.session(new ResolvedEndpoint("unreachable.invalid", endpoint.port()));
            }
            opened.add(endpoint);
            return inside.session(member);
        }

        @Override
        public Optional<String> refusal(io.dpone.clickhouse.external.artifact.ColumnType type, Object value) {
            return inside.refusal(type, value);
        }
    }

    private static final class Fixture implements AutoCloseable {
        final ClusterSimulator simulator = ClusterSimulator.builder()
                .endpoints(POD_DNS)
                .seed(23)
                .internalReplication(false)
                .build();
        final InvariantChecker checker = ExternalInvariants.checker(simulator, PublicationDriver.TARGET);
        final SimulatedExternalCluster cluster;
        final ExternalDriver driver;

        Fixture() {
            simulator.observeSteps(checker);
            cluster = new SimulatedExternalCluster(simulator, PublicationDriver.FACADE);
            driver = new ExternalDriver(cluster);
            cluster.createDatabases(
                    PublicationDriver.TARGET.database(),
                    PublicationDriver.FACADE.control().database());
        }

        RunnerNetwork network(MemberEndpoints reachable) {
            return new RunnerNetwork(cluster.ports("network").members(), reachable);
        }

        /** The worker's ports with the production resolver of {@code map} and sessions over {@code network}. */
        ExternalPorts ports(String worker, MemberEndpoints map, RunnerNetwork network) {
            ExternalPorts base = cluster.ports(worker);
            return new ExternalPorts(
                    base.catalog(),
                    base.ddl(),
                    base.authority(),
                    base.facades(),
                    network,
                    ExternalPortWiring.endpoints(map),
                    base.store(),
                    base.clock(),
                    base.sleeper());
        }

        long mutations() {
            return Arrays.stream(StatementKind.values())
                    .filter(StatementKind::isMutation)
                    .mapToLong(cluster::sent)
                    .sum();
        }

        void noLeaks(Attempt attempt) {
            assertEquals(List.of(), EvidenceLeakScan.scan("member endpoint map", attempt));
            String text = attempt instanceof Attempt.Refused refused
                    ? EvidenceLeakScan.errorDocument(refused)
                    : EvidenceLeakScan.json(attempt.receipt());
            for (String host : List.of("10.200.0", "chi-pub", "svc.cluster", "19000", "19001", "unreachable.invalid")) {
                assertFalse(text.contains(host), "evidence names a host or port: " + text);
            }
        }

        @Override
        public void close() {
            cluster.close();
        }
    }

    /** The simulated members all report {@code timezone()} = UTC. */
    private static java.util.Map<io.dpone.clickhouse.cluster.contract.inventory.ClusterMember, String> inUtc(
            ClusterInventory inventory) {
        return inventory.members().stream()
                .collect(java.util.stream.Collectors.toMap(member -> member, member -> "UTC"));
    }
}
