package io.dpone.testkit.randomized;

import io.dpone.clickhouse.cluster.contract.authority.AuthorityCodecV1;
import io.dpone.clickhouse.cluster.contract.authority.AuthorityRecord;
import io.dpone.clickhouse.cluster.contract.authority.DdlBinding;
import io.dpone.clickhouse.cluster.contract.authority.DecodeResult;
import io.dpone.clickhouse.cluster.contract.authority.VersionedRow;
import io.dpone.clickhouse.cluster.contract.ddl.DdlCorrelationToken;
import io.dpone.clickhouse.cluster.contract.ddl.QueueStatus;
import io.dpone.clickhouse.cluster.contract.generation.GenerationIdentity;
import io.dpone.clickhouse.cluster.contract.phase.AuthorityPhase;
import io.dpone.clickhouse.cluster.sql.StatementKind;
import io.dpone.clickhouse.cluster.sql.TableRef;
import io.dpone.testkit.simulator.CallRecord;
import io.dpone.testkit.simulator.ClusterSimulator;
import io.dpone.testkit.simulator.HostStep;
import io.dpone.testkit.simulator.MemberView;
import io.dpone.testkit.simulator.PortCall;
import io.dpone.testkit.simulator.PortEvent;
import io.dpone.testkit.simulator.StepObserver;
import io.dpone.testkit.simulator.TableView;
import java.util.ArrayList;
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
 * The issue's six invariants, checked by the simulator at every port call (before the server acts
 * and after the call ended) and before every host applies a queue entry; the authority rows are
 * re-read at every step that can write or rely on them (authority writes, DDL dispatches, drops):
 * <ol>
 *   <li>at most one publication DDL (EXCHANGE or RENAME) per operation id while its record holds
 *       the slot (an invocation rerun after another operation replaced its completed record starts
 *       the same operation id afresh: see {@code docs/testkit/simulator.md});</li>
 *   <li>no cleanup DROP is sent unless the record holds a terminal successful publication receipt,
 *       the configured hosts are exactly those the publication was sent to, and every one of them
 *       exposes the record's desired generation as the target;</li>
 *   <li>no table is dropped by a host unless it is the record's exact predecessor (a DROP), or a
 *       staged table no record ever named (a discard of owned staging);</li>
 *   <li>no publication or cleanup DDL is sent with a token that a lost (or otherwise unacknowledged)
 *       CAS wrote, nor with one no CAS wrote: the permit comes from an acknowledged CAS only;</li>
 *   <li>every mutation query id is sent once;</li>
 *   <li>every KeeperMap {@code _version} only grows, and no key disappears.</li>
 * </ol>
 * Violations are collected, not thrown, so that the service under test cannot swallow them; the
 * trace tail at the first one is kept for the report.
 */
final class InvariantChecker implements StepObserver {
    private final ClusterSimulator simulator;
    private final TableRef target;
    private final Supplier<Map<String, Map<String, VersionedRow>>> authority;
    private final List<String> violations = new ArrayList<>();
    private String traceAtFirstViolation = "";
    private final Set<String> sentMutations = new HashSet<>();
    private final Map<String, Integer> publicationDdl = new HashMap<>();
    /** Per operation: how many times the slot passed to it from another operation (a new record lifetime). */
    private final Map<String, Integer> lifetimes = new HashMap<>();

    private final Map<String, String> slotHolders = new HashMap<>();
    /** Per worker: the cluster as its last member read saw it (configured members and every member's tables). */
    private final Map<String, Observed> lastMemberRead = new HashMap<>();

    private final Map<String, List<Integer>> hostsAtPublication = new HashMap<>();
    private final TokenWriters tokenWriters = new TokenWriters();
    private final Map<String, Long> versions = new HashMap<>();
    /** Every operation's latest row seen, by operation id (decoded only when a check needs it). */
    private final Map<String, VersionedRow> latestRows = new LinkedHashMap<>();

    private final Map<String, Decoded> decoded = new HashMap<>();
    private long checks;

    InvariantChecker(ClusterSimulator simulator, TableRef target) {
        this(simulator, target, () -> simulator.observe().keeperMaps());
    }

    /** With the authority rows read from {@code authority} instead of the simulator (to feed the checker a faulty store). */
    InvariantChecker(
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

    /** How many steps were checked. */
    long checks() {
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
            violation("mutation query id " + call.queryId() + " sent a second time (" + call.kind() + ")");
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
                violation(count + " publication DDL statements for operation " + shortId(operation));
            }
            hostsAtPublication.put(operation, simulator.observe().configuredMembers());
        } else if (call.kind() == StatementKind.DDL_DROP) {
            checkCleanupAllowed(operation, call.token(), lastMemberRead.get(call.worker()));
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
        if (record.call() == PortCall.MEMBERS) {
            lastMemberRead.put(
                    record.worker(),
                    new Observed(
                            simulator.observe().configuredMembers(),
                            simulator.observe().members()));
        }
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
        if (table.isEmpty()) {
            return;
        }
        UUID uuid = table.get().uuid();
        if (step.kind() == StatementKind.DDL_DROP) {
            String operation = DdlCorrelationToken.parse(step.logComment())
                    .map(t -> t.operationId().hex())
                    .orElse("");
            AuthorityRecord record = record(operation);
            GenerationIdentity predecessor =
                    record == null ? null : record.payload().predecessor();
            if (predecessor == null || !sameGeneration(table.get(), predecessor)) {
                violation("member " + step.member() + " drops a table that is not the operation's exact predecessor");
            }
        } else {
            latestRows.keySet().stream()
                    .map(this::record)
                    .filter(record -> record != null && names(record, uuid))
                    .findFirst()
                    .ifPresent(record -> violation("member " + step.member()
                            + " discards staging that is a generation of an operation in phase " + record.phase()
                            + (record.phase() == AuthorityPhase.PREPARED ? "" : " (after its dispatch)")));
        }
    }

