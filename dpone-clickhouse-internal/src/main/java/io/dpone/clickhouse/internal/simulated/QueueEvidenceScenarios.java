package io.dpone.clickhouse.internal.simulated;

import static io.dpone.clickhouse.internal.simulated.Fixture.INVOCATION;

import io.dpone.clickhouse.cluster.sql.StatementKind;
import io.dpone.clickhouse.cluster.sql.TableRef;
import io.dpone.spi.error.DponeErrorCode;
import io.dpone.spi.receipt.PublicationOutcome;
import io.dpone.testkit.acceptance.ArmedFault;
import io.dpone.testkit.acceptance.Attempt;
import io.dpone.testkit.acceptance.Expect;
import io.dpone.testkit.acceptance.Narrator;
import io.dpone.testkit.acceptance.QueueHazard;
import io.dpone.testkit.acceptance.ScenarioCoverage;
import io.dpone.testkit.acceptance.ScenarioFailure;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/**
 * The spec's last required scenario: hazardous queue evidence never reaches cleanup. One sub-case
 * per {@link QueueHazard}, each a publication to its own target (its own slot under the one
 * control facade) through the real service: the hazard is injected around the publication
 * statement, and the service must end {@code unknown} (or {@code waiting} while the entry may still
 * run) with the exact code, a rerun of the same invocation too, without a second publication
 * statement, without any cleanup {@code DROP}, and with both generations kept on every replica.
 *
 * <p>Which backend injects what: the simulator injects every hazard; Docker only the duplicate
 * entry. The collected entry and the extra or missing host row are produced by real servers (queue
 * cleanup, a {@code remote_servers} reload during the dispatch) but the Docker fixture cannot
 * cause them on demand; the damaged rows (NULL or contradictory exception columns, an exception on
 * an Active row, an ill-typed cell, a NULL or unrecognized status) are shown by no ClickHouse 24.8
 * server at all ({@code HostRowDamage}) and are simulator only. For every hazard a backend does not
 * inject the scenario proves that the backend refuses the injection, so none is skipped silently.
 */
public final class QueueEvidenceScenarios {
    private QueueEvidenceScenarios() {}

    /** The hazards {@code cluster} injects ran; a backend that injects only some of them runs the scenario in part. */
    public static ScenarioCoverage coverage(AcceptanceCluster cluster) {
        return coverage(cluster.injectableQueueHazards());
    }

    public static ScenarioCoverage coverage(Set<QueueHazard> injectable) {
        List<String> ran = new ArrayList<>();
        List<String> refused = new ArrayList<>();
        for (QueueHazard hazard : QueueHazard.values()) {
            (injectable.contains(hazard) ? ran : refused).add(hazard.name().toLowerCase(Locale.ROOT));
        }
        if (ran.isEmpty()) {
            return new ScenarioCoverage.NotRunOnProduct("the backend injects no queue hazard");
        }
        return refused.isEmpty() ? new ScenarioCoverage.Full() : new ScenarioCoverage.Partial(ran, refused);
    }

    static List<Attempt> queueEvidenceHazards(AcceptanceCluster cluster, Narrator narrator) {
        cluster.createDatabases(
                cluster.target().database(), cluster.facade().control().database());
        Set<QueueHazard> injectable = cluster.injectableQueueHazards();
        Expect.that(
                injectable.contains(QueueHazard.DUPLICATE_ENTRY),
                "a backend with a DDL worker injects a duplicate entry");
        narrator.say(
                cluster.backend() + ": " + cluster.members() + " replicas; every hazard publishes to its own existing"
                        + " or absent target under one control facade");
        // the replicas at the start: a replica that joins the configuration for one statement is no target replica
        int replicas = cluster.members();
        List<Attempt> attempts = new ArrayList<>();
        for (QueueHazard hazard : QueueHazard.values()) {
            if (!injectable.contains(hazard)) {
                expectRefused(cluster, hazard);
                narrator.say(slug(hazard) + ": not injectable on " + cluster.backend()
                        + (hazard.producedByARealServer() ? "" : " (no real server shows it)"));
                continue;
            }
            narrator.say(slug(hazard) + ":");
            attempts.addAll(
                    switch (hazard) {
                        case DUPLICATE_ENTRY -> duplicateEntry(cluster, narrator, replicas);
                        case COLLECTED_ENTRY -> collectedEntry(cluster, narrator, replicas);
                        default -> hostRowHazard(cluster, narrator, hazard, replicas);
                    });
            Fixture.expectNothingSent(cluster, StatementKind.DDL_DROP);
        }
        Fixture.expectOneShot(cluster);
        return attempts;
    }

