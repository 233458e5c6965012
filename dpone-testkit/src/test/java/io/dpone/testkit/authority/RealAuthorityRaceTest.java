package io.dpone.testkit.authority;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.dpone.clickhouse.cluster.authority.SlotRead;
import io.dpone.clickhouse.cluster.authority.SlotVersion;
import io.dpone.clickhouse.cluster.authority.SlotWrite;
import io.dpone.clickhouse.cluster.contract.authority.AuthorityRecord;
import io.dpone.testkit.clickhouse.junit.ClickHouseCluster;
import io.dpone.testkit.cluster.RunningCluster;
import io.dpone.testkit.cluster.TestDatabase;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Spec "Edge cases": two duplicate workers read the same version and race the PREPARED ->
 * DISPATCHING CAS, each through its own member and its own adapter, as the restricted publication
 * principal. Over every repetition exactly one receives an acknowledged-and-verified result with a
 * permit; the other sees a conflict (strict-version failure or verified zero-row no-op), never a
 * second permit, and never an unknown outcome.
 */
@ClickHouseCluster(members = 2)
class RealAuthorityRaceTest {
    static final int REPETITIONS = Integer.getInteger("dpone.authority.raceRepetitions", 200);

    @ParameterizedTest
    @EnumSource(Protocol.class)
    void exactlyOneOfTwoRacingWorkersReceivesThePermit(Protocol protocol, RunningCluster cluster, TestDatabase database)
            throws Exception {
        ControlTable table = ControlTable.create(cluster, database);
        Map<SlotWrite.ConflictReason, Integer> loserReasons = new EnumMap<>(SlotWrite.ConflictReason.class);
        ExecutorService workers = Executors.newFixedThreadPool(2);
        try (ControlTable.Adapter first = table.publisherAdapter(protocol, 0);
                ControlTable.Adapter second = table.publisherAdapter(protocol, 1)) {
            for (int repetition = 0; repetition < REPETITIONS; repetition++) {
                AuthorityRecord prepared = AuthorityRecords.prepared();
                SlotWrite<AuthorityRecord> created = first.authority.createIfAbsent(prepared);
                assertInstanceOf(SlotWrite.Verified.class, created, created.toString());
                SlotVersion<AuthorityRecord> seenByFirst = valid(first.authority.readVersioned(prepared.targetKey()));
                SlotVersion<AuthorityRecord> seenBySecond = valid(second.authority.readVersioned(prepared.targetKey()));
                assertEquals(seenByFirst, seenBySecond, "both workers read the same version");
                CyclicBarrier start = new CyclicBarrier(2);
                Future<SlotWrite<AuthorityRecord>> a = workers.submit(() -> race(start, first, seenByFirst));
                Future<SlotWrite<AuthorityRecord>> b = workers.submit(() -> race(start, second, seenBySecond));
                List<SlotWrite<AuthorityRecord>> results =
                        List.of(a.get(30, TimeUnit.SECONDS), b.get(30, TimeUnit.SECONDS));
                SlotWrite.Conflict<AuthorityRecord> loser = judge(results, repetition);
                loserReasons.merge(loser.reason(), 1, Integer::sum);
                assertEquals(
                        1L,
                        versionOf(second.authority.readVersioned(prepared.targetKey())),
                        "the version advanced exactly once");
            }
        } finally {
            workers.shutdownNow();
        }
        System.out.println("authority race over " + protocol + ": " + REPETITIONS + " repetitions, loser outcomes "
                + loserReasons);
    }

    private static SlotWrite<AuthorityRecord> race(
            CyclicBarrier start, ControlTable.Adapter worker, SlotVersion<AuthorityRecord> seen) throws Exception {
        AuthorityRecord next = AuthorityRecords.dispatching(seen.record());
        start.await(30, TimeUnit.SECONDS);
        return worker.authority.compareAndSwap(seen, next);
    }

    private static SlotWrite.Conflict<AuthorityRecord> judge(List<SlotWrite<AuthorityRecord>> results, int repetition) {
        long winners = results.stream()
                .filter(r -> r instanceof SlotWrite.Verified<AuthorityRecord> v
                        && v.dispatchPermit().isPresent())
                .count();
        assertEquals(1, winners, "repetition " + repetition + ": exactly one permit, got " + results);
        for (SlotWrite<AuthorityRecord> result : results) {
            if (result instanceof SlotWrite.Conflict<AuthorityRecord> conflict) {
                assertTrue(
                        conflict.reason() == SlotWrite.ConflictReason.VERSION_CONFLICT
                                || conflict.reason() == SlotWrite.ConflictReason.ZERO_ROW_NO_OP,
                        conflict.toString());
                return conflict;
            }
        }
        return fail("repetition " + repetition + ": the loser must see a conflict, got " + results);
    }

    static SlotVersion<AuthorityRecord> valid(SlotRead<AuthorityRecord> read) {
        SlotRead.Present<AuthorityRecord> present = assertInstanceOf(SlotRead.Present.class, read);
        return present.valid().orElseThrow(() -> new AssertionError("expected a valid record, got " + read));
    }

    static long versionOf(SlotRead<AuthorityRecord> read) {
        return assertInstanceOf(SlotRead.Present.class, read).row().keeperVersion();
    }
}
