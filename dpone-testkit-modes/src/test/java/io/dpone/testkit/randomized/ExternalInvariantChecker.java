package io.dpone.testkit.randomized;

import io.dpone.clickhouse.cluster.contract.authority.DdlBinding;
import io.dpone.clickhouse.cluster.contract.authority.DecodeResult;
import io.dpone.clickhouse.cluster.contract.authority.VersionedRow;
import io.dpone.clickhouse.cluster.contract.ddl.DdlCorrelationToken;
import io.dpone.clickhouse.cluster.contract.ddl.QueueStatus;
import io.dpone.clickhouse.cluster.sql.StatementKind;
import io.dpone.clickhouse.cluster.sql.TableRef;
import io.dpone.clickhouse.external.authority.ExternalCodecV1;
import io.dpone.clickhouse.external.authority.ExternalPhase;
import io.dpone.clickhouse.external.authority.ExternalRecord;
import io.dpone.clickhouse.external.authority.MemberRecord;
import io.dpone.clickhouse.external.authority.MemberStage;
import io.dpone.testkit.simulator.CallRecord;
import io.dpone.testkit.simulator.ClusterSimulator;
import io.dpone.testkit.simulator.HostStep;
import io.dpone.testkit.simulator.MemberStep;
import io.dpone.testkit.simulator.MemberView;
import io.dpone.testkit.simulator.PortCall;
import io.dpone.testkit.simulator.PortEvent;
import io.dpone.testkit.simulator.StepObserver;
import io.dpone.testkit.simulator.TableView;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.function.Supplier;

/**
 * External mode's invariants (issues 12 and 19), checked by the simulator at every port call (before the
 * server acts and after the call ended), before every host applies a queue entry and before every
 * member applies a statement of a direct member session; the authority rows are re-read at every
 * step that can write or rely on them:
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
 * Violations are collected, not thrown, so that the service under test cannot swallow them.
 */
final class ExternalInvariantChecker implements StepObserver {
    private static final Set<ExternalPhase> PROVEN = EnumSet.of(
            ExternalPhase.STAGED,
            ExternalPhase.PUBLICATION_DISPATCHING,
            ExternalPhase.COMMITTED,
            ExternalPhase.CLEANUP_DISPATCHING,
            ExternalPhase.COMPLETED);

    private final ClusterSimulator simulator;
    private final TableRef target;
    private final Supplier<Map<String, Map<String, VersionedRow>>> authority;
    private final List<String> violations = new ArrayList<>();
    private String traceAtFirstViolation = "";
    private final Set<String> sentMutations = new HashSet<>();
    private final Map<String, Integer> publicationDdl = new HashMap<>();
    private final Map<String, Integer> lifetimes = new HashMap<>();
    private final Map<String, String> slotHolders = new HashMap<>();
    private final TokenWriters tokenWriters = new TokenWriters();
    private final Map<String, Long> versions = new HashMap<>();
    private final Map<String, ExternalRecord> latest = new LinkedHashMap<>();
    /** Every UUID any record named as a member's predecessor (target before publication). */
    private final Set<UUID> predecessors = new HashSet<>();
    /** Every UUID any record named as a member's candidate (recorded LOADING before its CREATE). */
    private final Set<UUID> recorded = new HashSet<>();
    /** Every UUID any record at or after STAGED named as a member's proven candidate. */
    private final Set<UUID> proven = new HashSet<>();
    /** Every UUID any record named as a READY member's candidate (its content was proven). */
    private final Set<UUID> ready = new HashSet<>();

    private long checks;

    ExternalInvariantChecker(ClusterSimulator simulator, TableRef target) {
        this(simulator, target, () -> simulator.observe().keeperMaps());
    }

    /** With the authority rows read from {@code authority} instead of the simulator (to feed the checker a faulty store). */
    ExternalInvariantChecker(
            ClusterSimulator simulator, TableRef target, Supplier<Map<String, Map<String, VersionedRow>>> authority) {
        this.simulator = simulator;
        this.target = target;
        this.authority = authority;
    }

