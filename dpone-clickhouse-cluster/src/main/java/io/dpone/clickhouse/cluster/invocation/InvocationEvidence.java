package io.dpone.clickhouse.cluster.invocation;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.authority.SlotVersion;
import io.dpone.clickhouse.cluster.contract.authority.DdlBinding;
import io.dpone.clickhouse.cluster.contract.authority.SlotRecord;
import io.dpone.clickhouse.cluster.contract.ddl.EntryAggregation;
import io.dpone.clickhouse.cluster.contract.inventory.ClusterMember;
import io.dpone.clickhouse.cluster.contract.inventory.HostEndpoint;
import io.dpone.clickhouse.cluster.contract.reconcile.ReplicaState;
import io.dpone.clickhouse.cluster.flow.ReceiptFields;
import io.dpone.clickhouse.cluster.flow.ReceiptTimes;
import io.dpone.spi.error.DponeErrorCode;
import io.dpone.spi.receipt.PublicationOutcome;
import io.dpone.spi.receipt.PublicationReceipt;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What one invocation observed, kept for its receipt, in both modes: the record it ended on (a
 * slot version of the mode's record schema {@code R}), the last classification with its per-member
 * states, each bound entry's per-host statuses and the steps taken. The receipt body is built here
 * once, in one key order; the mode supplies only its record's own fields. Members are named only
 * by shard and replica number; never a hostname, address, credential, row value, SQL text or local
 * path. Written by the invocation's thread; the record, steps and body are guarded for member lanes.
 */
public abstract class InvocationEvidence<R extends SlotRecord> {
    private final Map<HostEndpoint, ClusterMember> members = new LinkedHashMap<>();
    private String inventoryDigest;
    private SlotVersion<R> record;
    private String classification;
    private String cause;
    private Map<HostEndpoint, ReplicaState> states = Map.of();
    private EntryAggregation publicationHosts;
    private EntryAggregation cleanupHosts;
    private final List<String> steps = new ArrayList<>();
    private List<String> leftoverAttempts;
    private final ReceiptTimes times;
    private final InvocationReceipts receipts;

    /**
     * Evidence of a publication ({@link ReceiptTimes#of}) or of a status read ({@link ReceiptTimes#ofRead}),
     * for receipts of the mode's {@code receipts} facts.
     */
    protected InvocationEvidence(InvocationReceipts receipts, ReceiptTimes times) {
        this.receipts = requireNonNull(receipts, "receipts is null");
        this.times = requireNonNull(times, "times is null");
    }

    /** The receipt of an invocation of {@code operationId} that ended so, carrying this evidence. */
    public final PublicationReceipt receipt(
            String operationId, PublicationOutcome outcome, Optional<DponeErrorCode> code, String message) {
        return receipts.receipt(operationId, outcome, code, message, this);
    }

    /** The receipt of a status read that found no record of the target. */
    public final PublicationReceipt noRecordReceipt(String message) {
        return receipts.receipt("", PublicationOutcome.NONE, Optional.empty(), message, this);
    }

    /** How a member's state reads once its record is known: see {@link ReceiptFields#memberState}. */
    public record MemberForm(boolean completed, boolean absentTarget) {}

    /** The record's own fields, right after {@code inventory_digest}; {@code ddl} renders a binding. */
    protected abstract void putRecord(SlotVersion<R> version, Map<String, Object> detail, BoundDdl ddl);

    /** Whether the record is complete and was for an absent target. */
    protected abstract MemberForm memberForm(SlotVersion<R> version);

    /** The record's fields of one member, after its state; none by default. */
    protected void putMember(SlotVersion<R> version, ClusterMember member, Map<String, Object> entry) {}

    /** The time fields from the record ({@link ReceiptTimes#put}). */
    protected abstract void putTimes(SlotVersion<R> version, ReceiptTimes times, Map<String, Object> detail);

    /** A bound DDL with this invocation's per-host statuses ({@link ReceiptFields#ddl}). */
    public interface BoundDdl {
        Map<String, Object> publication(DdlBinding binding);

        Map<String, Object> cleanup(DdlBinding binding);
    }

    /** @param digest the inventory digest's hex, null when it could not be computed */
    protected final void inventory(Collection<ClusterMember> admitted, String digest) {
        members.clear();
        admitted.forEach(member -> members.put(member.endpoint(), member));
        inventoryDigest = digest;
    }

    /** The slot version the invocation continues from. */
    public final synchronized void record(SlotVersion<R> current) {
        record = current;
    }

    public final synchronized SlotVersion<R> record() {
        return record;
    }

    public final void classified(String name, String unknownCause, Map<HostEndpoint, ReplicaState> perMember) {
        classification = name;
        cause = unknownCause;
        states = Map.copyOf(perMember);
    }

    public final void publicationHosts(EntryAggregation aggregation) {
        publicationHosts = aggregation;
    }

    /** The cleanup drop's entry as last read across the hosts, or null when none was read. */
    public final void cleanupHosts(EntryAggregation aggregation) {
        cleanupHosts = aggregation;
    }

    /** When a status read looked, so the receipt can say how long the record has been in its phase. */
    public final synchronized void readAt(Instant now) {
        times.readAt(now);
    }

    /** A named step the invocation took (value-free). */
    public final synchronized void step(String name) {
        steps.add(name);
    }

    /** The attempt suffixes of the completed operation's other candidates, listed and left in place. */
    public final void leftoverAttempts(List<String> suffixes) {
        leftoverAttempts = List.copyOf(suffixes);
    }

    /** The receipt body: JSON-shaped, ordered, value-free. */
    public final synchronized Map<String, Object> detail() {
        Map<String, Object> detail = new LinkedHashMap<>();
        detail.put("inventory_digest", inventoryDigest);
        if (record != null) {
            putRecord(record, detail, new BoundDdl() {
                @Override
                public Map<String, Object> publication(DdlBinding binding) {
                    return ReceiptFields.ddl(binding, publicationHosts, members);
                }

                @Override
                public Map<String, Object> cleanup(DdlBinding binding) {
                    return ReceiptFields.ddl(binding, cleanupHosts, members);
                }
            });
        }
        detail.put("classification", classification);
        detail.put("unknown_cause", cause);
        detail.put("members", memberStates());
        if (leftoverAttempts != null) {
            detail.put("leftover_attempts", leftoverAttempts);
        }
        detail.put("steps", List.copyOf(steps));
        if (record == null) {
            times.put(detail, null, null);
        } else {
            putTimes(record, times, detail);
        }
        detail.put("evidence_scope", "runtime");
        detail.put("evidence_status", "UNVERIFIED");
        return detail;
    }

    private List<Object> memberStates() {
        MemberForm form = record == null ? new MemberForm(false, false) : memberForm(record);
        List<Object> list = new ArrayList<>();
        members.forEach((endpoint, member) -> {
            Map<String, Object> entry = ReceiptFields.member(
                    member,
                    "state",
                    ReceiptFields.memberState(states.get(endpoint), form.completed(), form.absentTarget()));
            if (record != null) {
                putMember(record, member, entry);
            }
            list.add(entry);
        });
        return list;
    }
}
