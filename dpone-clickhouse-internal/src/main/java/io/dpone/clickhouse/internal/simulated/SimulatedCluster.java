package io.dpone.clickhouse.internal.simulated;

import io.dpone.clickhouse.cluster.authority.FacadeSpec;
import io.dpone.clickhouse.cluster.sql.StatementKind;
import io.dpone.clickhouse.cluster.sql.TableRef;
import io.dpone.clickhouse.internal.service.PublicationPorts;
import io.dpone.testkit.acceptance.Attempt;
import io.dpone.testkit.acceptance.Drift;
import io.dpone.testkit.acceptance.QueueHazard;
import io.dpone.testkit.acceptance.SimulatedBackend;
import io.dpone.testkit.acceptance.SimulatedBackends;
import io.dpone.testkit.simulator.ClusterSimulator;
import io.dpone.testkit.simulator.ColumnSpec;
import io.dpone.testkit.simulator.QueueEntryView;
import io.dpone.testkit.simulator.TableSpec;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import java.util.function.Consumer;
import java.util.function.IntFunction;

/**
 * {@link AcceptanceCluster} on the deterministic simulator: every operation, every fault, no
 * process. The seed decides the interleaving of raced workers; a failed scenario prints it.
 */
public final class SimulatedCluster extends SimulatedBackend<PublicationPorts, PublicationDriver>
        implements AcceptanceCluster {
    public SimulatedCluster(ClusterSimulator simulator, FacadeSpec facade) {
        super(simulator, facade);
    }

    /** A fresh simulated cluster of {@code members} replicas. */
    public static SimulatedCluster of(int members, long seed, FacadeSpec facade) {
        return new SimulatedCluster(
                ClusterSimulator.builder().members(members).seed(seed).build(), facade);
    }

    /**
     * Scenarios' sources carry {@code values} in their value column and every attempt is handed to
     * {@code observer}: what the evidence leak scan needs to find a value, or anything else, leaking.
     */
    public SimulatedCluster tapEvidence(IntFunction<String> values, Consumer<Attempt> observer) {
        tap(values, observer);
        return this;
    }

    /** {@code hook} runs right before every publication a driver makes on this cluster (e.g. a {@code plan --live}). */
    public SimulatedCluster beforeEachPublication(java.util.function.BiConsumer<PublicationDriver, String> hook) {
        hookPublications(hook);
        return this;
    }

    /** The simulator is configured by its seed and member count alone (its timings are fixed in code). */
    @Override
    public String fixtureDigest() {
        return SimulatedBackends.fixtureDigest("simulator|seed=" + simulator.seed() + "|members=" + members());
    }

    @Override
    public TableRef target() {
        return PublicationDriver.TARGET;
    }

    @Override
    public void createReplicatedTable(TableRef table, long rows) {
        simulator.admin().createTable(table, TableSpec.replicatedEvents());
        if (rows > 0) {
            simulator.admin().insertRows(table, rows);
        }
    }

    @Override
    public void createFacadeOn(int member, FacadeSpec spec) {
        simulator
                .admin()
                .createControlTable(
                        member,
                        spec.control(),
                        spec.keeperRoot(),
                        UUID.nameUUIDFromBytes(
                                (spec.keeperRoot() + member).getBytes(java.nio.charset.StandardCharsets.UTF_8)));
    }

    @Override
    public void drift(int member, TableRef table, Drift drift) {
        switch (drift) {
            case UUID -> simulator.admin().driftUuid(member, table);
            case ENGINE ->
                simulator
                        .admin()
                        .driftEngineFull(
                                member,
                                table,
                                "ReplicatedReplacingMergeTree('/clickhouse/tables/{uuid}/{shard}', '{replica}') ORDER BY id");
            case SCHEMA ->
                simulator
                        .admin()
                        .driftColumns(
                                member,
                                table,
                                List.of(
                                        ColumnSpec.of("id", "UInt64"),
                                        ColumnSpec.of("v", "String"),
                                        ColumnSpec.of("extra", "UInt8")));
            case KEEPER_PATH ->
                simulator.admin().driftKeeperPath(member, table, "/clickhouse/tables/drifted/" + member);
            case MEMBERSHIP -> simulator.admin().removeFromCluster(member);
        }
    }

    @Override
    public void exchangeLocally(int member, TableRef first, TableRef second) {
        simulator.admin().exchange(member, first, second);
    }

    /** The simulator injects every hazard, the simulator-only damaged rows included. */
    @Override
    public Set<QueueHazard> injectableQueueHazards() {
        return java.util.EnumSet.allOf(QueueHazard.class);
    }

    @Override
    public void collectQueue() {
        simulator.admin().cleanupQueue(java.time.Duration.ZERO);
    }

    @Override
    public void armQueueHazard(QueueHazard hazard, int member, StatementKind kind) {
        SimulatedBackends.armQueueHazard(simulator, hazard, member, kind);
    }

    @Override
    public void pause(int member) {
        simulator.admin().pause(member);
    }

    @Override
    public void resume(int member) {
        simulator.admin().resume(member);
    }

    @Override
    public PublicationPorts ports(String worker) {
        return SimulatedInternalPublication.ports(worker(worker), facade().control());
    }

    @Override
    public Set<String> tableNames(int member, String database) {
        Set<String> names = new TreeSet<>();
        simulator.observe().member(member).tables().keySet().stream()
                .filter(table -> table.database().equals(database))
                .forEach(table -> names.add(table.table()));
        return names;
    }

    @Override
    public Map<String, String> queueTokens() {
        Map<String, String> tokens = new LinkedHashMap<>();
        for (QueueEntryView entry : simulator.observe().queue()) {
            tokens.put(entry.entry(), entry.logComment());
        }
        return tokens;
    }

    @Override
    public Set<String> queueEntriesContaining(String text) {
        Set<String> names = new TreeSet<>();
        simulator.observe().queue().stream()
                .filter(entry -> entry.query().contains(text))
                .forEach(e -> names.add(e.entry()));
        return names;
    }

    /** Only {@code capability-missing} reads fingerprints, and the simulator always runs a DDL worker. */
    @Override
    public String catalogFingerprint() {
        throw new UnsupportedOperationException("the simulated members always run a distributed-DDL worker, so the"
                + " capability-missing scenario, the only reader of fingerprints, cannot run here");
    }

    @Override
    public Attempt publishThroughHost(String invocation, int rows) {
        throw new UnsupportedOperationException("the simulator has no network endpoint a host connection could reach");
    }

    @Override
    public void close() {
        // nothing runs outside the caller's thread
    }
}
