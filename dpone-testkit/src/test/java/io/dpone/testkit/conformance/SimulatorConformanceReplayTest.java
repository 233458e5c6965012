package io.dpone.testkit.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import io.dpone.clickhouse.cluster.sql.TableRef;
import io.dpone.testkit.simulator.QueueEntryView;
import io.dpone.testkit.simulator.TableView;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * A conformance property on the simulator depends only on the backend's seed (simulator
 * evidence): its fixture UUIDs and token bits come from the seeded backend, so a failing property
 * replays step for step from the seed of its class.
 */
class SimulatorConformanceReplayTest {

    private record Run(List<Long> traceDigests, List<UUID> fixtureUuids, List<String> tokens) {}

    @Test
    void theSameSeedReplaysAPropertyStepForStepAndAnotherSeedDrawsOtherFixtures() throws Exception {
        Run first = run(42);

        assertEquals(first, run(42), "same seed: same trace, same fixture UUIDs, same tokens");
        Run other = run(7);
        assertNotEquals(first.fixtureUuids(), other.fixtureUuids(), "the fixtures come from the seed");
        assertNotEquals(first.tokens(), other.tokens(), "the token bits come from the seed");
    }

    private static Run run(long seed) throws Exception {
        SimulatorBackend core = new SimulatorBackend(seed);
        new ClusterSemanticsConformance() {
            @Override
            protected ConformanceBackend backend() {
                return core;
            }
        }.exchangeSwapsTheTwoUuidsOnThatMemberOnlyAndThePathFollowsTheUuid();
        SimulatorBackend ddl = new SimulatorBackend(seed);
        new DistributedDdlConformance() {
            @Override
            protected ConformanceBackend backend() {
                return ddl;
            }
        }.anOnClusterCreateIsOneEntryWithTheFormattedQueryTheTokenAndOneFinishedRowPerHost();

        TableRef target = new TableRef(core.database(), "events");
        TableRef candidate = new TableRef(core.database(), "events__cand");
        List<UUID> uuids = List.of(
                uuid(core, 0, target),
                uuid(core, 0, candidate),
                uuid(core, 1, target),
                uuid(core, 1, candidate),
                uuid(ddl, 0, target));
        List<String> tokens = ddl.simulator().observe().queue().stream()
                .map(QueueEntryView::logComment)
                .toList();
        return new Run(
                List.of(
                        core.simulator().trace().digest(),
                        ddl.simulator().trace().digest()),
                uuids,
                tokens);
    }

    private static UUID uuid(SimulatorBackend backend, int member, TableRef table) {
        return backend.simulator()
                .observe()
                .table(member, table)
                .map(TableView::uuid)
                .orElseThrow();
    }
}
