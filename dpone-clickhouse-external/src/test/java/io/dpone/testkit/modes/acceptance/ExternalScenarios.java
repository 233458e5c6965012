package io.dpone.testkit.modes.acceptance;

import io.dpone.clickhouse.external.simulated.ExternalAcceptanceCluster;
import java.util.List;
import java.util.Optional;

/**
 * Every external-mode acceptance scenario, by name (issue 12: the publication and cleanup outcomes
 * that need a real distributed-DDL queue, and the staging outcomes around them), written once
 * against {@link ExternalAcceptanceCluster}. The JUnit classes run them on each backend.
 */
public final class ExternalScenarios {
    private static final List<ExternalScenario> ALL = List.of(
            new ExternalScenario(
                    "existing-target",
                    "an existing MergeTree target on every member: one EXCHANGE, each member's"
                            + " exact predecessor dropped, a rerun sends nothing",
                    2,
                    ExternalScenario.Needs.DDL_FAN_OUT,
                    ExternalPublicationScenarios::existingTarget),
            new ExternalScenario(
                    "absent-target",
                    "an absent target: candidates from the declared columns, one RENAME",
                    2,
                    ExternalScenario.Needs.DDL_FAN_OUT,
                    ExternalPublicationScenarios::absentTarget),
            new ExternalScenario(
                    "lost-exchange-response",
                    "the EXCHANGE answer is lost after enqueue: reconciled, one EXCHANGE",
                    2,
                    ExternalScenario.Needs.DDL_QUEUE,
                    ExternalPublicationScenarios::lostExchangeResponse),
            new ExternalScenario(
                    "slow-member",
                    "one member's DDL worker is held up: partial in progress (waiting), then the"
                            + " original entry converges",
                    2,
                    ExternalScenario.Needs.DDL_QUEUE,
                    ExternalPublicationScenarios::slowMember),
            new ExternalScenario(
                    "terminal-error-on-one-member",
                    "one member fails the EXCHANGE: terminal mixed"
                            + " (EXTERNAL_PUBLICATION_PARTIAL), nothing redispatched, both generations kept",
                    2,
                    ExternalScenario.Needs.DDL_QUEUE,
                    ExternalPublicationScenarios::terminalErrorOnOneMember),
            new ExternalScenario(
                    "lost-cleanup-response",
                    "the cleanup DROP answer is lost: reconciled, exact cleanup completes",
                    2,
                    ExternalScenario.Needs.DDL_QUEUE,
                    ExternalPublicationScenarios::lostCleanupResponse),
            new ExternalScenario(
                    "racing-workers",
                    "two workers resume one operation at once from STAGING: one replace, one"
                            + " permit, one EXCHANGE, one DROP",
                    2,
                    ExternalScenario.Needs.DDL_FAN_OUT,
                    ExternalStagingScenarios::racingWorkers),
            new ExternalScenario(
                    "member-lost-mid-staging",
                    "a member killed mid-load: prepared; the same operation accepts the"
                            + " exact candidate, replaces only the owned partial one and publishes",
                    2,
                    ExternalScenario.Needs.DDL_FAN_OUT,
                    ExternalStagingScenarios::memberLostMidStaging),
            new ExternalScenario(
                    "divergence-before-proof",
                    "a candidate row changed before its proof: STAGING_DIVERGED, nothing"
                            + " published; the rerun replaces the unproven candidate",
                    2,
                    ExternalScenario.Needs.DDL_FAN_OUT,
                    ExternalStagingScenarios::divergenceBeforeProof),
            new ExternalScenario(
                    "divergence-after-proof",
                    "a proven candidate changed before STAGED: diverged on every retry,"
                            + " nothing published or replaced",
                    2,
                    ExternalScenario.Needs.DDL_FAN_OUT,
                    ExternalStagingScenarios::divergenceAfterProof));

    private ExternalScenarios() {}

    public static List<ExternalScenario> all() {
        return ALL;
    }

    public static Optional<ExternalScenario> named(String name) {
        return ALL.stream().filter(scenario -> scenario.name().equals(name)).findFirst();
    }

    /** The scenarios whose outcome does not depend on a real queue's timing or host errors (an emulated fan-out would do). */
    public static List<ExternalScenario> withoutRealQueue() {
        return ALL.stream()
                .filter(scenario -> scenario.needs() == ExternalScenario.Needs.DDL_FAN_OUT)
                .toList();
    }
}
