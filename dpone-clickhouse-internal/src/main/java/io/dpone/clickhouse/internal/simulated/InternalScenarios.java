package io.dpone.clickhouse.internal.simulated;

import io.dpone.testkit.acceptance.Drift;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Every internal-mode acceptance scenario, by name: the spec's "Required scenarios" (one each), its
 * edge cases, and issue 11's fail-closed admission on a cluster without distributed DDL. The JUnit
 * classes run them on each backend; {@code dpone demo --scenario NAME} narrates one on the
 * simulator ({@link #withDdlWorker()}).
 */
public final class InternalScenarios {
    /** The scheduler invocation id the scenarios publish their default target under. */
    public static final String INVOCATION = Fixture.INVOCATION;

    private static final List<Scenario> ALL = build();

    private InternalScenarios() {}

    public static List<Scenario> all() {
        return ALL;
    }

    public static Optional<Scenario> named(String name) {
        return ALL.stream().filter(scenario -> scenario.name().equals(name)).findFirst();
    }

    /** The scenarios a cluster whose members run a distributed-DDL worker can run (the simulator's, Docker's). */
    public static List<Scenario> withDdlWorker() {
        return ALL.stream().filter(scenario -> scenario.needs().metBy(true)).toList();
    }

    /** The scenarios a cluster without a distributed-DDL worker can run (the local real harness's). */
    public static List<Scenario> withoutDdlWorker() {
        return ALL.stream().filter(scenario -> scenario.needs().metBy(false)).toList();
    }

    private static List<Scenario> build() {
        List<Scenario> list = new ArrayList<>();
        list.add(new Scenario(
                "existing-target",
                "normal publication over an existing target, then exact cleanup",
                2,
                PublicationScenarios::existingTarget));
        list.add(new Scenario(
                "absent-target",
                "normal publication into an absent target with one RENAME",
                2,
                PublicationScenarios::absentTarget));
        list.add(new Scenario(
                "lost-exchange-response",
                "the EXCHANGE answer is lost after enqueue and commit",
                2,
                PublicationScenarios::lostExchangeResponse));
        list.add(new Scenario(
                "slow-replica",
                PublicationScenarios.SLOW_REPLICA + ": waiting, then the rerun waits for"
                        + " the original entry and commits",
                2,
                PublicationScenarios::slowReplica));
        list.add(new Scenario(
                "paused-replica",
                PublicationScenarios.PAUSED_REPLICA + ": unknown until it returns, then" + " the rerun commits",
                2,
                PublicationScenarios::pausedReplica));
        list.add(new Scenario(
                "terminal-error-on-one-replica",
                "one replica fails the EXCHANGE: terminal partial, both"
                        + " generations kept, and the rerun sends no second publication DDL",
                2,
                PublicationScenarios::terminalErrorOnOneReplica));
        list.add(new Scenario(
                "terminal-partial-repaired",
                "a terminal mixed publication repaired per the runbook:"
                        + " local EXCHANGE on the pending replica, then the rerun commits and cleans up",
                2,
                PublicationScenarios::terminalPartialRepairedByTheRunbook));
        list.add(new Scenario(
                "racing-workers",
                "two reruns race the dispatch CAS: one permit, one EXCHANGE",
                2,
                AuthorityScenarios::racingWorkers));
        list.add(new Scenario(
                "keeper-map-cas",
                "two compare-and-swaps of the KeeperMap record from one version: one"
                        + " verified with the permit, one conflict that changes nothing",
                2,
                AuthorityScenarios::keeperMapCas));
        list.add(new Scenario(
                "lost-cas-response",
                "the dispatch CAS commits but its answer is lost: unknown, no DDL",
                2,
                AuthorityScenarios::lostCasResponse));
        list.add(new Scenario(
                "comment-versus-log-comment",
                "a leading comment is not stored, log_comment is;" + " exactly one entry binds",
                2,
                FacadeAndQueueScenarios::commentVersusLogComment));
        list.add(new Scenario(
                "two-entries-one-token",
                "two queue entries carry one token: unknown, the newest is never"
                        + " chosen, and the rerun stays unknown",
                2,
                FacadeAndQueueScenarios::twoEntriesOneToken));
        list.add(new Scenario(
                "lost-cleanup-response",
                "the cleanup DROP answer is lost: reconciled, exact cleanup completes",
                2,
                PublicationScenarios::lostCleanupResponse));
        list.add(new Scenario(
                "queue-evidence-hazards",
                "a duplicate entry, a collected entry, an extra or missing host"
                        + " row, damaged rows (simulator only): unknown, never cleanup",
                2,
                Scenario.Needs.DDL_WORKER,
                QueueEvidenceScenarios::queueEvidenceHazards,
                QueueEvidenceScenarios::coverage));
        for (Drift drift : List.of(Drift.UUID, Drift.ENGINE, Drift.SCHEMA, Drift.KEEPER_PATH)) {
            list.add(new Scenario(
                    "drift-" + slug(drift) + "-before-admission",
                    "the target's " + DriftScenarios.words(drift)
                            + " drifts on one replica: admission blocks before any mutation",
                    2,
                    Scenario.Needs.ANY_CLUSTER,
                    (cluster, narrator) -> DriftScenarios.beforeAdmission(cluster, narrator, drift)));
        }
        for (Drift drift : Drift.values()) {
            list.add(new Scenario(
                    "drift-" + slug(drift) + "-before-dispatch",
                    "a " + DriftScenarios.words(drift) + " drift after PREPARED: the rerun never dispatches",
                    3,
                    (cluster, narrator) -> DriftScenarios.beforeDispatch(cluster, narrator, drift)));
        }
        list.add(new Scenario(
                "partial-facade",
                "a matching control facade on one replica only is completed, then committed",
                2,
                FacadeAndQueueScenarios::partialFacade));
        list.add(new Scenario(
                "mismatched-facade",
                "a control table on another Keeper root blocks before anything is sent",
                2,
                Scenario.Needs.ANY_CLUSTER,
                FacadeAndQueueScenarios::mismatchedFacade));
        list.add(new Scenario(
                "foreign-operation-fenced",
                "another invocation's unresolved operation is fenced",
                2,
                AuthorityScenarios::foreignOperationFenced));
        list.add(new Scenario(
                "crash-before-authority",
                "a crash before the slot: the rerun publishes its own attempt,"
                        + " then lists the crashed attempt's candidate in its receipt and drops none",
                2,
                AuthorityScenarios::crashBeforeAuthority));
        list.add(new Scenario(
                "staging-failure",
                "candidate creation fails on one replica: the attempt removes exactly"
                        + " its own candidate and never takes the slot",
                2,
                AuthorityScenarios::stagingFailureRemovesOwnCandidate));
        list.add(new Scenario(
                "empty-source",
                "an empty source publishes a validated empty candidate",
                2,
                FacadeAndQueueScenarios::emptySource));
        list.add(new Scenario(
                "capability-missing",
                "no distributed-DDL worker: publish fails closed at admission;"
                        + " catalogs and Keeper stay byte-identical",
                2,
                Scenario.Needs.NO_DDL_WORKER,
                CapabilityScenarios::capabilityMissing));
        return List.copyOf(list);
    }

    private static String slug(Drift drift) {
        return drift.name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
    }
}
