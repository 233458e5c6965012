package io.dpone.testkit.authority;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.dpone.clickhouse.cluster.authority.AuthorityRead;
import io.dpone.clickhouse.cluster.authority.CasResult;
import io.dpone.clickhouse.cluster.authority.VersionedRecord;
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
 * Seed "Edge cases": two duplicate workers read the same version and race the PREPARED ->
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
        Map<CasResult.ConflictReason, Integer> loserReasons = new EnumMap<>(CasResult.ConflictReason.class);
        ExecutorService workers = Executors.newFixedThreadPool(2);
        try (ControlTable.Adapter first = table.publisherAdapter(protocol, 0);
                ControlTable.Adapter second = table.publisherAdapter(protocol, 1)) {
            for (int repetition = 0; repetition < REPETITIONS; repetition++) {
                AuthorityRecord prepared = AuthorityRecords.prepared();
                CasResult created = first.authority.createIfAbsent(prepared);
                assertInstanceOf(CasResult.AcknowledgedVerified.class, created, created.toString());
                VersionedRecord seenByFirst = valid(first.authority.readVersioned(prepared.targetKey()));
                VersionedRecord seenBySecond = valid(second.authority.readVersioned(prepared.targetKey()));
                assertEquals(seenByFirst, seenBySecond, "both workers read the same version");
                CyclicBarrier start = new CyclicBarrier(2);
                Future<CasResult> a = workers.submit(() -> race(start, first, seenByFirst));
                Future<CasResult> b = workers.submit(() -> race(start, second, seenBySecond));
                List<CasResult> results = List.of(a.get(30, TimeUnit.SECONDS), b.get(30, TimeUnit.SECONDS));
                CasResult.Conflict loser = judge(results, repetition);
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

    private static CasResult race(CyclicBarrier start, ControlTable.Adapter worker, VersionedRecord seen)
            throws Exception {
        AuthorityRecord next = AuthorityRecords.dispatching(seen.record());
        start.await(30, TimeUnit.SECONDS);
        return worker.authority.compareAndSwap(seen, next);
    }

    private static CasResult.Conflict judge(List<CasResult> results, int repetition) {
        long winners = results.stream()
                .filter(r -> r instanceof CasResult.AcknowledgedVerified v
                        && v.dispatchPermit().isPresent())
                .count();
        assertEquals(1, winners, "repetition " + repetition + ": exactly one permit, got " + results);
        for (CasResult result : results) {
            if (result instanceof CasResult.Conflict conflict) {
                assertTrue(
                        conflict.reason() == CasResult.ConflictReason.VERSION_CONFLICT
                                || conflict.reason() == CasResult.ConflictReason.ZERO_ROW_NO_OP,
                        conflict.toString());
                return conflict;
            }
        }
        return fail("repetition " + repetition + ": the loser must see a conflict, got " + results);
    }

    static VersionedRecord valid(AuthorityRead read) {
        return assertInstanceOf(AuthorityRead.Present.class, read)
                .valid()
                .orElseThrow(() -> new AssertionError("expected a valid record, got " + read));
    }

    static long versionOf(AuthorityRead read) {
        return assertInstanceOf(AuthorityRead.Present.class, read).row().keeperVersion();
    }
}
