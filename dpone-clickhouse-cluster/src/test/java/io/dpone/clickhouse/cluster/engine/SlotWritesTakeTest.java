package io.dpone.clickhouse.cluster.engine;

import static io.dpone.clickhouse.cluster.engine.ScriptedSlot.at;
import static io.dpone.clickhouse.cluster.engine.ScriptedSlot.shows;
import static io.dpone.clickhouse.cluster.engine.ScriptedSlot.unreadable;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.dpone.clickhouse.cluster.authority.SlotRead;
import io.dpone.clickhouse.cluster.authority.SlotVersion;
import io.dpone.clickhouse.cluster.authority.SlotVersions;
import io.dpone.clickhouse.cluster.authority.SlotWrite;
import io.dpone.clickhouse.cluster.engine.ScriptedSlot.Phase;
import io.dpone.clickhouse.cluster.engine.ScriptedSlot.PhaseEvidence;
import io.dpone.spi.error.DponeErrorCode;
import io.dpone.spi.receipt.PublicationOutcome;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Taking the slot for a new operation, decided once for both modes ({@link SlotWrites#take}),
 * pure over a scripted authority: a verified write is held; a lost answer is only lost; a
 * conflict is followed by exactly one re-read, judged against the version the write replaced, and
 * only a record of this operation the mode accepts as its own attempt's is held. A conflict the
 * post-read decided whose re-read proves nothing is unproven, never a refusal (issue 18).
 */
class SlotWritesTakeTest {
    private static final Phase MINE = new Phase("PREPARED");
    private static final SlotVersion<Phase> COMPLETED = at("COMPLETED", 5);

    private final List<String> calls = new ArrayList<>();
    private final ScriptedSlot slot = new ScriptedSlot(calls);
    private final PhaseEvidence evidence = new PhaseEvidence();

    @Test
    void aVerifiedCreateOrCasIsHeldAsWritten() {
        assertEquals(new SlotWrites.Take.Taken<>(at("PREPARED", 0), true), take(Optional.empty()));
        assertEquals(new SlotWrites.Take.Taken<>(at("PREPARED", 6), true), take(Optional.of(COMPLETED)));
        assertEquals(List.of("create PREPARED", "cas PREPARED"), calls);
        assertEquals(at("PREPARED", 6), evidence.record());
    }

    @Test
    void aLostAnswerIsLostAndNothingIsRead() {
        slot.answer(new SlotWrite.Unknown<>(SlotWrite.UnknownReason.RESPONSE_LOST));

        assertEquals(
                new SlotWrites.Take.Lost<Phase>(SlotWrite.UnknownReason.RESPONSE_LOST), take(Optional.of(COMPLETED)));
        assertEquals(List.of("cas PREPARED"), calls);
        assertEquals(
                List.of("slot write unacknowledged: RESPONSE_LOST"),
                evidence.detail().get("steps"));
        assertNull(evidence.record());
    }

    @Test
    void aRereadOfThisAttemptsRecordAboveTheReplacedVersionIsHeldUnwritten() {
        slot.answer(conflict(SlotWrite.ConflictReason.UNEXPECTED_VERSION_JUMP)).reread(shows(MINE, 7));

        assertEquals(new SlotWrites.Take.Taken<>(at("PREPARED", 7), false), take(Optional.of(COMPLETED)));
        assertEquals(List.of("cas PREPARED", "read slot"), calls);
        assertEquals(at("PREPARED", 7), evidence.record());
    }

    @Test
    void aRereadOfThisOperationUnderAnotherAttemptIsNotTakenButResumable() {
        Phase otherAttempt = new Phase("PREPARED by another attempt");
        slot.answer(conflict(SlotWrite.ConflictReason.KEY_EXISTS)).reread(shows(otherAttempt, 0));

        assertEquals(
                new SlotWrites.Take.NotTaken<>(
                        SlotWrite.ConflictReason.KEY_EXISTS, Optional.of(SlotVersions.at(otherAttempt, 0))),
                take(Optional.empty()));
    }

    @Test
    void aRereadOfAnotherOperationIsNotTaken() {
        slot.answer(conflict(SlotWrite.ConflictReason.VERSION_CONFLICT))
                .reread(shows(new Phase("LOCKED", ScriptedSlot.OTHER_OPERATION), 6));

        assertEquals(
                new SlotWrites.Take.NotTaken<Phase>(SlotWrite.ConflictReason.VERSION_CONFLICT, Optional.empty()),
                take(Optional.of(COMPLETED)));
        assertNull(evidence.record());
    }

    @Test
    void aPostReadConflictWhoseRereadProvesNothingIsUnprovenWhateverItShows() {
        List<SlotRead<Phase>> nothingProven = List.of(
                unreadable(),
                new SlotRead.Absent<>(),
                // a lagging follower: at the replaced version, or below it, even one of this operation
                shows(COMPLETED.record(), 5),
                shows(MINE, 4));
        for (SlotRead<Phase> reread : nothingProven) {
            calls.clear();
            slot.answer(conflict(SlotWrite.ConflictReason.FOREIGN_RECORD)).reread(reread);

            SlotWrites.Take<Phase> taken = take(Optional.of(COMPLETED));

            assertInstanceOf(SlotWrites.Take.Unproven.class, taken, reread.toString());
            assertEquals(SlotWrite.ConflictReason.FOREIGN_RECORD, ((SlotWrites.Take.Unproven<Phase>) taken).reason());
            assertEquals(List.of("cas PREPARED", "read slot"), calls);
        }
        assertNull(evidence.record());
    }

    @Test
    void anUnprovenTakeEndsUnknownWithAReceiptInEitherMode() {
        slot.answer(conflict(SlotWrite.ConflictReason.ZERO_ROW_NO_OP)).reread(unreadable());
        SlotWrites.Take.Unproven<Phase> unproven = (SlotWrites.Take.Unproven<Phase>) take(Optional.of(COMPLETED));

        Ending ending = unproven.ending(evidence, "the slot holds PREPARED", "nothing more was sent");

        assertEquals(PublicationOutcome.UNKNOWN, ending.outcome());
        assertEquals(Optional.of(DponeErrorCode.CLICKHOUSE_CLUSTER_AUTHORITY_OUTCOME_UNKNOWN), ending.code());
        assertEquals(
                "taking the slot conflicted (ZERO_ROW_NO_OP) and no re-read showed the slot after that write, so"
                        + " whether the slot holds PREPARED is unknown; nothing more was sent; run the same"
                        + " invocation again to reconcile from a fresh read",
                ending.message());
        assertEquals(
                List.of("slot re-read after a conflict proves nothing (unreadable: connection refused); nothing more"
                        + " was sent"),
                evidence.detail().get("steps"));
    }

    @Test
    void aConflictRefusedBeforeAnythingAppliedIsNotTakenWhenTheRereadProvesNothing() {
        slot.answer(conflict(SlotWrite.ConflictReason.KEY_EXISTS)).reread(unreadable());

        assertEquals(
                new SlotWrites.Take.NotTaken<Phase>(SlotWrite.ConflictReason.KEY_EXISTS, Optional.empty()),
                take(Optional.empty()));
    }

    private SlotWrites.Take<Phase> take(Optional<SlotVersion<Phase>> finished) {
        return slot.writes().take(finished, MINE, MINE::equals, evidence);
    }

    private static SlotWrite<Phase> conflict(SlotWrite.ConflictReason reason) {
        return new SlotWrite.Conflict<>(reason);
    }
}