    List<String> violations() {
        return violations;
    }

    String traceAtFirstViolation() {
        return traceAtFirstViolation;
    }

    long checks() {
        return checks;
    }

    @Override
    public void beforeServer(PortEvent call) {
        checks++;
        if (call.call() == PortCall.CONTROL_CAS
                || call.call() == PortCall.CONTROL_INSERT
                || call.call() == PortCall.DDL_DISPATCH) {
            syncAuthority(null);
        }
        if (call.call().isMutation() && call.queryId() != null && !sentMutations.add(call.queryId())) {
            violation("mutation query id " + call.queryId() + " sent a second time (" + call.call() + ")");
        }
        if (call.call() != PortCall.DDL_DISPATCH || call.token() == null) {
            return;
        }
        DdlCorrelationToken token = DdlCorrelationToken.parse(call.token()).orElse(null);
        if (token == null) {
            violation("a publication dispatch without a protocol token");
            return;
        }
        Boolean acknowledged = tokenWriters.acknowledged(call.token());
        if (acknowledged == null) {
            violation(call.kind() + " dispatched with a token no CAS wrote (no permit)");
        } else if (!acknowledged) {
            violation(call.kind()
                    + " dispatched with a token written by a CAS whose response was lost or unacknowledged");
        }
        String operation = token.operationId().hex();
        if (call.kind() == StatementKind.DDL_EXCHANGE || call.kind() == StatementKind.DDL_RENAME) {
            int count = publicationDdl.merge(operation + "#" + lifetimes.getOrDefault(operation, 0), 1, Integer::sum);
            if (count > 1) {
                violation(count + " publication DDL statements for operation " + operation.substring(0, 12));
            }
        } else if (call.kind() == StatementKind.DDL_DROP) {
            checkCleanupDispatch(operation, call.token());
        }
    }

    /** A KeeperMap write took effect: the tokens it wrote are its own, pending until its answer arrives. */
    @Override
    public void afterServer(PortEvent call) {
        if (call.call() == PortCall.CONTROL_CAS || call.call() == PortCall.CONTROL_INSERT) {
            syncAuthority(call.queryId());
        }
    }

    @Override
    public void afterCall(CallRecord record) {
        checks++;
        if (record.call() == PortCall.CONTROL_CAS || record.call() == PortCall.CONTROL_INSERT) {
            tokenWriters.answered(record.queryId(), "Acknowledged".equals(record.outcome()));
            syncAuthority(null);
        }
    }

