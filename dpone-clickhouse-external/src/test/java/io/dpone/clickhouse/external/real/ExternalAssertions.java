package io.dpone.clickhouse.external.real;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import io.dpone.clickhouse.cluster.authority.SlotRead;
import io.dpone.clickhouse.cluster.contract.digest.Digest;
import io.dpone.clickhouse.cluster.port.CatalogRead;
import io.dpone.clickhouse.cluster.sql.TableRef;
import io.dpone.clickhouse.external.artifact.ArtifactSchema;
import io.dpone.clickhouse.external.authority.ExternalRecord;
import io.dpone.clickhouse.external.authority.ExternalSlot;
import io.dpone.clickhouse.external.member.MemberContent;
import io.dpone.clickhouse.external.member.MemberSession;
import io.dpone.clickhouse.external.member.TableState;
import io.dpone.spi.receipt.PublicationReceipt;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

/** Checks of what real members and the slot show, shared by the external real-member tests. */
final class ExternalAssertions {
    private ExternalAssertions() {}

    static ExternalRecord record(ExternalRig rig, String invocation) {
        SlotRead<ExternalSlot> slot = rig.slot(invocation);
        @SuppressWarnings("unchecked")
        SlotRead.Present<ExternalSlot> present = assertInstanceOf(SlotRead.Present.class, slot);
        return (ExternalRecord) present.valid().orElseThrow().record();
    }

    static TableState table(MemberSession session, TableRef table) {
        return ((CatalogRead.Observed<TableState>) session.table(table)).facts();
    }

    /** Every member's {@code table} holds exactly the rows whose content digest is {@code content}. */
    static void everyMemberHolds(ExternalRig rig, TableRef table, ArtifactSchema schema, long rows, Digest content) {
        Set<UUID> uuids = new HashSet<>();
        for (int i = 0; i < rig.cluster.members().size(); i++) {
            MemberSession session = RealMemberSessionTest.session(rig.cluster, i, rig.db, 100);
            TableState state = table(session, table);
            uuids.add(assertInstanceOf(TableState.Present.class, state, "member " + (i + 1))
                    .uuid());
            assertEquals(
                    new MemberContent.Observed(rows, content),
                    ((CatalogRead.Observed<MemberContent>) session.content(table, schema, 10_000)).facts(),
                    "member " + (i + 1));
        }
        assertEquals(rig.cluster.members().size(), uuids.size(), "every member holds its own table");
    }

    static void noMemberHas(ExternalRig rig, TableRef table) {
        for (int i = 0; i < rig.cluster.members().size(); i++) {
            assertInstanceOf(
                    TableState.Absent.class,
                    table(RealMemberSessionTest.session(rig.cluster, i, rig.db, 100), table),
                    "member " + (i + 1));
        }
    }

    /** The receipt body names members only by number and holds no endpoint. */
    static void valueFree(PublicationReceipt receipt, ExternalRig rig) {
        String body = receipt.detail().toString();
        for (int i = 0; i < rig.cluster.members().size(); i++) {
            assertFalse(
                    body.contains(
                            String.valueOf(rig.cluster.member(i).endpoint().nativePort())),
                    "no port in evidence");
        }
        assertFalse(body.contains(rig.cluster.member(0).endpoint().host()), "no host in evidence");
        assertFalse(body.contains(rig.store.toString()), "no path in evidence");
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> members =
                (List<Map<String, Object>>) receipt.detail().get("members");
        assertEquals(rig.cluster.members().size(), members.size());
        for (Map<String, Object> member : members) {
            assertNotEquals(null, member.get("shard"));
            assertNotEquals(null, member.get("replica"));
        }
    }
}
