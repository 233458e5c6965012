package io.dpone.clickhouse.cluster.engine;

import io.dpone.clickhouse.cluster.authority.AuthorityPort;
import io.dpone.clickhouse.cluster.authority.DispatchPermit;
import io.dpone.clickhouse.cluster.authority.Permits;
import io.dpone.clickhouse.cluster.authority.SlotRead;
import io.dpone.clickhouse.cluster.authority.SlotVersion;
import io.dpone.clickhouse.cluster.authority.SlotVersions;
import io.dpone.clickhouse.cluster.authority.SlotWrite;
import io.dpone.clickhouse.cluster.contract.ContractFixtures;
import io.dpone.clickhouse.cluster.contract.authority.AuthorityRow;
import io.dpone.clickhouse.cluster.contract.authority.DecodeResult;
import io.dpone.clickhouse.cluster.contract.authority.FenceToken;
import io.dpone.clickhouse.cluster.contract.authority.SlotRecord;
import io.dpone.clickhouse.cluster.contract.authority.VersionedRow;
import io.dpone.clickhouse.cluster.contract.digest.Digest;
import io.dpone.clickhouse.cluster.flow.ReceiptTimes;
import io.dpone.clickhouse.cluster.invocation.InvocationEvidence;
import io.dpone.clickhouse.cluster.invocation.InvocationReceipts;
import io.dpone.spi.manifest.ReplicationMode;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Map;

/**
 * A scripted slot for the engine's pure tests: records are a phase name and an operation, the
 * authority answers each write from a script (verified at the next version by default, with a
 * permit when the record opens a dispatch epoch) and each re-read from another, and every call
 * goes to a shared call list ("create PHASE", "cas PHASE", "read slot").
 */
final class ScriptedSlot implements AuthorityPort<ScriptedSlot.Phase> {
    static final Digest OTHER_OPERATION = ContractFixtures.digest("another operation");

    final List<String> calls;
    final Deque<SlotWrite<Phase>> answers = new ArrayDeque<>();
    final Deque<SlotRead<Phase>> reads = new ArrayDeque<>();

    ScriptedSlot(List<String> calls) {
        this.calls = calls;
    }

    /** A record that is only its phase name and operation; "BOUND" stands for DISPATCHING with its entry persisted. */
    record Phase(String phaseName, Digest operationId) implements SlotRecord {
        Phase(String phaseName) {
            this(phaseName, ContractFixtures.OPERATION);
        }

        @Override
        public Digest targetKey() {
            return ContractFixtures.TARGET_KEY;
        }

        @Override
        public FenceToken fenceToken() {
            return ContractFixtures.FENCE;
        }

        @Override
        public long dispatchEpoch() {
            return 1;
        }
    }

    /** Evidence whose record fields are none: the tests read its steps and the record it continues from. */
    static final class PhaseEvidence extends InvocationEvidence<Phase> {
        static final String SCHEMA = "dpone.test.phase-receipt.v1";

        PhaseEvidence() {
            super(new InvocationReceipts(SCHEMA, ReplicationMode.INTERNAL), ReceiptTimes.ofRead());
        }

        @Override
        protected void putRecord(SlotVersion<Phase> version, Map<String, Object> detail, BoundDdl ddl) {}

        @Override
        protected MemberForm memberForm(SlotVersion<Phase> version) {
            return new MemberForm(false, false);
        }

        @Override
        protected void putTimes(SlotVersion<Phase> version, ReceiptTimes times, Map<String, Object> detail) {}
    }

    /** The writes both modes make: the same operation is the same operation id, as internal mode compares. */
    SlotWrites<Phase> writes() {
        return new SlotWrites<>(this, (seen, mine) -> seen.operationId().equals(mine.operationId()));
    }

    static SlotVersion<Phase> at(String phase, long version) {
        return SlotVersions.at(new Phase(phase), version);
    }

    static SlotRead<Phase> shows(Phase record, long version) {
        return new SlotRead.Present<>(
                new VersionedRow(new AuthorityRow(null, null, null, null, null, null, null), version),
                new DecodeResult.Valid<>(record));
    }

    static SlotRead<Phase> unreadable() {
        return new SlotRead.Unavailable<>("connection refused");
    }

    /** The authority's own calls among all the calls. */
    List<String> own() {
        return calls.stream()
                .filter(call -> call.startsWith("cas ") || call.startsWith("create ") || call.equals("read slot"))
                .toList();
    }

    ScriptedSlot answer(SlotWrite<Phase> answer) {
        answers.add(answer);
        return this;
    }

    ScriptedSlot reread(SlotRead<Phase> read) {
        reads.add(read);
        return this;
    }

    @Override
    public SlotWrite<Phase> createIfAbsent(Phase created) {
        calls.add("create " + created.phaseName());
        return answered(created, SlotWrites.CREATED);
    }

    @Override
    public SlotRead<Phase> readVersioned(Digest targetKey) {
        calls.add("read slot");
        if (reads.isEmpty()) {
            throw new AssertionError("an unscripted slot read");
        }
        return reads.poll();
    }

    @Override
    public SlotWrite<Phase> compareAndSwap(SlotVersion<Phase> expected, Phase next) {
        calls.add("cas " + next.phaseName());
        return answered(next, expected.keeperVersion());
    }

    @Override
    public Duration permitMaxAge() {
        return Duration.ofSeconds(1);
    }

    private SlotWrite<Phase> answered(Phase next, long replaced) {
        if (!answers.isEmpty()) {
            return answers.poll();
        }
        DispatchPermit permit = next.phaseName().equals("DISPATCHING")
                ? Permits.issue(
                        ContractFixtures.TARGET_KEY,
                        ContractFixtures.OPERATION,
                        ContractFixtures.FENCE,
                        1,
                        replaced + 1)
                : null;
        return new SlotWrite.Verified<>(permit, SlotVersions.at(next, replaced + 1));
    }
}
