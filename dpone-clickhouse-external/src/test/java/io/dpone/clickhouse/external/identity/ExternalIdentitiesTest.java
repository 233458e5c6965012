package io.dpone.clickhouse.external.identity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpone.clickhouse.cluster.contract.digest.CanonicalEncoder;
import io.dpone.clickhouse.cluster.contract.digest.Digest;
import io.dpone.clickhouse.cluster.contract.digest.QualifiedTarget;
import io.dpone.clickhouse.cluster.contract.digest.Sha256ProtocolDigests;
import io.dpone.clickhouse.cluster.sql.TableRef;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Golden vectors of the external identity formulas (docs/reference/external-mode.md, "Identities").
 * A change of any vector is a protocol change: every retry of an operation in flight would derive
 * another operation.
 */
class ExternalIdentitiesTest {
    private static final Digest TARGET_KEY = ExternalIdentities.targetKey("analytics_cluster", "analytics", "orders");
    private static final Digest PLAN = new ExternalPlan(
                    "analytics_cluster", new TableRef("analytics", "orders"), "MergeTree", 1_073_741_824L, 100_000)
            .digest();
    private static final Digest OPERATION = ExternalIdentities.operationId("scheduler-run-42", TARGET_KEY, PLAN);

    @Test
    void goldenVectors() {
        assertEquals("1f53088dd92e1eac84dac2a68acc1f3a603c9fab2ff2419100da58ef8c709e1d", TARGET_KEY.hex());
        assertEquals("69597d35533c0b65da5aad9301978a5b75490a8b727933d8af78df6486a212cc", PLAN.hex());
        assertEquals("201782d1747db3d506601af039b2532b7bb96b83f0baf10c8a802e13c8a145d0", OPERATION.hex());
        assertEquals(
                "f0b4110621bbca75f0478e7bc0476cb2de536f1840f26acc2883089216b86c76",
                ExternalIdentities.memberId(1, 1).hex());
        assertEquals(
                "9a59f32dc1d411869ea945f468f41ecfcdf1c5d8054ab90db20b117b6de25225",
                ExternalIdentities.memberId(1, 2).hex());
        Digest empty = CanonicalEncoder.sha256(new byte[0]);
        assertEquals(
                "7d3cf327b1927aaaab2dc2d2a69c1a5bbdc27e0b140eadf526e7eae3cde32412",
                ExternalIdentities.generationId(OPERATION, empty, empty, 12).hex());
        assertEquals("orders__dpone_ext_201782d1747db3d5", ExternalIdentities.candidateName("orders", OPERATION));
    }

