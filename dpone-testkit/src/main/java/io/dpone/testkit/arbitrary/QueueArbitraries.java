package io.dpone.testkit.arbitrary;

import io.dpone.clickhouse.cluster.contract.ddl.BoundEntry;
import io.dpone.clickhouse.cluster.contract.ddl.QueueRow;
import io.dpone.clickhouse.cluster.contract.digest.ProtocolDigests;
import io.dpone.clickhouse.cluster.contract.inventory.HostEndpoint;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Tuple;

/**
 * jqwik arbitraries for {@code system.distributed_ddl_queue} rows: raw statuses (the pinned five,
 * NULL and garbage), raw exception codes (NULL, valid, zero, negative, unparseable, out of
 * range) and texts (NULL, empty, non-empty), and whole entry scenarios over an expected host set.
 */
public final class QueueArbitraries {
    static final int MAX_HOSTS = 4;
    public static final List<String> PINNED_STATUSES = List.of("Inactive", "Active", "Finished", "Removing", "Unknown");
    static final Instant CREATED = Instant.parse("2026-09-17T10:00:00Z");

    private QueueArbitraries() {}

    /** Finished is drawn often: it is the only status whose exception evidence decides a terminal outcome. */
    public static Arbitrary<String> rawStatuses() {
        return Arbitraries.frequencyOf(
                        Tuple.of(4, Arbitraries.just("Finished")),
                        Tuple.of(6, Arbitraries.of(PINNED_STATUSES)),
                        Tuple.of(1, Arbitraries.of("finished", "ACTIVE", "", "Finished ", "Done")),
                        Tuple.of(1, IdentityArbitraries.text()))
                .injectNull(0.1);
    }

    /**
     * Raw exception codes, about a third of them non-canonical: a lenient parser
     * ({@code Integer.parseInt(code.trim())}, {@code Long.valueOf}, a regex without anchors) reads
     * these as numbers where the pinned table reads OUTCOME_UNKNOWN.
     */
    public static Arbitrary<String> rawExceptionCodes() {
        return Arbitraries.frequencyOf(
                        Tuple.of(4, Arbitraries.just("0")),
                        Tuple.of(4, Arbitraries.integers().between(1, 65_535).map(String::valueOf)),
                        Tuple.of(3, nonCanonicalZeros()),
                        Tuple.of(3, nonCanonicalCodes()),
                        Tuple.of(1, Arbitraries.integers().between(-65_535, -1).map(String::valueOf)),
                        Tuple.of(
                                1,
                                Arbitraries.of(
                                        "",
                                        "65536",
                                        "2147483647",
                                        "2147483648",
                                        "-2147483648",
                                        "99999999999999999999",
                                        "1.0",
                                        "1e3",
                                        "0x1",
                                        "abc")),
                        Tuple.of(1, IdentityArbitraries.text()))
                .injectNull(0.3);
    }

    /** Zero spelled so a lenient parser reports success: {@code 00}, {@code +0}, {@code " 0"}, {@code -0}, ... */
    public static Arbitrary<String> nonCanonicalZeros() {
        return Arbitraries.of("00", "000", "+0", "-0", " 0", "0 ", "\t0", "0\n", "\u0660", "\uff10");
    }

    /** A valid non-zero code with a sign, padding, leading zeros or non-ASCII digits. */
    public static Arbitrary<String> nonCanonicalCodes() {
        return Combinators.combine(
                        Arbitraries.integers().between(1, 65_535),
                        Arbitraries.of("0%d", "00%d", "+%d", " %d", "%d ", " %d ", "\t%d", "%d\n"))
                .as((code, form) -> String.format(form, code));
    }

    public static Arbitrary<String> exceptionTexts() {
        return Arbitraries.frequencyOf(Tuple.of(3, Arbitraries.just("")), Tuple.of(3, IdentityArbitraries.names()))
                .injectNull(0.3);
    }

    /** Rows of any shape, including NULL host and port. */
    public static Arbitrary<QueueRow> rows() {
        Arbitrary<String> hosts = IdentityArbitraries.names().injectNull(0.1);
        Arbitrary<Integer> ports = Arbitraries.integers().between(0, 65_535).injectNull(0.1);
        return Combinators.combine(
                        IdentityArbitraries.names(),
                        IdentityArbitraries.text(),
                        hosts,
                        ports,
                        rawStatuses(),
                        rawExceptionCodes(),
                        exceptionTexts(),
                        IdentityArbitraries.text())
                .as((entry, cluster, host, port, status, code, text, comment) -> new QueueRow(
                        entry,
                        5,
                        null,
                        null,
                        cluster,
                        "query",
                        Map.of(QueueRow.LOG_COMMENT, comment),
                        CREATED,
                        host,
                        port,
                        status,
                        code,
                        text,
                        null,
                        null));
    }

