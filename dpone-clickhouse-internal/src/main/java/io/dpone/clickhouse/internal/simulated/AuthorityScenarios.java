package io.dpone.clickhouse.internal.simulated;

import static io.dpone.clickhouse.internal.simulated.Fixture.INVOCATION;

import io.dpone.clickhouse.cluster.authority.AuthorityPort;
import io.dpone.clickhouse.cluster.authority.SlotRead;
import io.dpone.clickhouse.cluster.authority.SlotVersion;
import io.dpone.clickhouse.cluster.authority.SlotWrite;
import io.dpone.clickhouse.cluster.contract.authority.AuthorityPayload;
import io.dpone.clickhouse.cluster.contract.authority.AuthorityRecord;
import io.dpone.clickhouse.cluster.contract.authority.DdlBinding;
import io.dpone.clickhouse.cluster.contract.ddl.DdlAction;
import io.dpone.clickhouse.cluster.contract.ddl.DdlCorrelationToken;
import io.dpone.clickhouse.cluster.contract.digest.Sha256ProtocolDigests;
import io.dpone.clickhouse.cluster.contract.phase.AuthorityPhase;
import io.dpone.clickhouse.cluster.sql.StatementKind;
import io.dpone.clickhouse.internal.service.OperationIdentity;
import io.dpone.clickhouse.internal.service.PublicationPorts;
import io.dpone.spi.error.DponeErrorCode;
import io.dpone.spi.receipt.PublicationOutcome;
import io.dpone.testkit.acceptance.ArmedFault;
import io.dpone.testkit.acceptance.Attempt;
import io.dpone.testkit.acceptance.Expect;
import io.dpone.testkit.acceptance.Narrator;
import io.dpone.testkit.acceptance.ScenarioFailure;
import io.dpone.testkit.acceptance.WorkerResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Function;

/** Authority: racing workers, the KeeperMap CAS itself, a lost CAS response, fencing, a crash before the slot. */
final class AuthorityScenarios {
    private AuthorityScenarios() {}

    /** A crashed first worker leaves the operation PREPARED: right before its dispatch CAS. */
    private static void leavePrepared(AcceptanceCluster cluster, PublicationDriver driver, Narrator narrator) {
        cluster.arm(new ArmedFault.CrashBefore("worker-0", StatementKind.KEEPER_MAP_CAS));
        Map<String, WorkerResult<Attempt>> crashed = cluster.race(
                Map.of("worker-0", ports -> driver.publish("worker-0", ports, INVOCATION, driver.rows(5, false))));
        Expect.that(
                crashed.get("worker-0") instanceof WorkerResult.Crashed, "worker-0 crashed before its dispatch CAS");
        narrator.say("worker-0 staged the candidate, took the slot in PREPARED and crashed before its dispatch CAS");
    }

    /** Two workers of the same operation race the PREPARED -> DISPATCHING CAS: one permit, one EXCHANGE. */
    static List<Attempt> racingWorkers(AcceptanceCluster cluster, Narrator narrator) {
        PublicationDriver driver = Fixture.prepare(cluster, 3, narrator);
        leavePrepared(cluster, driver, narrator);
        narrator.say("two reruns of the same invocation race from the same PREPARED version");
        Map<String, Function<PublicationPorts, Attempt>> racers = new LinkedHashMap<>();
        for (String worker : List.of("worker-1", "worker-2")) {
            racers.put(worker, ports -> driver.publish(worker, ports, INVOCATION, driver.rows(5, false)));
        }
        List<Attempt> attempts = new ArrayList<>();
        cluster.race(racers).forEach((worker, result) -> {
            Expect.that(result instanceof WorkerResult.Returned, worker + " ended normally, got " + result);
            Attempt attempt = ((WorkerResult.Returned<Attempt>) result).value();
            Fixture.result(narrator, "rerun by " + worker, attempt);
            attempts.add(attempt);
        });
        Fixture.expectSentOnce(cluster, StatementKind.DDL_EXCHANGE);
        Fixture.expectOneShot(cluster);
        Attempt settled = driver.publish("worker-3", INVOCATION, 5);
        Fixture.result(narrator, "a later rerun", settled);
        Fixture.expectOutcome(settled, PublicationOutcome.COMMITTED);
        Fixture.expectSentOnce(cluster, StatementKind.DDL_EXCHANGE);
        attempts.add(settled);
        return attempts;
    }