    /** member_id spelled out in raw bytes: every field is a 4-byte big-endian length and its UTF-8 text. */
    @Test
    void memberIdIsTheDocumentedByteEncoding() throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        for (String field : new String[] {"dpone.clickhouse.cluster-external.v1/member-id", "1", "2"}) {
            byte[] text = field.getBytes(StandardCharsets.UTF_8);
            bytes.write(new byte[] {0, 0, 0, (byte) text.length});
            bytes.write(text);
        }
        String expected =
                HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes.toByteArray()));
        assertEquals(expected, ExternalIdentities.memberId(1, 2).hex());
    }

    @Test
    void theTargetKeyIsInternalModesSoBothModesMeetInOneSlot() {
        assertEquals(
                Sha256ProtocolDigests.INSTANCE.targetKey(
                        new QualifiedTarget("analytics_cluster", "analytics", "orders")),
                TARGET_KEY);
    }

    @Test
    void everyFieldOfEveryFormulaMatters() {
        assertNotEquals(TARGET_KEY, ExternalIdentities.targetKey("analytics_cluster", "analytics", "order"));
        assertNotEquals(OPERATION, ExternalIdentities.operationId("scheduler-run-43", TARGET_KEY, PLAN));
        assertNotEquals(OPERATION, ExternalIdentities.operationId("scheduler-run-42", PLAN, PLAN));
        assertNotEquals(OPERATION, ExternalIdentities.operationId("scheduler-run-42", TARGET_KEY, TARGET_KEY));
        assertNotEquals(ExternalIdentities.memberId(1, 2), ExternalIdentities.memberId(2, 1));
        Digest empty = CanonicalEncoder.sha256(new byte[0]);
        Digest gen = ExternalIdentities.generationId(OPERATION, empty, empty, 12);
        assertNotEquals(gen, ExternalIdentities.generationId(OPERATION, empty, empty, 13));
        assertNotEquals(gen, ExternalIdentities.generationId(OPERATION, empty, OPERATION, 12));
        assertNotEquals(gen, ExternalIdentities.generationId(OPERATION, OPERATION, empty, 12));
        assertNotEquals(gen, ExternalIdentities.generationId(empty, empty, empty, 12));
        assertNotEquals(
                PLAN,
                new ExternalPlan(
                                "analytics_cluster",
                                new TableRef("analytics", "orders"),
                                "MergeTree",
                                1_073_741_824L,
                                100_001)
                        .digest(),
                "the content row budget is part of the plan");
    }

    @Test
    void theCandidateNameIsBoundedAndOwnedByTheOperation() {
        String name = ExternalIdentities.candidateName("t".repeat(500), OPERATION);
        assertEquals(ExternalIdentities.MAX_CANDIDATE_LENGTH, name.length());
        assertTrue(name.endsWith("__dpone_ext_201782d1747db3d5"));
        assertEquals(
                new TableRef("analytics", "orders__dpone_ext_201782d1747db3d5"),
                ExternalOperation.derive(
                                new ExternalPlan(
                                        "analytics_cluster",
                                        new TableRef("analytics", "orders"),
                                        "MergeTree",
                                        1_073_741_824L,
                                        100_000),
                                "scheduler-run-42")
                        .candidate());
    }

    /** An attempt's name is its candidate name and its UUID: one name per table, and a file name within 255 bytes. */
    @Test
    void anAttemptNameIsTheCandidateNameAndItsUuid() {
        java.util.UUID uuid = java.util.UUID.fromString("0b7e5a52-1c2d-4e3f-8a9b-0c1d2e3f4a5b");
        assertEquals(
                "orders__dpone_ext_201782d1747db3d5_0b7e5a521c2d4e3f8a9b0c1d2e3f4a5b",
                ExternalIdentities.attemptName("orders__dpone_ext_201782d1747db3d5", uuid));
        String longest =
                ExternalIdentities.attemptName(ExternalIdentities.candidateName("t".repeat(500), OPERATION), uuid);
        assertEquals(ExternalIdentities.MAX_CANDIDATE_LENGTH + 33, ExternalIdentities.escapedLength(longest));
        assertTrue(ExternalIdentities.escapedLength(longest + ".sql.tmp") <= 255);
        assertNotEquals(
                longest,
                ExternalIdentities.attemptName(
                        ExternalIdentities.candidateName("t".repeat(500), OPERATION), new java.util.UUID(0, 1)));
    }

    /** Multi-byte targets: the bound is on the escaped UTF-8 file name and cuts only between code points. */
    @Test
    void aMultiByteTargetIsCutOnACodePointAndItsEscapedFileNameIsBounded() {
        String suffix = "__dpone_ext_201782d1747db3d5";
        // a short non-ASCII target is kept whole: 10 bytes of UTF-8, 30 escaped
        assertEquals("заказ" + suffix, ExternalIdentities.candidateName("заказ", OPERATION));
        assertEquals(30, ExternalIdentities.escapedLength("заказ"));
        // U+1F600 is a surrogate pair in UTF-16, 4 UTF-8 bytes, 12 escaped: 172 bytes of room hold 14 of them (168)
        String emoji = "\uD83D\uDE00";
        String cut = ExternalIdentities.candidateName(emoji.repeat(100), OPERATION);
        assertEquals(emoji.repeat(14) + suffix, cut);
        // one word character first: 1 + 14 * 12 = 169 fits, a 15th pair would need 181; no lone surrogate is left
        String shifted = ExternalIdentities.candidateName("t" + emoji.repeat(100), OPERATION);
        assertEquals("t" + emoji.repeat(14) + suffix, shifted);
        for (String target : List.of(
                emoji.repeat(100),
                "t" + emoji.repeat(100),
                "tt" + emoji.repeat(100),
                "é".repeat(300),
                "a-b".repeat(200),
                "t".repeat(171) + "é",
                "x" + "日本".repeat(80))) {
            String name = ExternalIdentities.candidateName(target, OPERATION);
            assertTrue(name.endsWith(suffix), target);
            assertTrue(target.startsWith(name.substring(0, name.length() - suffix.length())), "a prefix of the target");
            assertTrue(ExternalIdentities.escapedLength(name) <= ExternalIdentities.MAX_CANDIDATE_LENGTH, name);
            assertTrue(name.getBytes(StandardCharsets.UTF_8).length <= ExternalIdentities.MAX_CANDIDATE_LENGTH, name);
            assertEquals(
                    name,
                    new String(name.getBytes(StandardCharsets.UTF_8), StandardCharsets.UTF_8),
                    "no split surrogate pair: the name survives a UTF-8 round trip");
            String kept = name.substring(0, name.length() - suffix.length());
            if (kept.length() < target.length()) {
                String oneMore = target.substring(0, target.offsetByCodePoints(kept.length(), 1));
                assertTrue(
                        ExternalIdentities.escapedLength(oneMore + suffix) > ExternalIdentities.MAX_CANDIDATE_LENGTH,
                        "the cut is maximal: " + target);
            }
        }
        // the cut is maximal: one more code point would not fit
        String accented = "é".repeat(300);
        String bounded = ExternalIdentities.candidateName(accented, OPERATION);
        assertEquals(
                ExternalIdentities.MAX_CANDIDATE_LENGTH - 4,
                ExternalIdentities.escapedLength(bounded),
                "28 + 28 * 6 = 196");
    }

    @Test
    void theEscapedLengthIsClickHousesEscapeForFileName() {
        assertEquals(6, ExternalIdentities.escapedLength("Ab_0z9"));
        assertEquals(3, ExternalIdentities.escapedLength("-"));
        assertEquals(6, ExternalIdentities.escapedLength("é"));
        assertEquals(12, ExternalIdentities.escapedLength("\uD83D\uDE00"));
    }
}