    /** A row of {@code entry} for {@code host} carrying the given raw evidence. */
    public static QueueRow rowFor(
            BoundEntry entry, String query, HostEndpoint host, String status, String code, String text) {
        return new QueueRow(
                entry.entry(),
                5,
                null,
                null,
                entry.cluster(),
                query,
                Map.of(QueueRow.LOG_COMMENT, entry.correlationToken()),
                CREATED,
                host == null ? null : host.host(),
                host == null ? null : host.port(),
                status,
                code,
                text,
                null,
                null);
    }

    /** Raw evidence (status, exception code, exception text) for one host. */
    public static Arbitrary<String[]> evidence() {
        return Combinators.combine(rawStatuses(), rawExceptionCodes(), exceptionTexts())
                .as((status, code, text) -> new String[] {status, code, text});
    }

    /**
     * An entry scenario: an expected host set of 1-4 members and, per expected host, usually one
     * row (sometimes none or two), plus occasional rows for unexpected or NULL hosts and for a
     * different entry, and scenarios off by one host (one expected host silently without a row, the
     * rest well-formed). Rows are in random order.
     */
    public static Arbitrary<EntryScenario> scenarios(ProtocolDigests digests) {
        return Combinators.combine(
                        IdentityArbitraries.pooledEndpoints()
                                .list()
                                .ofSize(MAX_HOSTS + 1)
                                .uniqueElements(),
                        Arbitraries.integers().between(1, MAX_HOSTS),
                        Arbitraries.integers().between(0, 2).list().ofSize(MAX_HOSTS),
                        wellFormedOrAny().list().ofSize(2 * MAX_HOSTS + 1),
                        Arbitraries.integers().between(0, 14),
                        Arbitraries.longs())
                .as((hosts, size, counts, evidence, noise, seed) -> {
                    Set<HostEndpoint> expected = new LinkedHashSet<>(hosts.subList(0, size));
                    EntryScenario scenario = build(digests, expected, counts, evidence, noise, hosts.get(MAX_HOSTS));
                    List<QueueRow> rows = new ArrayList<>(scenario.rows());
                    Collections.shuffle(rows, new Random(seed));
                    return scenario.withRows(rows);
                });
    }

    /** Evidence that is usually well-formed (so terminal and in-progress entries are reached), sometimes anything. */
    static Arbitrary<String[]> wellFormedOrAny() {
        Arbitrary<String[]> wellFormed = Arbitraries.of(
                new String[] {"Finished", "0", ""},
                new String[] {"Finished", "0", ""},
                new String[] {"Finished", "0", ""},
                new String[] {"Finished", "159", "Code: 159. Timeout"},
                new String[] {"Active", null, null},
                new String[] {"Inactive", null, null});
        return Arbitraries.frequencyOf(Tuple.of(6, wellFormed), Tuple.of(1, evidence()));
    }

    private static EntryScenario build(
            ProtocolDigests digests,
            Set<HostEndpoint> expected,
            List<Integer> counts,
            List<String[]> evidence,
            int noise,
            HostEndpoint stranger) {
        String query = "EXCHANGE TABLES db.t AND db.c ON CLUSTER c1";
        BoundEntry entry = new BoundEntry("c1", "query-0000000001", digests.ddlQuery(query), "dpone-ch-v1.token");
        List<QueueRow> rows = new ArrayList<>();
        int next = 0;
        int index = 0;
        for (HostEndpoint host : expected) {
            // Count 1 is the common case; counts are drawn 0..2 and mostly remapped to 1. Noise 13 and 14
            // are a host set off by one: the first or second expected host has no row and nothing else is wrong.
            int count = noise < 9 ? 1 : noise >= 13 ? (index == noise - 13 ? 0 : 1) : counts.get(index);
            for (int i = 0; i < count; i++, next++) {
                String[] e = evidence.get(next);
                rows.add(rowFor(entry, query, host, e[0], e[1], e[2]));
            }
            index++;
        }
        String[] extra = evidence.get(next);
        switch (noise) {
            case 9 -> rows.add(rowFor(entry, query, stranger, extra[0], extra[1], extra[2]));
            case 10 -> rows.add(rowFor(entry, query, null, extra[0], extra[1], extra[2]));
            case 11 ->
                rows.add(rowFor(
                        new BoundEntry("c1", "query-0000000002", entry.queryDigest(), entry.correlationToken()),
                        query,
                        expected.iterator().next(),
                        extra[0],
                        extra[1],
                        extra[2]));
            case 12 ->
                rows.add(rowFor(
                        entry,
                        "DROP TABLE db.t ON CLUSTER c1",
                        expected.iterator().next(),
                        extra[0],
                        extra[1],
                        extra[2]));
            default -> {}
        }
        return new EntryScenario(entry, expected, rows);
    }
}