    /**
     * The KeeperMap CAS with key, _version, operation, fence and phase predicates: from one read
     * version exactly one of two CASes is verified, the version rises by one, the stale one is a no-op.
     */
    static List<Attempt> keeperMapCas(AcceptanceCluster cluster, Narrator narrator) {
        PublicationDriver driver = Fixture.prepare(cluster, 3, narrator);
        leavePrepared(cluster, driver, narrator);
        OperationIdentity identity =
                OperationIdentity.derive(driver.settings(), INVOCATION, Sha256ProtocolDigests.INSTANCE);
        AuthorityPort<AuthorityRecord> first = cluster.ports("cas-1").authority();
        AuthorityPort<AuthorityRecord> second = cluster.ports("cas-2").authority();
        SlotVersion<AuthorityRecord> seen = valid(first.readVersioned(identity.targetKey()));
        Expect.equal(AuthorityPhase.PREPARED, seen.record().phase(), "phase read");
        SlotWrite<AuthorityRecord> won = first.compareAndSwap(seen, dispatching(seen.record(), cluster, "cas-1"));
        SlotWrite<AuthorityRecord> stale = second.compareAndSwap(seen, dispatching(seen.record(), cluster, "cas-2"));
        Expect.that(
                won instanceof SlotWrite.Verified<AuthorityRecord> verified
                        && verified.dispatchPermit().isPresent(),
                "the first CAS is verified and carries a permit");
        Expect.that(
                stale instanceof SlotWrite.Conflict<AuthorityRecord>, "the stale CAS is a conflict without a permit");
        SlotVersion<AuthorityRecord> after = valid(first.readVersioned(identity.targetKey()));
        Expect.equal(
                seen.keeperVersion() + 1, after.keeperVersion(), "_version after one verified CAS and one stale no-op");
        narrator.say("two writers compare-and-swap PREPARED -> DISPATCHING from the same record version");
        narrator.say("first CAS -> acknowledged and verified by a read-back: it holds the dispatch permit; the record"
                + " version rises by exactly one");
        narrator.say("second CAS -> " + conflict((SlotWrite.Conflict<AuthorityRecord>) stale) + "; it holds no permit");
        return List.of();
    }

    /** Discard an actually committed CAS response: unknown, one transport call, no DDL though a read sees the record. */
    static List<Attempt> lostCasResponse(AcceptanceCluster cluster, Narrator narrator) {
        PublicationDriver driver = Fixture.prepare(cluster, 3, narrator);
        cluster.arm(new ArmedFault.LoseResponse(StatementKind.KEEPER_MAP_CAS));
        narrator.say("the dispatch CAS will commit in Keeper but its answer is lost");
        Attempt attempt = driver.publish("worker-1", INVOCATION, 5);
        Fixture.result(narrator, "", attempt);
        Fixture.expectOutcome(attempt, PublicationOutcome.UNKNOWN);
        Expect.equal(Optional.of(DponeErrorCode.CLICKHOUSE_CLUSTER_AUTHORITY_OUTCOME_UNKNOWN), attempt.code(), "code");
        Fixture.expectNothingSent(cluster, StatementKind.DDL_EXCHANGE);
        Fixture.expectOneShot(cluster);
        Attempt status = driver.status("observer", INVOCATION);
        Fixture.result(narrator, "an independent status read", status);
        Expect.equal("DISPATCHING", status.receipt().detail().get("phase"), "phase an independent read observes");
        Attempt rerun = driver.publish("worker-2", INVOCATION, 5);
        narrator.say("a rerun never dispatches from a write it could not prove");
        Fixture.result(narrator, "rerun", rerun);
        Fixture.expectOutcome(rerun, PublicationOutcome.UNKNOWN);
        Fixture.expectNothingSent(cluster, StatementKind.DDL_EXCHANGE);
        return List.of(attempt, status, rerun);
    }

    /** A foreign unresolved operation is fenced; its own invocation still finishes. */
    static List<Attempt> foreignOperationFenced(AcceptanceCluster cluster, Narrator narrator) {
        PublicationDriver driver = Fixture.prepare(cluster, 3, narrator);
        leavePrepared(cluster, driver, narrator);
        Attempt foreign = driver.publish("worker-1", "another-invocation", 5);
        Fixture.result(narrator, "another invocation", foreign);
        Expect.equal(Optional.of(DponeErrorCode.CLICKHOUSE_CLUSTER_AUTHORITY_CONFLICT), foreign.code(), "foreign code");
        Fixture.expectNothingSent(cluster, StatementKind.DDL_EXCHANGE);
        Attempt own = driver.publish("worker-2", INVOCATION, 5);
        Fixture.result(narrator, "rerun of the owning invocation", own);
        Fixture.expectOutcome(own, PublicationOutcome.COMMITTED);
        return List.of(foreign, own);
    }

