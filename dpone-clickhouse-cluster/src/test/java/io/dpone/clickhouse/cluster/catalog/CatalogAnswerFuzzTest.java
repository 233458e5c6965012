package io.dpone.clickhouse.cluster.catalog;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpone.clickhouse.cluster.contract.digest.Sha256ProtocolDigests;
import io.dpone.clickhouse.cluster.ddl.adapter.DdlDispatchAdapter;
import io.dpone.clickhouse.cluster.port.CatalogRead;
import io.dpone.clickhouse.cluster.port.ExpectedDdl;
import io.dpone.clickhouse.cluster.port.MutationOutcome;
import io.dpone.clickhouse.cluster.port.QueueLookup;
import io.dpone.clickhouse.cluster.port.ReadOutcome;
import io.dpone.clickhouse.cluster.sql.DdlStatementType;
import io.dpone.clickhouse.cluster.sql.QueueStatements;
import io.dpone.clickhouse.cluster.sql.ReadResult;
import io.dpone.clickhouse.cluster.sql.TableRef;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * Arbitrary answers never make the adapters throw: every catalog read is Observed or Unreadable,
 * and a queue lookup is Bound only when exactly one entry carries the token.
 */
class CatalogAnswerFuzzTest {
    @Provide
    Arbitrary<Object> cell() {
        Arbitrary<String> text = Arbitraries.of("t", "t__c", "Atomic", "", "00000000-0000-0000-0000-000000000001", "x");
        Arbitrary<Object> scalar = Arbitraries.oneOf(
                text.map(s -> (Object) s),
                Arbitraries.longs().between(-2, 70_000).map(l -> (Object) l),
                Arbitraries.just(null),
                Arbitraries.of(true, false).map(b -> (Object) b));
        return Arbitraries.oneOf(scalar, scalar.list().ofMaxSize(3).map(list -> (Object) list));
    }

    /** Flat member records built from tags, numbers and names, so decoding gets past the first tag. */
    @Provide
    Arbitrary<Object> records() {
        Arbitrary<Object> word = Arbitraries.oneOf(
                Arbitraries.of(
                                "member",
                                "database",
                                "table",
                                "column",
                                "replica",
                                "t",
                                "t__c",
                                "Atomic",
                                "",
                                "00000000-0000-0000-0000-000000000001",
                                "ReplicatedMergeTree",
                                "h1")
                        .map(s -> (Object) s),
                Arbitraries.longs().between(-2, 70_000).map(l -> (Object) Long.toString(l)),
                Arbitraries.frequencyOf(
                        net.jqwik.api.Tuple.of(1, Arbitraries.just((Object) null)),
                        net.jqwik.api.Tuple.of(1, Arbitraries.just((Object) 1L))));
        return Arbitraries.oneOf(word.list().ofMaxSize(40).map(list -> (Object) list), cell());
    }

    @Property
    void memberFactsNeverThrow(@ForAll("rows") List<List<Object>> rows) {
        ReadResult result = new ReadResult(List.of("member_records"), rows);
        CatalogRead<?> read = new StrictCatalogAdapter((s, c) -> new ReadOutcome.Rows(result), () -> "q", 5)
                .members("c1", new TableRef("pub", "t"), new TableRef("pub", "t__c"));
        assertNotNull(read);
        if (read instanceof CatalogRead.Observed<?> observed) {
            long tags = rows.stream()
                    .map(row -> (List<?>) row.get(0))
                    .flatMap(List::stream)
                    .filter("member"::equals)
                    .count();
            assertTrue(((List<?>) observed.facts()).size() <= tags, "a fact only for a self-identifying record");
        }
    }

    @Provide
    Arbitrary<List<List<Object>>> rows() {
        return records()
                .map(cell -> (List<Object>) new ArrayList<>(java.util.Collections.singletonList(cell)))
                .list()
                .ofMaxSize(3);
    }

    @Property
    void queueLookupNeverThrowsAndBindsOnlyOneEntry(@ForAll("lookupRows") List<List<Object>> rows) {
        ReadResult result = new ReadResult(
                List.of(QueueStatements.ENTRY, QueueStatements.QUERIES, QueueStatements.LOG_COMMENTS), rows);
        QueueLookup lookup = new DdlDispatchAdapter(
                        (s, c) -> new ReadOutcome.Rows(result),
                        (s, c) -> new MutationOutcome.NotSent(c.queryId(), "unused"),
                        Sha256ProtocolDigests.INSTANCE,
                        () -> "q",
                        60)
                .lookup(new ExpectedDdl(
                        DdlStatementType.EXCHANGE_TABLES, "c1", "pub", Optional.of("t"), Optional.of("t__c"), "tok"));
        if (lookup instanceof QueueLookup.Bound) {
            assertTrue(rows.size() == 1, "bound only with one entry");
        }
    }

    @Provide
    Arbitrary<List<List<Object>>> lookupRows() {
        Arbitrary<Object> query = Arbitraries.of(
                "EXCHANGE TABLES pub.t AND pub.t__c ON CLUSTER c1",
                "RENAME TABLE pub.t__c TO pub.t ON CLUSTER c1",
                "SELECT 1",
                "EXCHANGE TABLES pub.t AND pub.x ON CLUSTER c1");
        Arbitrary<Object> entry =
                Arbitraries.of("query-0000000001", "query-0000000002").map(e -> (Object) e);
        Arbitrary<Object> queries = query.list().ofMinSize(1).ofMaxSize(2).map(q -> (Object) q);
        Arbitrary<Object> tokens =
                Arbitraries.of("tok", "other").list().ofMinSize(1).ofMaxSize(2).map(t -> (Object) t);
        return net.jqwik.api.Combinators.combine(entry, Arbitraries.oneOf(queries, cell()), tokens)
                .as((e, q, t) -> (List<Object>) new ArrayList<>(java.util.Arrays.asList(e, q, t)))
                .list()
                .ofMaxSize(3);
    }
}
