package io.dpone.testkit.authority;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpone.clickhouse.cluster.contract.authority.AuthorityRecord;
import io.dpone.clickhouse.cluster.contract.authority.InternalSlotSchema;
import io.dpone.clickhouse.cluster.contract.phase.AuthorityPhase;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Pure: every successor is an allowed, encodable V1 transition, and no two records share a payload. */
class RecordSuccessorTest {

    @Test
    void everySuccessorIsAnAllowedTransitionWithItsOwnPayload() {
        AuthorityRecord current = AuthorityRecords.prepared();
        Set<String> payloads = new HashSet<>();
        payloads.add(InternalSlotSchema.INSTANCE.encode(current).payloadSha256());
        List<AuthorityPhase> expected = List.of(
                AuthorityPhase.DISPATCHING,
                AuthorityPhase.DISPATCHING,
                AuthorityPhase.COMMITTED,
                AuthorityPhase.CLEANUP_DISPATCHING,
                AuthorityPhase.CLEANUP_PENDING,
                AuthorityPhase.CLEANUP_DISPATCHING,
                AuthorityPhase.CLEANUP_PENDING);
        for (AuthorityPhase phase : expected) {
            AuthorityRecord next = RecordSuccessor.of(current);
            assertEquals(phase, next.phase());
            assertTrue(
                    InternalSlotSchema.INSTANCE.check(current, next).isEmpty(),
                    current.phase() + " -> " + next.phase() + ": " + InternalSlotSchema.INSTANCE.check(current, next));
            assertTrue(payloads.add(InternalSlotSchema.INSTANCE.encode(next).payloadSha256()), "payloads are distinct");
            assertNotEquals(
                    InternalSlotSchema.INSTANCE
                            .encode(RecordSuccessor.of(current))
                            .payloadSha256(),
                    InternalSlotSchema.INSTANCE.encode(next).payloadSha256(),
                    "two successors of one record differ");
            current = next;
        }
        assertTrue(
                InternalSlotSchema.INSTANCE.opensDispatch(
                        AuthorityRecords.prepared(), RecordSuccessor.of(AuthorityRecords.prepared())),
                "the first step opens a dispatch epoch");
    }
}
