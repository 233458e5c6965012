package io.dpone.testkit.schedule;

import io.dpone.clickhouse.cluster.contract.authority.DdlBinding;
import io.dpone.clickhouse.cluster.contract.authority.VersionedRow;
import io.dpone.clickhouse.cluster.contract.ddl.DdlCorrelationToken;
import io.dpone.clickhouse.cluster.contract.ddl.QueueStatus;
import io.dpone.clickhouse.cluster.sql.StatementKind;
import io.dpone.clickhouse.cluster.sql.TableRef;
import io.dpone.testkit.simulator.CallRecord;
import io.dpone.testkit.simulator.ClusterSimulator;
import io.dpone.testkit.simulator.HostStep;
import io.dpone.testkit.simulator.MemberStep;
import io.dpone.testkit.simulator.PortCall;
import io.dpone.testkit.simulator.PortEvent;
import io.dpone.testkit.simulator.StepObserver;
import io.dpone.testkit.simulator.TableView;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The invariant checker both modes' schedules run, checked by the simulator at every port call
 * (before the server acts and after the call ended), before every host applies a queue entry and
 * before every member applies a statement of a direct member session; the authority rows are
 * re-read at every step that can write or rely on them (authority writes, DDL dispatches, drops).
 * The invariants both modes share are written here once:
 * <ol>
 *   <li>every mutation query id is sent once (zero blind replay);</li>
 *   <li>no publication or cleanup DDL is sent with a token that a lost (or otherwise
 *       unacknowledged) CAS wrote, nor with one no CAS wrote: the permit comes from an acknowledged
 *       CAS only;</li>
 *   <li>at most one publication DDL (EXCHANGE or RENAME) per operation id while its record holds
 *       the slot (an invocation rerun after another operation replaced its completed record starts
 *       the same operation id afresh);</li>
 *   <li>every KeeperMap {@code _version} only grows, and no key disappears;</li>
 *   <li>a cleanup DROP is sent only while its operation's record is CLEANUP_DISPATCHING with that
 *       token and holds a terminal successful publication receipt.</li>
 * </ol>
 * Each mode adds its own ({@link ModeInvariants}): what else a cleanup DROP needs, which tables a
 * host or a member may drop or write. Violations are collected, not thrown, so that the service
 * under test cannot swallow them; the trace tail at the first one is kept for the report.
 */
public final class InvariantChecker implements StepObserver {
    private final ClusterSimulator simulator;
    private final Supplier<Map<String, Map<String, VersionedRow>>> authority;
    private final ModeInvariants mode;
    private final List<String> violations = new ArrayList<>();
    private String traceAtFirstViolation = "";
    private final Set<String> sentMutations = new HashSet<>();
    private final Map<String, Integer> publicationDdl = new HashMap<>();
    /** Per operation: how many times the slot passed to it from another operation (a new record lifetime). */
    private final Map<String, Integer> lifetimes = new HashMap<>();

    private final Map<String, String> slotHolders = new HashMap<>();
    private final TokenWriters tokenWriters = new TokenWriters();
    private final Map<String, Long> versions = new HashMap<>();
    private long checks;

    /** A checker of {@code simulator} and its KeeperMaps, with the mode's invariants. */
    public InvariantChecker(ClusterSimulator simulator, TableRef target, Function<Checks, ModeInvariants> mode) {
        this(simulator, target, () -> simulator.observe().keeperMaps(), mode);
    }

    /**
     * A checker of {@code simulator} whose authority rows come from {@code authority} (the
     * simulator's KeeperMaps, or a faulty store a checker test feeds), with the mode's invariants.
     */
    public InvariantChecker(
            ClusterSimulator simulator,
            TableRef target,
            Supplier<Map<String, Map<String, VersionedRow>>> authority,
            Function<Checks, ModeInvariants> mode) {
        this.simulator = simulator;
        this.authority = authority;
        this.mode = mode.apply(new Checks(simulator, target, this));
    }

    /** What a mode's invariants see of the checker: the world, the target, and where to report. */
    public record Checks(ClusterSimulator simulator, TableRef target, InvariantChecker checker) {
        public void violation(String text) {
            checker.violation(text);
        }

        /** Re-reads the authority rows (the mode's hooks then see every write that took effect). */
        public void rereadAuthority() {
            checker.syncAuthority(null);
        }
    }

    public List<String> violations() {
        return violations;
    }

    public String traceAtFirstViolation() {
        return traceAtFirstViolation;
    }

    /** How many steps were checked. */
    public long checks() {
        return checks;
    }

    @Override
    public void beforeServer(PortEvent call) {
        checks++;
        if (call.call() == PortCall.CONTROL_CAS
                || call.call() == PortCall.CONTROL_INSERT
                || call.call() == PortCall.DDL_DISPATCH) {
            // anything the authority shows now that no write of ours ended with came from elsewhere
            syncAuthority(null);
        }
        if (call.call().isMutation() && call.queryId() != null && !sentMutations.add(call.queryId())) {
            violation("mutation query id " + call.queryId() + " sent a second time ("
                    + (call.kind() != null ? call.kind() : call.call()) + ")");
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
            mode.publicationSent(operation, call);
        } else if (call.kind() == StatementKind.DDL_DROP) {
            checkCleanupAllowed(operation, call.token());
            mode.cleanupSent(operation, call);
        }
    }

    /** Zero deletion of an unproven generation: the cleanup DROP only for a record that proved its publication. */
    private void checkCleanupAllowed(String operation, String token) {
        ModeInvariants.CleanupFacts record = mode.cleanupFacts(operation).orElse(null);
        if (record == null) {
            violation("cleanup DROP without an authority record of its operation");
            return;
        }
        DdlBinding cleanup = record.cleanup();
        if (!record.cleanupDispatching()
                || cleanup == null
                || !cleanup.token().value().equals(token)) {
            violation("cleanup DROP while the record is " + record.phase() + " without this cleanup token");
        }
        DdlBinding publication = record.publication();
        if (publication == null || publication.receipt() != QueueStatus.TERMINAL_SUCCESS) {
            violation("cleanup DROP without a terminal successful publication receipt");
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
        mode.answered(record);
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
        Optional<TableView> table =
                simulator.observe().table(step.member(), step.dropped().get());
        if (table.isPresent()) {
            mode.hostDrops(step, table.get());
        }
    }

    @Override
    public void beforeMemberApplies(MemberStep step) {
        checks++;
        mode.memberApplies(step);
    }

    /**
     * Reads every authority row: versions must only grow and keys never vanish. A token seen for the
     * first time is attributed to the write that just took effect ({@code writerQueryId}, pending
     * until its answer arrives) or, at any other step, to no acknowledged CAS (a deferred request
     * applied in the background). Each new row version goes to the mode.
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
            mode.takenOver(holder);
        }
        tokenWriters.learn(row.row().payload(), writerQueryId);
        mode.learned(operation, row);
    }

    private void violation(String text) {
        if (violations.isEmpty()) {
            traceAtFirstViolation = simulator.trace().tailText(ScheduleRunner.TRACE_LINES);
        }
        violations.add("t=" + simulator.observe().now() + "ms: " + text);
    }
}
