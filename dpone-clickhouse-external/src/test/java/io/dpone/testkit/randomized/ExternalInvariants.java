package io.dpone.testkit.randomized;

import io.dpone.clickhouse.cluster.contract.authority.DecodeResult;
import io.dpone.clickhouse.cluster.contract.authority.VersionedRow;
import io.dpone.clickhouse.cluster.contract.ddl.DdlCorrelationToken;
import io.dpone.clickhouse.cluster.sql.StatementKind;
import io.dpone.clickhouse.cluster.sql.TableRef;
import io.dpone.clickhouse.external.authority.ExternalCodecV1;
import io.dpone.clickhouse.external.authority.ExternalPhase;
import io.dpone.clickhouse.external.authority.ExternalRecord;
import io.dpone.clickhouse.external.authority.MemberRecord;
import io.dpone.clickhouse.external.authority.MemberStage;
import io.dpone.testkit.schedule.InvariantChecker;
import io.dpone.testkit.schedule.ModeInvariants;
import io.dpone.testkit.simulator.ClusterSimulator;
import io.dpone.testkit.simulator.HostStep;
import io.dpone.testkit.simulator.MemberStep;
import io.dpone.testkit.simulator.MemberView;
import io.dpone.testkit.simulator.PortCall;
import io.dpone.testkit.simulator.TableView;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/**
 * External mode's invariants (issues 12 and 19), checked by {@link InvariantChecker} at every port
 * call, before every host applies a queue entry and before every member applies a statement of a
 * direct member session:
 * <ol>
 *   <li>at most one publication DDL (EXCHANGE or RENAME) per operation id while its record holds
 *       the slot;</li>
 *   <li>a cleanup DROP is sent only while the operation's record is CLEANUP_DISPATCHING with that
 *       token and a terminal successful publication receipt, and a host's cleanup drops only a
 *       table whose UUID the record names as a member's predecessor (a table object has its own UUID
 *       and stays on its member, so that is the host's own recorded predecessor), never a desired
 *       generation;</li>
 *   <li>no publication or cleanup DDL carries a token that a lost (or otherwise unacknowledged)
 *       CAS wrote, nor one no CAS wrote: a lost CAS never leads to dispatch;</li>
 *   <li>every mutation query id, coordinator or member, is sent once;</li>
 *   <li>every KeeperMap {@code _version} only grows, and no key disappears;</li>
 *   <li>never a deleted unproven generation: nothing ever drops a table under the target name; a
 *       member-local drop (a staging replace or an abort) drops only a table under an operation's
 *       candidate name whose UUID a record named as a member's candidate (ownership by UUID, never
 *       by name), that no record names as a member's predecessor and that no record at or after
 *       STAGED names as a member's proven candidate, unless that operation's latest record withdrew
 *       the publication permit (STAGED -> STAGING before a fenced abort);</li>
 *   <li>no INSERT of a direct member session lands in the target, a recorded predecessor, or a
 *       candidate a record named READY or proven: a stale worker's write never reaches a proven
 *       generation (checked as the member applies the statement, on the table its name then holds);</li>
 *   <li>no table under an attempt name of a UUID a finished operation recorded (ABORTED: any;
 *       COMPLETED: a tried one) is left when a successor takes the slot over (checked as the takeover
 *       applies).</li>
 * </ol>
 * Items 1, 3, 4 and 5 are the ones {@link InvariantChecker} shares with internal mode; the rest are
 * external mode's own.
 */
final class ExternalInvariants implements ModeInvariants {
    private static final Set<ExternalPhase> PROVEN = EnumSet.of(
            ExternalPhase.STAGED,
            ExternalPhase.PUBLICATION_DISPATCHING,
            ExternalPhase.COMMITTED,
            ExternalPhase.CLEANUP_DISPATCHING,
            ExternalPhase.COMPLETED);

    private final InvariantChecker.Checks checks;
    private final Map<String, ExternalRecord> latest = new LinkedHashMap<>();
    /** Every UUID any record named as a member's predecessor (target before publication). */
    private final Set<UUID> predecessors = new HashSet<>();
    /** Every UUID any record named as a member's candidate (recorded LOADING before its CREATE). */
    private final Set<UUID> recorded = new HashSet<>();
    /** Every UUID any record at or after STAGED named as a member's proven candidate. */
    private final Set<UUID> proven = new HashSet<>();
    /** Every UUID any record named as a READY member's candidate (its content was proven). */
    private final Set<UUID> ready = new HashSet<>();

    ExternalInvariants(InvariantChecker.Checks checks) {
        this.checks = checks;
    }

    static InvariantChecker checker(ClusterSimulator simulator, TableRef target) {
        return new InvariantChecker(simulator, target, ExternalInvariants::new);
    }

    @Override
    public Optional<CleanupFacts> cleanupFacts(String operation) {
        return Optional.ofNullable(latest.get(operation))
                .map(record -> new CleanupFacts(
                        record.phase().name(),
                        record.phase() == ExternalPhase.CLEANUP_DISPATCHING,
                        record.payload().cleanup(),
                        record.payload().publication()));
    }