    @Override
    public void beforeHostApplies(HostStep step) {
        checks++;
        if (step.dropped().isEmpty() || step.injectedErrorCode() != 0) {
            return;
        }
        syncAuthority(null);
        TableRef dropped = step.dropped().get();
        Optional<TableView> table = simulator.observe().table(step.member(), dropped);
        if (dropped.equals(target) && table.isPresent()) {
            violation("member " + step.member() + " drops the target through distributed DDL");
            return;
        }
        if (table.isEmpty()) {
            return;
        }
        UUID uuid = table.get().uuid();
        if (step.kind() != StatementKind.DDL_DROP) {
            if (predecessors.contains(uuid) || proven.contains(uuid)) {
                violation("member " + step.member() + " drops a recorded generation through a " + step.kind());
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
            violation("member " + step.member() + "'s cleanup drops a table that is not its recorded predecessor");
        }
    }

    @Override
    public void beforeMemberApplies(MemberStep step) {
        checks++;
        if (step.call() == PortCall.MEMBER_INSERT) {
            checkInsert(step);
            return;
        }
        if (step.call() != PortCall.MEMBER_DROP) {
            return;
        }
        syncAuthority(null);
        if (step.table().equals(target) && step.present().isPresent()) {
            violation("member " + step.member() + " drops the target over its direct connection");
            return;
        }
        if (step.present().isEmpty()) {
            return;
        }
        UUID uuid = step.present().get();
        if (!step.table().table().contains("__dpone_ext_")) {
            violation("member " + step.member() + " drops a table outside every candidate name");
        }
        if (!recorded.contains(uuid)) {
            violation("member " + step.member() + " drops a table whose UUID no record named as a candidate");
        }
        if (predecessors.contains(uuid)) {
            violation("member " + step.member() + " drops a table a record names as a predecessor");
        }
        if (proven.contains(uuid) && !withdrawn(uuid)) {
            violation("member " + step.member() + " drops a candidate a record at or after STAGED names as proven");
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
        syncAuthority(null);
        UUID uuid = step.present().get();
        if (step.table().equals(target)) {
            violation("member " + step.member() + " receives an INSERT into the target over its direct connection");
        } else if (predecessors.contains(uuid)) {
            violation("member " + step.member() + " receives an INSERT into a table a record names as a predecessor");
        } else if (ready.contains(uuid) || proven.contains(uuid)) {
            violation("member " + step.member() + " receives an INSERT into a candidate a record names READY or proven"
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

    /** Section 6 for external mode: the cleanup DROP only for a record that proved its publication. */
    private void checkCleanupDispatch(String operation, String token) {
        ExternalRecord record = latest.get(operation);
        if (record == null) {
            violation("cleanup DROP without an authority record of its operation");
            return;
        }
        DdlBinding cleanup = record.payload().cleanup();
        if (record.phase() != ExternalPhase.CLEANUP_DISPATCHING
                || cleanup == null
                || !cleanup.token().value().equals(token)) {
            violation("cleanup DROP while the record is " + record.phase() + " without this cleanup token");
        }
        DdlBinding publication = record.payload().publication();
        if (publication == null || publication.receipt() != QueueStatus.TERMINAL_SUCCESS) {
            violation("cleanup DROP without a terminal successful publication receipt");
        }
    }

    /**
     * Reads every authority row: versions only grow and keys never vanish. A token seen for the
     * first time is attributed to the write that just took effect ({@code writerQueryId}, pending
     * until its answer arrives) or, at any other step, to no acknowledged CAS. Every new row version is decoded and remembered.
     */
    private void syncAuthority(String writerQueryId) {
        Set<String> present = new HashSet<>();
        for (Map.Entry<String, Map<String, VersionedRow>> root : authority.get().entrySet()) {
            for (Map.Entry<String, VersionedRow> row : root.getValue().entrySet()) {
                String key = root.getKey() + "/" + row.getKey();
                present.add(key);
                long version = row.getValue().keeperVersion();
                Long seen = versions.put(key, version);
                if (seen != null && version < seen) {
                    violation("authority version of a key went from " + seen + " to " + version);
                }
                if (seen == null || version != seen) {
                    learn(key, row.getValue(), writerQueryId);
                }
            }
        }
        if (present.size() != versions.size()) {
            violation("an authority key disappeared");
        }
    }

    private void learn(String key, VersionedRow row, String writerQueryId) {
        String operation = row.row().operationId();
        String holder = slotHolders.put(key, operation);
        if (holder != null && !holder.equals(operation)) {
            lifetimes.merge(operation, 1, Integer::sum);
            checkTakeover(latest.get(holder));
        }
        tokenWriters.learn(row.row().payload(), writerQueryId);
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
        for (MemberView member : simulator.observe().members()) {
            for (Map.Entry<TableRef, TableView> table : member.tables().entrySet()) {
                String hex = table.getValue().uuid() == null
                        ? ""
                        : table.getValue().uuid().toString().replace("-", "");
                if (swept.contains(hex) && table.getKey().table().endsWith("_" + hex)) {
                    violation("member " + member.index() + " keeps a recorded attempt of the " + predecessor.phase()
                            + " predecessor after its successor's takeover");
                }
            }
        }
    }

    private void violation(String text) {
        if (violations.isEmpty()) {
            traceAtFirstViolation = simulator.trace().tailText(ScheduleRunner.TRACE_LINES);
        }
        violations.add("t=" + simulator.observe().now() + "ms: " + text);
    }
}
