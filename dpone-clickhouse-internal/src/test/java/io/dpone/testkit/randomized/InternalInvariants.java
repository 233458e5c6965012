package io.dpone.testkit.randomized;

import io.dpone.clickhouse.cluster.contract.authority.AuthorityCodecV1;
import io.dpone.clickhouse.cluster.contract.authority.AuthorityRecord;
import io.dpone.clickhouse.cluster.contract.authority.DecodeResult;
import io.dpone.clickhouse.cluster.contract.authority.VersionedRow;
import io.dpone.clickhouse.cluster.contract.ddl.DdlCorrelationToken;
import io.dpone.clickhouse.cluster.contract.generation.GenerationIdentity;
import io.dpone.clickhouse.cluster.contract.phase.AuthorityPhase;
import io.dpone.clickhouse.cluster.sql.StatementKind;
import io.dpone.clickhouse.cluster.sql.TableRef;
import io.dpone.testkit.schedule.InvariantChecker;
import io.dpone.testkit.schedule.ModeInvariants;
import io.dpone.testkit.simulator.CallRecord;
import io.dpone.testkit.simulator.ClusterSimulator;
import io.dpone.testkit.simulator.HostStep;
import io.dpone.testkit.simulator.MemberView;
import io.dpone.testkit.simulator.PortCall;
import io.dpone.testkit.simulator.PortEvent;
import io.dpone.testkit.simulator.TableView;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/**
 * Internal mode's invariants (issue 11), beside the four {@link InvariantChecker} shares with
 * external mode (one send per query id, permits from acknowledged CASes only, one publication DDL
 * per record lifetime, versions only grow):
 * <ol>
 *   <li>no cleanup DROP is sent unless, beyond the shared rule (CLEANUP_DISPATCHING with its token and
 *       a terminal successful publication receipt), the configured hosts are exactly those the publication was sent to, and every one of them
 *       exposes the record's desired generation as the target;</li>
 *   <li>no table is dropped by a host unless it is the record's exact predecessor (a DROP), or a
 *       staged table no record ever named (a discard of owned staging).</li>
 * </ol>
 */
final class InternalInvariants implements ModeInvariants {
    private final InvariantChecker.Checks checks;
    /** Per worker: the cluster as its last member read saw it (configured members and every member's tables). */
    private final Map<String, Observed> lastMemberRead = new HashMap<>();

    private final Map<String, List<Integer>> hostsAtPublication = new HashMap<>();
    /** Every operation's latest row seen, by operation id (decoded only when a check needs it). */
    private final Map<String, VersionedRow> latestRows = new LinkedHashMap<>();

    private final Map<String, Decoded> decoded = new HashMap<>();

    InternalInvariants(InvariantChecker.Checks checks) {
        this.checks = checks;
    }

    static InvariantChecker checker(ClusterSimulator simulator, TableRef target) {
        return new InvariantChecker(simulator, target, InternalInvariants::new);
    }

    @Override
    public void learned(String operation, VersionedRow row) {
        latestRows.put(operation, row);
    }

    @Override
    public void publicationSent(String operation, PortEvent call) {
        hostsAtPublication.put(operation, checks.simulator().observe().configuredMembers());
    }

    @Override
    public Optional<CleanupFacts> cleanupFacts(String operation) {
        return Optional.ofNullable(record(operation))
                .map(record -> new CleanupFacts(
                        record.phase().name(),
                        record.phase() == AuthorityPhase.CLEANUP_DISPATCHING,
                        record.payload().cleanup(),
                        record.payload().publication()));
    }

    @Override
    public void cleanupSent(String operation, PortEvent call) {
        AuthorityRecord record = record(operation);
        if (record != null) {
            checkCleanupHosts(operation, record, lastMemberRead.get(call.worker()));
        }
    }

    @Override
    public void answered(CallRecord record) {
        if (record.call() == PortCall.MEMBERS) {
            lastMemberRead.put(
                    record.worker(),
                    new Observed(
                            checks.simulator().observe().configuredMembers(),
                            checks.simulator().observe().members()));
        }
    }

    @Override
    public void hostDrops(HostStep step, TableView table) {
        UUID uuid = table.uuid();
        if (step.kind() == StatementKind.DDL_DROP) {
            String operation = DdlCorrelationToken.parse(step.logComment())
                    .map(t -> t.operationId().hex())
                    .orElse("");
            AuthorityRecord record = record(operation);
            GenerationIdentity predecessor =
                    record == null ? null : record.payload().predecessor();
            if (predecessor == null || !sameGeneration(table, predecessor)) {
                checks.violation(
                        "member " + step.member() + " drops a table that is not the operation's exact predecessor");
            }
        } else {
            latestRows.keySet().stream()
                    .map(this::record)
                    .filter(record -> record != null && names(record, uuid))
                    .findFirst()
                    .ifPresent(record -> checks.violation("member " + step.member()
                            + " discards staging that is a generation of an operation in phase " + record.phase()
                            + (record.phase() == AuthorityPhase.PREPARED ? "" : " (after its dispatch)")));
        }
    }

    /**
     * Section 6: the cleanup DROP only on exactly the hosts the publication was sent to, each
     * exposing the desired generation. The catalog facts are those of the sending worker's last
     * member read: what the service could know. Drift after that read is outside its reach; the
     * host-side check above still refuses any drop of a table that is not the exact predecessor.
     */
    private void checkCleanupHosts(String operation, AuthorityRecord record, Observed seen) {
        if (seen == null) {
            checks.violation("cleanup DROP by a worker that never read the members");
            return;
        }
        List<Integer> hosts = seen.configured();
        if (!hosts.equals(hostsAtPublication.get(operation))) {
            checks.violation("cleanup DROP for hosts " + hosts + " but the publication went to "
                    + hostsAtPublication.get(operation));
        }
        GenerationIdentity desired = record.payload().desired();
        GenerationIdentity predecessor = record.payload().predecessor();
        TableRef target = checks.target();
        TableRef candidate = new TableRef(target.database(), record.payload().candidateTable());
        for (int member : hosts) {
            Optional<TableView> exposed = seen.members().get(member).table(target);
            if (exposed.isEmpty() || !sameGeneration(exposed.get(), desired)) {
                checks.violation("cleanup DROP although member " + member
                        + " did not expose the desired generation at the last read");
            }
            Optional<TableView> old = seen.members().get(member).table(candidate);
            if (old.isPresent() && (predecessor == null || !sameGeneration(old.get(), predecessor))) {
                checks.violation("cleanup DROP although member " + member
                        + " held something other than the predecessor at the last read");
            }
        }
    }

    /** The cluster as one member read saw it. */
    private record Observed(List<Integer> configured, List<MemberView> members) {}

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
}