    @Override
    public void hostDrops(HostStep step, TableView table) {
        if (step.dropped().get().equals(checks.target())) {
            checks.violation("member " + step.member() + " drops the target through distributed DDL");
            return;
        }
        UUID uuid = table.uuid();
        if (step.kind() != StatementKind.DDL_DROP) {
            if (predecessors.contains(uuid) || proven.contains(uuid)) {
                checks.violation("member " + step.member() + " drops a recorded generation through a " + step.kind());
            }
            return;
        }
        String operation = DdlCorrelationToken.parse(step.logComment())
                .map(t -> t.operationId().hex())
                .orElse("");
        ExternalRecord record = latest.get(operation);
        // Every table object has its own UUID and never moves between members, so the one table under
        // this host's candidate name whose UUID a member record names as predecessor is that member's.
        boolean predecessor = record != null
                && record.payload().members().stream().anyMatch(member -> uuid.equals(member.targetUuid()));
        boolean desired = record != null
                && record.payload().members().stream().anyMatch(member -> uuid.equals(member.candidateUuid()));
        if (!predecessor || desired) {
            checks.violation(
                    "member " + step.member() + "'s cleanup drops a table that is not its recorded predecessor");
        }
    }

    @Override
    public void memberApplies(MemberStep step) {
        if (step.call() == PortCall.MEMBER_INSERT) {
            checkInsert(step);
            return;
        }
        if (step.call() != PortCall.MEMBER_DROP) {
            return;
        }
        checks.rereadAuthority();
        if (step.table().equals(checks.target()) && step.present().isPresent()) {
            checks.violation("member " + step.member() + " drops the target over its direct connection");
            return;
        }
        if (step.present().isEmpty()) {
            return;
        }
        UUID uuid = step.present().get();
        if (!step.table().table().contains("__dpone_ext_")) {
            checks.violation("member " + step.member() + " drops a table outside every candidate name");
        }
        if (!recorded.contains(uuid)) {
            checks.violation("member " + step.member() + " drops a table whose UUID no record named as a candidate");
        }
        if (predecessors.contains(uuid)) {
            checks.violation("member " + step.member() + " drops a table a record names as a predecessor");
        }
        if (proven.contains(uuid) && !withdrawn(uuid)) {
            checks.violation(
                    "member " + step.member() + " drops a candidate a record at or after STAGED names as proven");
        }
    }

    /**
     * Invariant 7: an INSERT statement of a direct member session writes into the table its name
     * holds when the statement starts; that table is never the target, a recorded predecessor, or a
     * candidate any record has named READY or proven (a stale worker's block must not land in a
     * table another attempt proved or publishes).
     */
    private void checkInsert(MemberStep step) {
        if (step.present().isEmpty()) {
            return;
        }
        checks.rereadAuthority();
        UUID uuid = step.present().get();
        if (step.table().equals(checks.target())) {
            checks.violation(
                    "member " + step.member() + " receives an INSERT into the target over its direct connection");
        } else if (predecessors.contains(uuid)) {
            checks.violation(
                    "member " + step.member() + " receives an INSERT into a table a record names as a predecessor");
        } else if (ready.contains(uuid) || proven.contains(uuid)) {
            checks.violation(
                    "member " + step.member() + " receives an INSERT into a candidate a record names READY or proven"
                            + " (a stale write lands in a proven candidate)");
        }
    }

    /**
     * True when the operation whose member holds {@code candidate} withdrew its publication permit:
     * its latest record is STAGING again (STAGED -> STAGING, the first write of a fenced abort), so
     * no publication DDL can follow and its owned candidates may be dropped on the way to ABORTED.
     */
    private boolean withdrawn(UUID candidate) {
        return latest.values().stream()
                .anyMatch(record -> record.phase() == ExternalPhase.STAGING
                        && record.payload().publication() == null
                        && record.payload().members().stream()
                                .anyMatch(member -> candidate.equals(member.candidateUuid())));
    }

    @Override
    public void takenOver(String previousHolder) {
        checkTakeover(latest.get(previousHolder));
    }

    @Override
    public void learned(String operation, VersionedRow row) {
        if (!(ExternalCodecV1.decode(row.row()) instanceof DecodeResult.Valid<ExternalRecord> valid)) {
            latest.remove(operation);
            return;
        }
        ExternalRecord record = valid.record();
        latest.put(operation, record);
        for (MemberRecord member : record.payload().members()) {
            if (member.targetUuid() != null) {
                predecessors.add(member.targetUuid());
            }
            if (member.candidateUuid() != null) {
                recorded.add(member.candidateUuid());
            }
            if (PROVEN.contains(record.phase()) && member.candidateUuid() != null) {
                proven.add(member.candidateUuid());
            }
            if (member.stage() == MemberStage.READY) {
                ready.add(member.candidateUuid());
            }
        }
    }

    /**
     * Invariant 8: when another operation takes the slot over, no table under an attempt name of a
     * UUID the finished predecessor recorded, and that its sweep looks for (ABORTED: every owned UUID;
     * COMPLETED: the tried ones), is left on any member (ADR 0008, "A late CREATE of a superseded
     * attempt"). A CREATE landing after the takeover is ADR 0007's accepted window and not checked.
     */
    private void checkTakeover(ExternalRecord predecessor) {
        if (predecessor == null
                || !(predecessor.phase() == ExternalPhase.ABORTED || predecessor.phase() == ExternalPhase.COMPLETED)) {
            return;
        }
        Set<String> swept = new HashSet<>();
        for (MemberRecord member : predecessor.payload().members()) {
            (predecessor.phase() == ExternalPhase.ABORTED ? member.ownedUuids() : member.triedUuids())
                    .forEach(uuid -> swept.add(uuid.toString().replace("-", "")));
        }
        for (MemberView member : checks.simulator().observe().members()) {
            for (Map.Entry<TableRef, TableView> table : member.tables().entrySet()) {
                String hex = table.getValue().uuid() == null
                        ? ""
                        : table.getValue().uuid().toString().replace("-", "");
                if (swept.contains(hex) && table.getKey().table().endsWith("_" + hex)) {
                    checks.violation("member " + member.index() + " keeps a recorded attempt of the "
                            + predecessor.phase() + " predecessor after its successor's takeover");
                }
            }
        }
    }
}
