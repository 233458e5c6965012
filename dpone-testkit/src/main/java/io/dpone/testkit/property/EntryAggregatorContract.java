package io.dpone.testkit.property;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpone.clickhouse.cluster.contract.ddl.BoundEntry;
import io.dpone.clickhouse.cluster.contract.ddl.EntryAggregation;
import io.dpone.clickhouse.cluster.contract.ddl.EntryAggregator;
import io.dpone.clickhouse.cluster.contract.ddl.QueueRow;
import io.dpone.clickhouse.cluster.contract.ddl.QueueStatus;
import io.dpone.clickhouse.cluster.contract.digest.ProtocolDigests;
import io.dpone.clickhouse.cluster.contract.digest.Sha256ProtocolDigests;
import io.dpone.clickhouse.cluster.contract.inventory.HostEndpoint;
import io.dpone.testkit.arbitrary.EntryScenario;
import io.dpone.testkit.arbitrary.IdentityArbitraries;
import io.dpone.testkit.arbitrary.QueueArbitraries;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.domains.Domain;
import net.jqwik.api.domains.DomainContext;
import net.jqwik.api.statistics.Statistics;

/**
 * Properties of entry aggregation over the exact expected host set: missing, extra, duplicate or
 * mismatched rows are unknown; any unknown row dominates; the entry is terminal only when every
 * expected host has exactly one well-formed Finished row; row order is irrelevant; arbitrary rows
 * never make it throw. Extend and implement {@link #aggregator()}; override {@link #digests()} only
 * if your aggregator binds query digests differently.
 */
@Domain(DomainContext.Global.class)
@Domain(FieldsReportingDomain.class)
public abstract class EntryAggregatorContract {
    protected EntryAggregatorContract() {}

    protected abstract EntryAggregator aggregator();

    protected ProtocolDigests digests() {
        return Sha256ProtocolDigests.INSTANCE;
    }

    @Property
    void agreesWithTheExactHostSetOracle(@ForAll("scenarios") EntryScenario scenario) {
        EntryAggregation aggregation = aggregate(scenario);
        QueueStatus expected = expected(scenario);
        assertEquals(
                expected,
                aggregation.outcome(),
                () -> "rule: exact expected host set, then unknown dominance, then"
                        + " in-progress, then terminal; for " + describe(scenario));
        Statistics.collect(expected);
        Statistics.coverage(coverage -> {
            for (QueueStatus status : QueueStatus.values()) {
                coverage.check(status).count(count -> count > 0);
            }
        });
    }

    @Property
    void terminalOnlyWhenEveryExpectedHostHasOneWellFormedFinishedRow(@ForAll("scenarios") EntryScenario scenario) {
        if (!aggregate(scenario).outcome().isTerminal()) {
            return;
        }
        Map<HostEndpoint, List<QueueRow>> byHost = rowsByHost(scenario);
        String rule = "rule: terminal only when every expected host has exactly one well-formed Finished row; for ";
        assertEquals(scenario.expectedHosts(), byHost.keySet(), () -> rule + describe(scenario));
        assertEquals(scenario.rows().size(), scenario.expectedHosts().size(), () -> rule + describe(scenario));
        for (List<QueueRow> rows : byHost.values()) {
            QueueRow row = rows.get(0);
            assertEquals("Finished", row.status(), () -> rule + describe(scenario));
            assertTrue(
                    SpecQueueTable.expected(row.status(), row.exceptionCode(), row.exceptionText())
                            .isTerminal(),
                    () -> rule + describe(scenario));
        }
    }

    @Property
    void anyUnknownRowDominates(@ForAll("scenarios") EntryScenario scenario) {
        boolean anyUnknownRow = scenario.rows().stream()
                .anyMatch(row -> SpecQueueTable.expected(row.status(), row.exceptionCode(), row.exceptionText())
                        == QueueStatus.OUTCOME_UNKNOWN);
        if (anyUnknownRow) {
            assertEquals(
                    QueueStatus.OUTCOME_UNKNOWN,
                    aggregate(scenario).outcome(),
                    () -> "rule: any unknown row makes the entry OUTCOME_UNKNOWN; for " + describe(scenario));
        }
    }

