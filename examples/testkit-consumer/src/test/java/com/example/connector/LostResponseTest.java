package com.example.connector;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import io.dpone.clickhouse.cluster.port.MutationOutcome;
import io.dpone.clickhouse.cluster.port.OneShotMutationTransport;
import io.dpone.clickhouse.cluster.port.QueryContext;
import io.dpone.clickhouse.cluster.port.ReadOutcome;
import io.dpone.clickhouse.cluster.port.ReadTransport;
import io.dpone.clickhouse.cluster.sql.ReadResult;
import io.dpone.clickhouse.cluster.sql.SqlStatement;
import io.dpone.clickhouse.cluster.sql.StatementKind;
import io.dpone.testkit.fault.FaultInjectingTransport;
import io.dpone.testkit.fault.FaultPlan;
import io.dpone.testkit.fault.TransportFault;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The fault transport around the connector's own (here: in-memory) transport; docs/testkit/fault-injection.md. */
class LostResponseTest {
    private final List<String> executed = new ArrayList<>();
    private final OneShotMutationTransport server = (statement, context) -> {
        executed.add(context.queryId());
        return new MutationOutcome.Acknowledged(context.queryId());
    };
    private final ReadTransport reads =
            (statement, context) -> new ReadOutcome.Rows(new ReadResult(List.of("x"), List.of(List.of(1L))));

    @Test
    void aLostResponseIsAmbiguousAndTheStatementRanExactlyOnce() {
        FaultPlan plan = FaultPlan.builder(42)
                .always(StatementKind.KEEPER_MAP_CAS, TransportFault.LOSE_RESPONSE_AFTER_EXECUTE)
                .build();
        FaultInjectingTransport transport = new FaultInjectingTransport(server, reads, plan, duration -> {});

        MutationOutcome outcome = transport.execute(
                new SqlStatement(StatementKind.KEEPER_MAP_CAS, "ALTER TABLE t UPDATE x = 1"),
                QueryContext.keeperMapMutation("cas-1"));

        assertInstanceOf(MutationOutcome.Ambiguous.class, outcome);
        assertEquals(1, transport.counter().sends("cas-1"));
        assertEquals(List.of("cas-1"), executed);
        assertEquals(List.of(new MutationOutcome.Acknowledged("cas-1")), transport.hiddenOutcomes());
    }
}