    /**
     * Section 6: the cleanup DROP only for an operation proven committed on exactly the hosts it was
     * published to. The catalog facts are those of the sending worker's last member read: what the
     * service could know. Drift after that read is outside its reach; the host-side check below
     * still refuses any drop of a table that is not the exact predecessor.
     */
    private void checkCleanupAllowed(String operation, String token, Observed seen) {
        AuthorityRecord record = record(operation);
        if (record == null) {
            violation("cleanup DROP without an authority record of its operation");
            return;
        }
        DdlBinding cleanup = record.payload().cleanup();
        if (record.phase() != AuthorityPhase.CLEANUP_DISPATCHING
                || cleanup == null
                || !cleanup.token().value().equals(token)) {
            violation("cleanup DROP while the record is " + record.phase() + " without this cleanup token");
        }
        DdlBinding publication = record.payload().publication();
        if (publication == null || publication.receipt() != QueueStatus.TERMINAL_SUCCESS) {
            violation("cleanup DROP without a terminal successful publication receipt");
        }
        if (seen == null) {
            violation("cleanup DROP by a worker that never read the members");
            return;
        }
        List<Integer> hosts = seen.configured();
        if (!hosts.equals(hostsAtPublication.get(operation))) {
            violation("cleanup DROP for hosts " + hosts + " but the publication went to "
                    + hostsAtPublication.get(operation));
        }
        GenerationIdentity desired = record.payload().desired();
        GenerationIdentity predecessor = record.payload().predecessor();
        TableRef candidate = new TableRef(target.database(), record.payload().candidateTable());
        for (int member : hosts) {
            Optional<TableView> exposed = seen.members().get(member).table(target);
            if (exposed.isEmpty() || !sameGeneration(exposed.get(), desired)) {
                violation("cleanup DROP although member " + member
                        + " did not expose the desired generation at the last read");
            }
            Optional<TableView> old = seen.members().get(member).table(candidate);
            if (old.isPresent() && (predecessor == null || !sameGeneration(old.get(), predecessor))) {
                violation("cleanup DROP although member " + member
                        + " held something other than the predecessor at the last read");
            }
        }
    }

    /** The cluster as one member read saw it. */
    private record Observed(List<Integer> configured, List<MemberView> members) {}

    /**
     * Reads every authority row: versions must only grow and keys never vanish. A token seen for the
     * first time is attributed to the write that just took effect ({@code writerQueryId}, pending
     * until its answer arrives) or, at any other step, to no acknowledged CAS (a deferred request applied in the background). Rows are
     * decoded only when a check needs the record ({@link #record}); tokens are found in the payload text.
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
        }
        latestRows.put(operation, row);
        tokenWriters.learn(row.row().payload(), writerQueryId);
    }

    /** The operation's latest record seen (decoded once per row); null when none or when it does not decode. */
    private AuthorityRecord record(String operation) {
        VersionedRow row = latestRows.get(operation);
        if (row == null) {
            return null;
        }
        Decoded cached = decoded.get(operation);
        if (cached == null || cached.row() != row) {
            cached = new Decoded(
                    row,
                    AuthorityCodecV1.INSTANCE.decode(row.row()) instanceof DecodeResult.Valid<AuthorityRecord> valid
                            ? valid.record()
                            : null);
            decoded.put(operation, cached);
        }
        return cached.record();
    }

    private record Decoded(VersionedRow row, AuthorityRecord record) {}

    private static boolean names(AuthorityRecord record, UUID uuid) {
        return record.payload().desired().tableUuid().equals(uuid)
                || record.payload().predecessor() != null
                        && record.payload().predecessor().tableUuid().equals(uuid);
    }

    private static boolean sameGeneration(TableView table, GenerationIdentity generation) {
        return table.uuid().equals(generation.tableUuid())
                && table.zookeeperPath()
                        .map(path -> path.equals(generation.zookeeperPath()))
                        .orElse(false);
    }

    private void violation(String text) {
        if (violations.isEmpty()) {
            traceAtFirstViolation = simulator.trace().tailText(ScheduleRunner.TRACE_LINES);
        }
        violations.add("t=" + simulator.observe().now() + "ms: " + text);
    }

    private static String shortId(String hex) {
        return hex.substring(0, 12);
    }
}
