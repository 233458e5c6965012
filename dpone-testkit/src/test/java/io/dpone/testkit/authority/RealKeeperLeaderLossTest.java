package io.dpone.testkit.authority;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.dpone.clickhouse.cluster.authority.SlotRead;
import io.dpone.clickhouse.cluster.authority.SlotVersion;
import io.dpone.clickhouse.cluster.authority.SlotWrite;
import io.dpone.clickhouse.cluster.contract.authority.AuthorityRecord;
import io.dpone.clickhouse.cluster.contract.digest.Digest;
import io.dpone.testkit.clickhouse.junit.RealClickHouseRequirement;
import io.dpone.testkit.clickhouse.local.KeeperTopology;
import io.dpone.testkit.clickhouse.local.LocalProcessBackend;
import io.dpone.testkit.clickhouse.local.LocalProcessCluster;
import io.dpone.testkit.clickhouse.local.ZooKeeperEnsemble;
import io.dpone.testkit.cluster.BackendAvailability;
import io.dpone.testkit.cluster.ClusterSpec;
import io.dpone.testkit.cluster.TestDatabase;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.Callable;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Issue 18, "Keeper leader loss, on real processes": the one Keeper fault the simulator cannot
 * prove. Backend: two local ClickHouse 26.7 (libchdb) members over a three-peer Apache ZooKeeper
 * 3.9.5 ensemble of child JVMs ({@link KeeperTopology#THREE_PEER_ENSEMBLE}).
 *
 * <p>{@value #RACES} races run in rounds of {@value #SLOTS_PER_ROUND}. In a race two duplicate
 * workers, one per member, each through the production authority adapter over a one-shot mutation
 * transport, read the same PREPARED version of a fresh slot and race its dispatch CAS; a round's
 * races use the four HTTP/native pairings and start together. In a seeded third of the rounds a
 * further thread SIGKILLs the ZooKeeper leader 0-{@value #MAX_KILL_DELAY_MILLIS} ms after the CASes
 * start, so it dies before, during or after them; the killed peer is restarted at once and rejoins
 * under the leader the two survivors elected.
 *
 * <p>Every slot is judged by {@link SlotLedger} from reads alone, its final row read outside
 * ClickHouse in a synced ZooKeeper session ({@link KeeperTruth}): never two permits for one
 * expected version, a lost answer is unknown and never a permit even when its write applied, a
 * conflict never applied, one mutation request per CAS, and the final version equals the verified
 * CASes plus the unknown ones that applied. After each kill a fresh read and a CAS from the
 * observed version through each member must be verified within {@link #RECOVERY_BOUND}. The run
 * prints its counts.
 */
class RealKeeperLeaderLossTest {
    static final int RACES = Integer.getInteger("dpone.leaderLoss.races", 120);
    static final int SLOTS_PER_ROUND = 4;
    static final long SEED = Long.getLong("dpone.leaderLoss.seed", 20261201L);
    static final int KILL_PERCENT = 35;
    static final int MAX_KILL_DELAY_MILLIS = 100;
    static final Duration RECOVERY_BOUND = Duration.ofSeconds(30);
    static final Duration SETUP_BOUND = Duration.ofSeconds(60);
    private static final long RETRY_PAUSE_MILLIS = 50;

    private static LocalProcessCluster cluster;

    @BeforeAll
    static void startOverAnEnsemble() {
        LocalProcessBackend backend = new LocalProcessBackend(KeeperTopology.THREE_PEER_ENSEMBLE);
        if (backend.availability() instanceof BackendAvailability.Unavailable missing) {
            RealClickHouseRequirement.current().onUnavailable(LocalProcessBackend.NAME, missing);
        }
        cluster = (LocalProcessCluster) backend.start(ClusterSpec.twoMembers());
    }

    @AfterAll
    static void stop() {
        if (cluster != null) {
            cluster.close();
        }
    }

    /** The two duplicate workers of one race position: the first on member 1, the second on member 2. */
    private record Pair(RaceWorker first, RaceWorker second) {}

    /** One slot prepared for a race: both workers read it at version 0. */
    private record Slot(
            int race,
            Digest key,
            SlotVersion<AuthorityRecord> seenByFirst,
            SlotVersion<AuthorityRecord> seenBySecond,
            SlotLedger ledger) {}

    @Test
    void killingTheLeaderWhileCasesRaceNeverGrantsTwoPermitsNorAPermitForALostAnswer() throws Exception {
        TestDatabase database = cluster.createTestDatabase();
        ZooKeeperEnsemble ensemble = cluster.keeperEnsemble();
        Random random = new Random(SEED);
        LeaderLossTally tally = new LeaderLossTally();
        ExecutorService threads = Executors.newFixedThreadPool(2 * SLOTS_PER_ROUND + 1);
        List<Pair> pairs = new ArrayList<>();
        try {
            ControlTable table = ControlTable.create(cluster, database);
            KeeperTruth truth = new KeeperTruth(ensemble, table);
            for (Protocol first : Protocol.values()) {
                for (Protocol second : Protocol.values()) {
                    pairs.add(new Pair(new RaceWorker(table, first, 0), new RaceWorker(table, second, 1)));
                }
            }
            for (int round = 0; round < RACES / SLOTS_PER_ROUND; round++) {
                boolean kill = random.nextInt(100) < KILL_PERCENT;
                long delayMicros = random.nextInt(MAX_KILL_DELAY_MILLIS * 1000);
                round(round, pairs, kill ? delayMicros : -1, ensemble, truth, threads, tally);
            }
        } finally {
            threads.shutdownNow();
            pairs.forEach(pair -> {
                pair.first().close();
                pair.second().close();
            });
            cluster.dropTestDatabase(database);
        }
        tally.print();
        assertEquals(RACES / SLOTS_PER_ROUND * SLOTS_PER_ROUND, tally.races);
        assertTrue(
                tally.kills >= RACES / SLOTS_PER_ROUND / 4,
                "the leader died in a good share of the rounds: " + tally.kills);
        assertTrue(tally.racesKilledMidCas > 0, "some leader died while a race's CAS was in flight");
        assertTrue(tally.lostAnswers > 0, "some answer was lost to an election, so the unknown rule was exercised");
        assertEquals(
                2 * tally.kills, tally.recoveries, "every kill was followed by a verified CAS through each member");
    }

    private static void round(
            int round,
            List<Pair> pairs,
            long killDelayMicros,
            ZooKeeperEnsemble ensemble,
            KeeperTruth truth,
            ExecutorService threads,
            LeaderLossTally tally)
            throws Exception {
        List<Slot> slots = new ArrayList<>();
        for (int i = 0; i < pairs.size(); i++) {
            slots.add(prepare(round * pairs.size() + i, pairs.get(i), tally));
        }
        boolean kill = killDelayMicros >= 0;
        int leader = kill ? fullEnsembleLeader(ensemble) : 0;
        CyclicBarrier start = new CyclicBarrier(2 * slots.size() + (kill ? 1 : 0));
        List<Future<CasAttempt>> firsts = new ArrayList<>();
        List<Future<CasAttempt>> seconds = new ArrayList<>();
        for (int i = 0; i < slots.size(); i++) {
            Slot slot = slots.get(i);
            firsts.add(threads.submit(dispatch(start, pairs.get(i).first(), slot.seenByFirst())));
            seconds.add(threads.submit(dispatch(start, pairs.get(i).second(), slot.seenBySecond())));
        }
        Future<Long> killed = kill
                ? threads.submit(() -> {
                    start.await(30, TimeUnit.SECONDS);
                    LockSupport.parkNanos(TimeUnit.MICROSECONDS.toNanos(killDelayMicros));
                    long at = System.nanoTime();
                    ensemble.kill(leader);
                    return at;
                })
                : null;
        List<List<CasAttempt>> raced = new ArrayList<>();
        for (int i = 0; i < slots.size(); i++) {
            List<CasAttempt> attempts = List.of(
                    firsts.get(i).get(60, TimeUnit.SECONDS), seconds.get(i).get(60, TimeUnit.SECONDS));
            attempts.forEach(slots.get(i).ledger()::attempted);
            raced.add(attempts);
        }
        List<Slot> recovered = new ArrayList<>();
        if (kill) {
            long killedAt = killed.get(60, TimeUnit.SECONDS);
            ensemble.restart(leader);
            int midCas = tally.killed(killedAt, raced);
            long throughFirst = recover(slots.get(0), pairs.get(0).first(), killedAt);
            long throughSecond = recover(slots.get(1), pairs.get(1).second(), killedAt);
            tally.recovered(throughFirst);
            tally.recovered(throughSecond);
            recovered.add(slots.get(0));
            recovered.add(slots.get(1));
            System.out.println("round " + round + ": ZooKeeper leader " + leader + " killed " + killDelayMicros / 1000
                    + " ms after the CASes started, mid-CAS in " + midCas + " of " + slots.size() + " races; "
                    + LeaderLossTally.results(raced) + "; authority back after " + throughFirst + " ms (member 1), "
                    + throughSecond + " ms (member 2)");
        }
        for (int i = 0; i < slots.size(); i++) {
            Slot slot = slots.get(i);
            boolean lost = raced.get(i).stream()
                    .anyMatch(attempt -> attempt.result() instanceof SlotWrite.Unknown<AuthorityRecord>);
            if (lost && !recovered.contains(slot)) {
                recover(slot, pairs.get(i).first(), System.nanoTime());
            }
            KeeperTruth.Node last = truth.read(slot.key())
                    .orElseThrow(() -> new AssertionError("race " + slot.race() + ": the slot vanished"));
            tally.add(slot.ledger().judge(last), slot.ledger().attempts());
        }
    }

    private static Callable<CasAttempt> dispatch(
            CyclicBarrier start, RaceWorker worker, SlotVersion<AuthorityRecord> seen) {
        AuthorityRecord next = RecordSuccessor.of(seen.record());
        return () -> {
            start.await(30, TimeUnit.SECONDS);
            return worker.compareAndSwap(seen, next);
        };
    }

    /** Setup, not under test: a fresh PREPARED slot both workers read at version 0; retried with a new slot. */
    private static Slot prepare(int race, Pair pair, LeaderLossTally tally) {
        long deadline = System.nanoTime() + SETUP_BOUND.toNanos();
        while (System.nanoTime() < deadline) {
            AuthorityRecord prepared = AuthorityRecords.prepared();
            if (pair.first().authority().createIfAbsent(prepared) instanceof SlotWrite.Verified<AuthorityRecord>) {
                SlotLedger ledger = new SlotLedger("race " + race);
                SlotVersion<AuthorityRecord> seenByFirst =
                        readValid(pair.first(), prepared.targetKey(), ledger, deadline);
                SlotVersion<AuthorityRecord> seenBySecond =
                        readValid(pair.second(), prepared.targetKey(), ledger, deadline);
                if (seenByFirst != null && seenBySecond != null) {
                    assertEquals(seenByFirst, seenBySecond, "both workers read the same version");
                    return new Slot(race, prepared.targetKey(), seenByFirst, seenBySecond, ledger);
                }
            }
            tally.setupRetries++;
            pause();
        }
        return fail("race " + race + ": no slot could be prepared within " + SETUP_BOUND);
    }

    /**
     * A fresh read and a CAS from the version it shows, through {@code worker}, until one is
     * verified; returns the milliseconds since {@code since}. Reads may be retried; each CAS is one
     * attempt on the slot's ledger.
     */
    private static long recover(Slot slot, RaceWorker worker, long since) {
        long deadline = since + RECOVERY_BOUND.toNanos();
        while (System.nanoTime() < deadline) {
            SlotVersion<AuthorityRecord> seen = readValid(worker, slot.key(), slot.ledger(), deadline);
            if (seen != null) {
                CasAttempt attempt = worker.compareAndSwap(seen, RecordSuccessor.of(seen.record()));
                slot.ledger().attempted(attempt);
                if (attempt.verified()) {
                    return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - since);
                }
            }
            pause();
        }
        return fail("race " + slot.race() + ": the authority did not verify a CAS through " + worker.label()
                + " within " + RECOVERY_BOUND);
    }

    /** The slot's valid record as {@code worker} reads it, retried until {@code deadline}; null when it never was. */
    private static SlotVersion<AuthorityRecord> readValid(
            RaceWorker worker, Digest key, SlotLedger ledger, long deadline) {
        while (System.nanoTime() < deadline) {
            if (worker.read(key) instanceof SlotRead.Present<AuthorityRecord> present) {
                ledger.observed(present.row());
                Optional<SlotVersion<AuthorityRecord>> valid = present.valid();
                if (valid.isPresent()) {
                    return valid.get();
                }
                fail("the slot holds an invalid record: " + present);
            }
            pause();
        }
        return null;
    }

    /** The leader once all three peers serve again, so a kill leaves a quorum of two. */
    private static int fullEnsembleLeader(ZooKeeperEnsemble ensemble) {
        for (int id = 1; id <= ensemble.size(); id++) {
            ensemble.restart(id);
        }
        return ensemble.awaitServing();
    }

    private static void pause() {
        try {
            Thread.sleep(RETRY_PAUSE_MILLIS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }
}