    /** Two entries carry the RENAME's token: no entry binds, so both the attempt and its rerun stay unknown. */
    private static List<Attempt> duplicateEntry(AcceptanceCluster cluster, Narrator narrator, int replicas) {
        TableRef target = target(cluster, QueueHazard.DUPLICATE_ENTRY);
        PublicationDriver driver = new PublicationDriver(cluster, target);
        long renames = cluster.sent(StatementKind.DDL_RENAME);
        cluster.armQueueHazard(QueueHazard.DUPLICATE_ENTRY, 0, StatementKind.DDL_RENAME);
        narrator.say("  the RENAME into an absent target is enqueued twice under one token");
        Attempt first = driver.publish("worker-1", cluster.ports("worker-1"), INVOCATION, driver.rows(4, true));
        Attempt rerun = driver.publish("worker-2", cluster.ports("worker-2"), INVOCATION, driver.rows(4, true));
        expectUnresolved(narrator, DponeErrorCode.CLICKHOUSE_CLUSTER_DDL_UNRESOLVED, true, first, rerun);
        expectEntryEvidence(first, false, Optional.empty());
        expectEntryEvidence(rerun, false, Optional.empty());
        Expect.equal(renames + 1, cluster.sent(StatementKind.DDL_RENAME), "RENAME statements sent");
        for (int member = 0; member < replicas; member++) {
            Expect.that(
                    cluster.uuid(member, target).isPresent(), "the published generation is kept on member " + member);
        }
        return List.of(first, rerun);
    }

    /** The bound entry is collected while replica 2 had not run it: unknown before and after replica 2 resumes. */
    private static List<Attempt> collectedEntry(AcceptanceCluster cluster, Narrator narrator, int replicas) {
        TableRef target = target(cluster, QueueHazard.COLLECTED_ENTRY);
        Generations generations = Generations.before(cluster, target, replicas);
        PublicationDriver driver = new PublicationDriver(cluster, target);
        long exchanges = cluster.sent(StatementKind.DDL_EXCHANGE);
        cluster.arm(new ArmedFault.StallDdlBefore(1, StatementKind.DDL_EXCHANGE));
        narrator.say("  replica 2's DDL worker is held up; the EXCHANGE entry is bound and runs on replica 1 only");
        Attempt waiting = driver.publish("worker-1", INVOCATION, 5);
        Fixture.result(indented(narrator), "", waiting);
        Fixture.expectOutcome(waiting, PublicationOutcome.WAITING);
        Expect.equal(Optional.of(DponeErrorCode.CLICKHOUSE_CLUSTER_DDL_UNRESOLVED), waiting.code(), "code");
        Expect.equal("PARTIAL_IN_PROGRESS", Fixture.classification(waiting), "classification");
        cluster.collectQueue();
        narrator.say("  the queue cleaner collects the entry before any terminal result was persisted");
        Attempt collected = driver.publish("worker-2", INVOCATION, 5);
        cluster.releaseDdl(1);
        narrator.say("  replica 2's DDL worker resumes; a collected entry is never run");
        Attempt resumed = driver.publish("worker-3", INVOCATION, 5);
        expectUnresolved(narrator, DponeErrorCode.CLICKHOUSE_CLUSTER_DDL_UNRESOLVED, false, collected, resumed);
        expectEntryEvidence(resumed, true, Optional.empty());
        Expect.equal(exchanges + 1, cluster.sent(StatementKind.DDL_EXCHANGE), "EXCHANGE statements sent");
        generations.expectKept(driver);
        Expect.equal(
                Optional.of(generations.predecessor()),
                cluster.uuid(1, target),
                "replica 2 never ran the collected entry");
        return List.of(waiting, collected, resumed);
    }

    /** An extra, missing or damaged host row of the EXCHANGE entry: unknown, then unknown again on a rerun. */
    private static List<Attempt> hostRowHazard(
            AcceptanceCluster cluster, Narrator narrator, QueueHazard hazard, int replicas) {
        TableRef target = target(cluster, hazard);
        Generations generations = Generations.before(cluster, target, replicas);
        PublicationDriver driver = new PublicationDriver(cluster, target);
        long exchanges = cluster.sent(StatementKind.DDL_EXCHANGE);
        int member = hazard == QueueHazard.MISSING_HOST_ROW ? 1 : 0;
        cluster.armQueueHazard(hazard, member, StatementKind.DDL_EXCHANGE);
        narrator.say("  the EXCHANGE entry's host rows: " + slug(hazard) + " (replica " + (member + 1) + ")");
        Attempt first = driver.publish("worker-1", INVOCATION, 5);
        Attempt rerun = driver.publish("worker-2", INVOCATION, 5);
        expectUnresolved(narrator, DponeErrorCode.CLICKHOUSE_CLUSTER_DDL_UNRESOLVED, true, first, rerun);
        boolean hostSet = hazard == QueueHazard.EXTRA_HOST_ROW || hazard == QueueHazard.MISSING_HOST_ROW;
        for (Attempt attempt : List.of(first, rerun)) {
            // a host-set hazard makes the set inexact; a damaged row leaves it exact and makes that replica's row
            // unknown
            expectEntryEvidence(attempt, true, Optional.of(!hostSet));
            if (!hostSet) {
                Expect.equal("OUTCOME_UNKNOWN", hostStatus(attempt, member + 1), "queue status of the damaged row");
            }
        }
        Expect.equal(exchanges + 1, cluster.sent(StatementKind.DDL_EXCHANGE), "EXCHANGE statements sent");
        generations.expectKept(driver);
        return List.of(first, rerun);
    }