    /**
     * A crash before authority acquisition: the retry stages its own attempt and publishes; once its
     * record is COMPLETED the receipt lists the crashed attempt's candidate by its suffix
     * ({@code leftover_attempts}) and nothing drops it: a frozen worker's staging looks the same
     * (issue 18). Nothing is dropped but the predecessor.
     */
    static List<Attempt> crashBeforeAuthority(AcceptanceCluster cluster, Narrator narrator) {
        PublicationDriver driver = Fixture.prepare(cluster, 3, narrator);
        cluster.arm(new ArmedFault.CrashBefore("worker-0", StatementKind.KEEPER_MAP_INSERT));
        cluster.race(Map.of("worker-0", ports -> driver.publish("worker-0", ports, INVOCATION, driver.rows(5, false))));
        java.util.Set<String> crashed = driver.attemptCandidates(0, INVOCATION);
        Expect.equal(1, crashed.size(), "the crashed attempt's staged candidates");
        narrator.say("worker-0 staged its candidate and crashed before taking the slot");
        Attempt retry = driver.publish("worker-1", INVOCATION, 5);
        Fixture.result(narrator, "rerun", retry);
        Fixture.expectOutcome(retry, PublicationOutcome.COMMITTED);
        Expect.that(
                !crashed.contains(driver.candidate(INVOCATION).table()), "the retry bound its own attempt's candidate");
        String crashedName = crashed.iterator().next();
        Expect.equal(
                List.of(crashedName.substring(crashedName.lastIndexOf('_') + 1)),
                retry.receipt().detail().get("leftover_attempts"),
                "the receipt lists the crashed attempt's candidate");
        for (int member = 0; member < cluster.members(); member++) {
            Expect.equal(
                    crashed,
                    driver.attemptCandidates(member, INVOCATION),
                    "the crashed attempt's staging is left in place on member " + member);
        }
        Fixture.expectNothingSent(cluster, StatementKind.DDL_DISCARD_STAGING);
        Fixture.expectSentOnce(cluster, StatementKind.DDL_EXCHANGE);
        Fixture.expectSentOnce(cluster, StatementKind.DDL_DROP);
        return List.of(retry);
    }

    /** Staging fails on one replica: the attempt removes exactly its own candidate and never takes the slot. */
    static List<Attempt> stagingFailureRemovesOwnCandidate(AcceptanceCluster cluster, Narrator narrator) {
        PublicationDriver driver = Fixture.prepare(cluster, 3, narrator);
        UUID before = Fixture.uniformTarget(cluster);
        cluster.arm(new ArmedFault.FailOnHost(1, StatementKind.DDL_CREATE_CANDIDATE, 57));
        narrator.say("replica 2 will fail the candidate's CREATE entry with code 57");
        Attempt failed = driver.publish("worker-1", INVOCATION, 5);
        Fixture.result(narrator, "", failed);
        Expect.that(failed instanceof Attempt.Refused, "a staging failure is refused before the slot");
        Expect.equal(Optional.of(DponeErrorCode.CLICKHOUSE_CLUSTER_STAGING_FAILED), failed.code(), "code");
        for (int member = 0; member < cluster.members(); member++) {
            Expect.equal(
                    java.util.Set.of(),
                    driver.attemptCandidates(member, INVOCATION),
                    "attempt staging left on member " + member);
            Expect.equal(Optional.of(before), cluster.uuid(member, cluster.target()), "target on member " + member);
        }
        Fixture.expectSentOnce(cluster, StatementKind.DDL_DISCARD_STAGING);
        Fixture.expectNothingSent(
                cluster, StatementKind.KEEPER_MAP_INSERT, StatementKind.DDL_EXCHANGE, StatementKind.DDL_DROP);
        return List.of(failed);
    }

    /** A refused CAS in words: why no row changed. */
    private static String conflict(SlotWrite.Conflict<AuthorityRecord> conflict) {
        return switch (conflict.reason()) {
            case ZERO_ROW_NO_OP -> "a conflict: the version it read is gone, so no row matched and nothing changed";
            default ->
                "a conflict ("
                        + conflict.reason()
                                .name()
                                .toLowerCase(java.util.Locale.ROOT)
                                .replace('_', ' ') + ")";
        };
    }

    private static SlotVersion<AuthorityRecord> valid(SlotRead<AuthorityRecord> read) {
        if (read instanceof SlotRead.Present<AuthorityRecord> present
                && present.valid().isPresent()) {
            return present.valid().get();
        }
        throw new ScenarioFailure("expected a valid authority record, read " + read);
    }

    private static AuthorityRecord dispatching(AuthorityRecord prepared, AcceptanceCluster cluster, String worker) {
        long epoch = prepared.dispatchEpoch() + 1;
        DdlAction action = prepared.payload().predecessor() == null ? DdlAction.RENAME : DdlAction.EXCHANGE;
        AuthorityPayload p = prepared.payload();
        AuthorityPayload next = new AuthorityPayload(
                p.planDigest(),
                p.inventoryDigest(),
                p.predecessor(),
                p.desired(),
                p.candidateTable(),
                p.stagedRowCount(),
                DdlBinding.dispatched(
                        DdlCorrelationToken.issue(prepared.operationId(), action, epoch, cluster.random(worker))),
                null,
                p.createdAt(),
                p.updatedAt(),
                null,
                p.capabilityInventoryDigest());
        return new AuthorityRecord(
                prepared.targetKey(),
                prepared.operationId(),
                prepared.fenceToken(),
                AuthorityPhase.DISPATCHING,
                epoch,
                next);
    }
}
