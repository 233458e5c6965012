package io.dpone.clickhouse.cluster.authority;

import static io.dpone.clickhouse.cluster.contract.ContractFixtures.*;
import static org.junit.jupiter.api.Assertions.*;

import io.dpone.clickhouse.cluster.contract.authority.AuthorityCodecV1;
import io.dpone.clickhouse.cluster.contract.authority.AuthorityRecord;
import io.dpone.clickhouse.cluster.contract.authority.AuthorityRow;
import io.dpone.clickhouse.cluster.contract.authority.FenceToken;
import io.dpone.clickhouse.cluster.contract.authority.InternalSlotSchema;
import io.dpone.clickhouse.cluster.contract.authority.VersionedRow;
import io.dpone.clickhouse.cluster.contract.phase.AuthorityPhase;
import java.math.BigInteger;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** Spec section 3 steps 6-8: only an exact post-read at version + 1 of a dispatch CAS yields a permit. */
class PermitIssuerTest {
    private static final AuthorityRecord PREPARED = record(AuthorityPhase.PREPARED);
    private static final AuthorityRecord DISPATCHING = record(AuthorityPhase.DISPATCHING);
    private static final AuthorityRow WRITTEN = AuthorityCodecV1.INSTANCE.encode(DISPATCHING);

    /** The writer's monotonic clock, in nanoseconds; the write was sent at 1 s. */
    private final AtomicLong now = new AtomicLong(1_000_000_000L);

    private final PermitLifetime lifetime = new PermitLifetime(now::get, Duration.ofSeconds(45));

    private SlotWrite<AuthorityRecord> judge(VersionedRow observed) {
        return PermitIssuer.afterAcknowledgedWrite(
                InternalSlotSchema.INSTANCE, PREPARED, DISPATCHING, 8, observed, lifetime, 1_000_000_000L);
    }

    @Test
    void exactPostReadAtTheNextVersionCarriesABoundPermit() {
        SlotWrite.Verified<?> verified =
                assertInstanceOf(SlotWrite.Verified.class, judge(new VersionedRow(WRITTEN, 8)));
        DispatchPermit permit = verified.dispatchPermit().orElseThrow();
        assertTrue(permit.matchesWrite(FENCE, 8));
        assertTrue(permit.authorizes(
                TARGET_KEY, DISPATCHING.payload().publication().token()));
    }

    /** Issue 18, finding 2: the age counts from the write's send on the writer's monotonic clock, a stall before the post-read included. */
    @Test
    void aPermitExpiresItsBoundAfterTheWriteWasSentOnTheHoldersMonotonicClock() {
        now.addAndGet(Duration.ofSeconds(30).toNanos()); // a slow post-read: the permit is issued 30 s after the send
        SlotWrite.Verified<?> verified =
                assertInstanceOf(SlotWrite.Verified.class, judge(new VersionedRow(WRITTEN, 8)));
        DispatchPermit permit = verified.dispatchPermit().orElseThrow();
        assertFalse(permit.expired(), "30 s of 45");
        now.addAndGet(Duration.ofSeconds(15).toNanos());
        assertFalse(permit.expired(), "exactly the bound");
        now.addAndGet(1);
        assertTrue(permit.expired(), "one nanosecond past it");
        now.addAndGet(Duration.ofDays(1).toNanos());
        assertTrue(permit.expired());
        assertTrue(permit.spend(), "expiry does not spend: the DDL port refuses an expired permit before spending");
    }

    @Test
    void theBoundIsAQuarterOfTheDdlTaskTimeout() {
        assertEquals(Duration.ofSeconds(45), PermitLifetime.maxAge(180));
        assertEquals(Duration.ofMillis(7_500), PermitLifetime.maxAge(30));
        assertEquals(Duration.ofMillis(250), PermitLifetime.maxAge(1));
        assertThrows(IllegalArgumentException.class, () -> PermitLifetime.maxAge(0));
        assertThrows(IllegalArgumentException.class, () -> new PermitLifetime(now::get, Duration.ZERO));
        assertEquals(
                PermitLifetime.maxAge(PermitLifetime.DEFAULT_TASK_TIMEOUT_SECONDS),
                PermitLifetime.systemDefault().maxAge());
    }

    @Test
    void staleNoOpForeignJumpMismatchAndMissingNeverCarryAPermit() {
        assertEquals(
                new SlotWrite.Conflict<>(SlotWrite.ConflictReason.ZERO_ROW_NO_OP),
                judge(new VersionedRow(AuthorityCodecV1.INSTANCE.encode(PREPARED), 7)));
        assertEquals(
                new SlotWrite.Conflict<>(SlotWrite.ConflictReason.UNEXPECTED_VERSION_JUMP),
                judge(new VersionedRow(WRITTEN, 9)));
        AuthorityRow foreign = new AuthorityRow(
                WRITTEN.targetKey(),
                WRITTEN.operationId(),
                new FenceToken("e".repeat(32)).hex(),
                WRITTEN.phase(),
                WRITTEN.dispatchEpoch(),
                WRITTEN.payload(),
                WRITTEN.payloadSha256());
        assertEquals(
                new SlotWrite.Conflict<>(SlotWrite.ConflictReason.FOREIGN_RECORD), judge(new VersionedRow(foreign, 8)));
        AuthorityRow mismatch = new AuthorityRow(
                WRITTEN.targetKey(),
                WRITTEN.operationId(),
                WRITTEN.fenceToken(),
                WRITTEN.phase(),
                BigInteger.TEN,
                WRITTEN.payload(),
                WRITTEN.payloadSha256());
        assertEquals(
                new SlotWrite.Unknown<>(SlotWrite.UnknownReason.POST_READ_MISMATCH),
                judge(new VersionedRow(mismatch, 8)));
        assertEquals(new SlotWrite.Unknown<>(SlotWrite.UnknownReason.POST_READ_FAILED), judge(null));
    }

    @Test
    void verifiedWritesThatOpenNoDispatchEpochCarryNoPermit() {
        AuthorityRow created = AuthorityCodecV1.INSTANCE.encode(PREPARED);
        SlotWrite<AuthorityRecord> create = PermitIssuer.afterAcknowledgedWrite(
                InternalSlotSchema.INSTANCE, null, PREPARED, 0, new VersionedRow(created, 0), lifetime, 0);
        assertTrue(assertInstanceOf(SlotWrite.Verified.class, create)
                .dispatchPermit()
                .isEmpty());
        AuthorityRecord committed = record(AuthorityPhase.COMMITTED);
        SlotWrite<AuthorityRecord> receipt = PermitIssuer.afterAcknowledgedWrite(
                InternalSlotSchema.INSTANCE,
                DISPATCHING,
                committed,
                9,
                new VersionedRow(AuthorityCodecV1.INSTANCE.encode(committed), 9),
                lifetime,
                0);
        assertTrue(assertInstanceOf(SlotWrite.Verified.class, receipt)
                .dispatchPermit()
                .isEmpty());
    }
}