    /** Each attempt narrated and held to unknown; all but a first run of the invocation are reruns. */
    private static void expectUnresolved(
            Narrator narrator, DponeErrorCode code, boolean startsTheInvocation, Attempt... attempts) {
        for (int i = 0; i < attempts.length; i++) {
            Attempt attempt = attempts[i];
            Fixture.result(indented(narrator), i == 0 && startsTheInvocation ? "" : "rerun", attempt);
            Fixture.expectOutcome(attempt, PublicationOutcome.UNKNOWN);
            Expect.equal(Optional.of(code), attempt.code(), "code (" + attempt.summary() + ")");
            Expect.equal("OUTCOME_UNKNOWN", Fixture.classification(attempt), "classification");
            Expect.equal(
                    "QUEUE_UNRESOLVED",
                    String.valueOf(attempt.receipt().detail().get("unknown_cause")),
                    "unknown cause");
        }
    }

    /** A hazard's own lines, under its heading. */
    private static Narrator indented(Narrator narrator) {
        return line -> narrator.say("  " + line);
    }

    /** The receipt's evidence of the publication entry: that the hazard, and nothing else, made the outcome unknown. */
    @SuppressWarnings("unchecked")
    private static void expectEntryEvidence(Attempt attempt, boolean bound, Optional<Boolean> exactHostSet) {
        Map<String, Object> ddl =
                (Map<String, Object>) attempt.receipt().detail().get("publication_ddl");
        Expect.that(ddl != null, "the receipt shows the publication statement");
        Expect.equal(bound, ddl.get("entry") != null, "one entry bound");
        if (bound) {
            Expect.equal("OUTCOME_UNKNOWN", ddl.get("aggregate"), "aggregate of the entry's host rows");
        }
        exactHostSet.ifPresent(exact -> Expect.equal(exact, ddl.get("exact_host_set"), "exact host set"));
    }

    /** The receipt's queue status of replica {@code replica} (1-based) for the publication entry. */
    @SuppressWarnings("unchecked")
    private static String hostStatus(Attempt attempt, int replica) {
        Map<String, Object> ddl =
                (Map<String, Object>) attempt.receipt().detail().get("publication_ddl");
        for (Object host : (List<Object>) ddl.get("hosts")) {
            Map<String, Object> fields = (Map<String, Object>) host;
            if (((Number) fields.get("replica")).intValue() == replica) {
                return String.valueOf(fields.get("status"));
            }
        }
        throw new ScenarioFailure("the receipt shows no queue status of replica " + replica);
    }

    /** The backend must refuse a hazard it does not list: the sub-case is accounted for, not silently dropped. */
    private static void expectRefused(AcceptanceCluster cluster, QueueHazard hazard) {
        try {
            if (hazard == QueueHazard.COLLECTED_ENTRY) {
                cluster.collectQueue();
            } else {
                cluster.armQueueHazard(hazard, 0, StatementKind.DDL_EXCHANGE);
            }
        } catch (UnsupportedOperationException refused) {
            return;
        }
        throw new ScenarioFailure(cluster.backend() + " does not list " + hazard + " as injectable but injected it");
    }

    private static TableRef target(AcceptanceCluster cluster, QueueHazard hazard) {
        return new TableRef(
                cluster.target().database(),
                cluster.target().table() + "_" + hazard.name().toLowerCase(Locale.ROOT));
    }

    private static String slug(QueueHazard hazard) {
        return hazard.name().toLowerCase(Locale.ROOT).replace('_', ' ');
    }

    /** An existing target's generation before the publication, and the check that nothing of it or the candidate was dropped. */
    private record Generations(AcceptanceCluster cluster, TableRef target, UUID predecessor, int replicas) {
        static Generations before(AcceptanceCluster cluster, TableRef target, int replicas) {
            cluster.createReplicatedTable(target, 3);
            UUID predecessor = cluster.uuid(0, target).orElseThrow(() -> new ScenarioFailure("member 0 has no target"));
            for (int member = 1; member < replicas; member++) {
                Expect.equal(Optional.of(predecessor), cluster.uuid(member, target), "target UUID on member " + member);
            }
            return new Generations(cluster, target, predecessor, replicas);
        }

        /** Every replica still holds the target and the candidate, and the predecessor is one of them. */
        void expectKept(PublicationDriver driver) {
            TableRef candidate = driver.candidate(INVOCATION);
            for (int member = 0; member < replicas; member++) {
                Optional<UUID> current = cluster.uuid(member, target);
                Optional<UUID> staged = cluster.uuid(member, candidate);
                Expect.that(current.isPresent() && staged.isPresent(), "both generations kept on member " + member);
                Expect.that(
                        current.get().equals(predecessor) || staged.get().equals(predecessor),
                        "the predecessor generation kept on member " + member);
            }
        }
    }
}
