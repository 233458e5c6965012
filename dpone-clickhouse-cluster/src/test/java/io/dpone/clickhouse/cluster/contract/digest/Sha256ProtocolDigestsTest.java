package io.dpone.clickhouse.cluster.contract.digest;

import static io.dpone.clickhouse.cluster.contract.ContractFixtures.*;
import static org.junit.jupiter.api.Assertions.*;

import io.dpone.clickhouse.cluster.contract.inventory.ClusterInventory;
import io.dpone.clickhouse.cluster.contract.inventory.ClusterMember;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Golden vectors pin the V1 encodings; any change here is a protocol version change. */
class Sha256ProtocolDigestsTest {
    private static final ProtocolDigests DIGESTS = Sha256ProtocolDigests.INSTANCE;
    private static final QualifiedTarget TARGET = new QualifiedTarget("c1", "db", "events");

    @Test
    void canonicalEncodingIsLengthPrefixedWithANullMarker() {
        byte[] bytes =
                CanonicalEncoder.forDomain("t").text("ab").text(null).text("").toBytes();
        assertEquals(
                "0000000174" + "000000026162" + "ffffffff" + "00000000",
                HexFormat.of().formatHex(bytes));
    }

    @Test
    void fieldBoundariesAreUnambiguous() {
        assertNotEquals(
                CanonicalEncoder.forDomain("t").text("a").text("bc").sha256(),
                CanonicalEncoder.forDomain("t").text("ab").text("c").sha256());
        assertNotEquals(
                CanonicalEncoder.forDomain("t").text(null).sha256(),
                CanonicalEncoder.forDomain("t").text("").sha256());
    }

    @Test
    void goldenTargetKeyAndOperationId() {
        Digest targetKey = DIGESTS.targetKey(TARGET);
        // Independently computed: sha256(u32be(38) "dpone.clickhouse.cluster.v1/target-key" u32be(2) "c1" u32be(2) "db"
        // u32be(6) "events")
        assertEquals("a58109f8e9726e955bbf2fa3d952178f2e1ddb7ef00ad8b2af5eac094d10ca87", targetKey.hex());
        assertEquals(
                CanonicalEncoder.sha256(HexFormat.of()
                        .parseHex("00000026" + hex("dpone.clickhouse.cluster.v1/target-key") + "00000002" + hex("c1")
                                + "00000002" + hex("db") + "00000006" + hex("events"))),
                targetKey);
        Digest plan = digest("plan");
        Digest operation = DIGESTS.operationId(new OperationInputs(1, "dag/run/task", plan, TARGET));
        assertEquals(
                CanonicalEncoder.forDomain("dpone.clickhouse.cluster.v1/operation-id")
                        .number(1)
                        .text("dag/run/task")
                        .text(plan.hex())
                        .text("c1")
                        .text("db")
                        .text("events")
                        .sha256(),
                operation);
    }

    @Test
    void targetKeyDomainDiffersFromEveryOtherKind() {
        assertNotEquals(DIGESTS.targetKey(TARGET), DIGESTS.ddlQuery("c1"));
        assertNotEquals(DIGESTS.targetKey(new QualifiedTarget("c", "1db", "events")), DIGESTS.targetKey(TARGET));
    }

    @Test
    void inventoryDigestIgnoresRowOrderButNotContent() {
        ClusterMember a = new ClusterMember("c1", 1, 1, "ch-a", "10.0.0.1", 9000, true);
        ClusterMember b = new ClusterMember("c1", 1, 2, "ch-b", "10.0.0.2", 9000, true);
        ClusterMember drifted = new ClusterMember("c1", 1, 2, "ch-b", "10.0.0.3", 9000, true);
        assertEquals(
                DIGESTS.inventory(new ClusterInventory("c1", List.of(a, b))),
                DIGESTS.inventory(new ClusterInventory("c1", List.of(b, a))));
        assertNotEquals(
                DIGESTS.inventory(new ClusterInventory("c1", List.of(a, b))),
                DIGESTS.inventory(new ClusterInventory("c1", List.of(a, drifted))));
        assertNotEquals(
                DIGESTS.inventory(new ClusterInventory("c1", List.of(a, b))),
                DIGESTS.inventory(new ClusterInventory("c1", List.of(a, b, b))));
    }

    @Test
    void generationDigestSeesEveryField() {
        assertNotEquals(DIGESTS.generation(OLD), DIGESTS.generation(NEW));
    }

    private static String hex(String text) {
        return HexFormat.of().formatHex(text.getBytes(java.nio.charset.StandardCharsets.UTF_8));
    }

    @Test
    void goldenSetupOperationIds() {
        Digest inventory = digest("inventory");
        assertEquals(
                CanonicalEncoder.sha256(HexFormat.of()
                        .parseHex("0000002b" + hex("dpone.clickhouse.cluster.v1/probe-operation") + "00000002"
                                + hex("c1") + "00000040" + hex(inventory.hex()))),
                SetupDigests.probeOperation("c1", inventory));
        assertEquals(
                CanonicalEncoder.sha256(HexFormat.of()
                        .parseHex("0000002c" + hex("dpone.clickhouse.cluster.v1/facade-bootstrap")
                                + "00000002" + hex("c1") + "00000003" + hex("ctl") + "00000015"
                                + hex("publication_authority")
                                + "00000004" + hex("/x/a"))),
                SetupDigests.facadeBootstrap("c1", "ctl", "publication_authority", "/x/a"));
        // Independently computed (Python hashlib over the same length-prefixed fields).
        assertEquals(
                "5cb421c1a1eeb2e3033bf292d1726f158961ad3cf86bcf8030ecb0016bdb1050",
                SetupDigests.facadeBootstrap("c1", "ctl", "publication_authority", "/x/a")
                        .hex());
        assertNotEquals(
                SetupDigests.facadeBootstrap("c1", "ctl", "publication_authority", "/x/a"),
                SetupDigests.facadeBootstrap("c1", "ctl", "publication_authority", "/x/b"),
                "another Keeper root, another facade");
        assertNotEquals(SetupDigests.probeOperation("c1", inventory), SetupDigests.probeOperation("c2", inventory));
    }
}