    @Property
    void rowOrderIsIrrelevant(@ForAll("scenarios") EntryScenario scenario, @ForAll long seed) {
        List<QueueRow> shuffled = new ArrayList<>(scenario.rows());
        Collections.shuffle(shuffled, new Random(seed));
        assertEquals(
                aggregate(scenario).outcome(),
                aggregate(scenario.withRows(shuffled)).outcome(),
                () -> "rule: row order is irrelevant; for " + describe(scenario));
    }

    @Property
    void arbitraryRowsNeverThrow(@ForAll("anyRows") List<QueueRow> rows, @ForAll("hostSets") Set<HostEndpoint> hosts) {
        BoundEntry entry = new BoundEntry("c1", "query-0000000001", digests().ddlQuery("query"), "token");
        assertNotNull(aggregator().aggregate(entry, hosts, rows).outcome(), "rule: aggregation is total");
    }

    @Provide
    Arbitrary<EntryScenario> scenarios() {
        return QueueArbitraries.scenarios(digests());
    }

    @Provide
    Arbitrary<List<QueueRow>> anyRows() {
        return QueueArbitraries.rows().list().ofMaxSize(6);
    }

    @Provide
    Arbitrary<Set<HostEndpoint>> hostSets() {
        return IdentityArbitraries.endpoints().set().ofMaxSize(4);
    }

    private static String describe(EntryScenario scenario) {
        return FieldsReportingFormat.describe(scenario);
    }

    private EntryAggregation aggregate(EntryScenario scenario) {
        return aggregator().aggregate(scenario.entry(), scenario.expectedHosts(), scenario.rows());
    }

    /** The oracle: exact host set first, then unknown dominance, then in-progress, then terminal. */
    private QueueStatus expected(EntryScenario scenario) {
        Map<HostEndpoint, List<QueueRow>> byHost = rowsByHost(scenario);
        boolean everyRowBound = scenario.rows().stream().allMatch(row -> bound(scenario.entry(), row));
        boolean exact = everyRowBound
                && byHost.keySet().equals(scenario.expectedHosts())
                && byHost.values().stream().allMatch(rows -> rows.size() == 1);
        if (!exact) {
            return QueueStatus.OUTCOME_UNKNOWN;
        }
        List<QueueStatus> statuses = scenario.rows().stream()
                .map(row -> SpecQueueTable.expected(row.status(), row.exceptionCode(), row.exceptionText()))
                .toList();
        if (statuses.contains(QueueStatus.OUTCOME_UNKNOWN)) {
            return QueueStatus.OUTCOME_UNKNOWN;
        }
        if (statuses.contains(QueueStatus.IN_PROGRESS)) {
            return QueueStatus.IN_PROGRESS;
        }
        return statuses.contains(QueueStatus.TERMINAL_FAILURE)
                ? QueueStatus.TERMINAL_FAILURE
                : QueueStatus.TERMINAL_SUCCESS;
    }

    private boolean bound(BoundEntry entry, QueueRow row) {
        return entry.entry().equals(row.entry())
                && entry.cluster().equals(row.cluster())
                && entry.correlationToken().equals(row.logComment())
                && entry.queryDigest().equals(digests().ddlQuery(row.query()));
    }

    private static Map<HostEndpoint, List<QueueRow>> rowsByHost(EntryScenario scenario) {
        Map<HostEndpoint, List<QueueRow>> byHost = new HashMap<>();
        for (QueueRow row : scenario.rows()) {
            HostEndpoint host =
                    row.host() == null || row.port() == null ? null : new HostEndpoint(row.host(), row.port());
            byHost.computeIfAbsent(host, ignored -> new ArrayList<>()).add(row);
        }
        return byHost;
    }
}
