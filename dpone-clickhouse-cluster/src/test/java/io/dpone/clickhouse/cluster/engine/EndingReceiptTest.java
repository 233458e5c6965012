package io.dpone.clickhouse.cluster.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.dpone.clickhouse.cluster.engine.ScriptedSlot.PhaseEvidence;
import io.dpone.spi.error.DponeErrorCode;
import io.dpone.spi.manifest.ReplicationMode;
import io.dpone.spi.receipt.EvidenceScope;
import io.dpone.spi.receipt.EvidenceStatus;
import io.dpone.spi.receipt.PublicationOutcome;
import io.dpone.spi.receipt.PublicationReceipt;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Both modes' receipts come from one builder (issue 24): the mode passes only its schema and
 * replication mode to its evidence. Pure: the receipt carries the ending's outcome, code and
 * message, the message first and then the evidence's fields in the evidence's own order, always
 * runtime/UNVERIFIED; a status read without a record is NONE with no operation and no code.
 */
class EndingReceiptTest {
    @Test
    void anEndingsReceiptIsTheModesSchemaTheEndingAndTheEvidenceInOrder() {
        PhaseEvidence evidence = new PhaseEvidence();
        evidence.step("dispatch");

        PublicationReceipt receipt = Ending.of(
                        PublicationOutcome.WAITING, DponeErrorCode.CLICKHOUSE_CLUSTER_DDL_UNRESOLVED, "still running")
                .receipt("op", evidence);

        assertEquals(
                new PublicationReceipt(
                        PhaseEvidence.SCHEMA,
                        ReplicationMode.INTERNAL,
                        "op",
                        EvidenceScope.RUNTIME,
                        EvidenceStatus.UNVERIFIED,
                        PublicationOutcome.WAITING,
                        Optional.of(DponeErrorCode.CLICKHOUSE_CLUSTER_DDL_UNRESOLVED),
                        receipt.detail()),
                receipt);
        List<String> keys = List.copyOf(receipt.detail().keySet());
        assertEquals("message", keys.get(0));
        assertEquals("still running", receipt.detail().get("message"));
        assertEquals(List.copyOf(evidence.detail().keySet()), keys.subList(1, keys.size()));
        assertEquals(List.of("dispatch"), receipt.detail().get("steps"));
    }

    @Test
    void aStatusReadWithoutARecordIsNoneWithoutOperationOrCode() {
        PublicationReceipt receipt = new PhaseEvidence().noRecordReceipt("no record");

        assertEquals(PublicationOutcome.NONE, receipt.outcome());
        assertEquals("", receipt.operationId());
        assertEquals(Optional.empty(), receipt.errorCode());
        assertEquals("no record", receipt.detail().get("message"));
        assertEquals(EvidenceStatus.UNVERIFIED, receipt.evidenceStatus());
    }
}
