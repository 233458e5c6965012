package io.dpone.clickhouse.external.identity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import io.dpone.clickhouse.cluster.contract.digest.CanonicalEncoder;
import io.dpone.clickhouse.cluster.contract.digest.Digest;
import io.dpone.clickhouse.cluster.contract.inventory.ClusterInventory;
import io.dpone.clickhouse.cluster.contract.inventory.ClusterMember;
import io.dpone.clickhouse.cluster.sql.TableRef;
import io.dpone.clickhouse.external.admission.ResolvedInventory;
import io.dpone.clickhouse.external.authority.ArtifactBinding;
import io.dpone.clickhouse.external.authority.MemberRecord;
import io.dpone.clickhouse.external.member.EndpointResolver;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.AlphaChars;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.StringLength;

/**
 * Host order and worker try number change none of the identities (pure, offline). A worker's view
 * of one scheduler invocation is the invocation id, the plan, the {@code system.clusters} rows in
 * whatever order its read returned them, and its own try number; the identities are derived from
 * it exactly as production derives them: {@link ExternalOperation#derive} (target key, operation
 * id, candidate name), {@link ResolvedInventory#resolve} (the members as production lists them and
 * the inventory digest), {@link MemberRecord#pending} over that list (member ids, in record order)
 * and {@link ArtifactBinding#of} (generation id). Lists are compared in order, so a derivation that
 * kept the read order would fail.
 */
class ExternalIdentityPropertiesTest {
    private static final ExternalPlan PLAN =
            new ExternalPlan("c1", new TableRef("db", "t"), "MergeTree", 1 << 20, 1_000);

    /** Everything one worker knows when it starts; the row order and try number vary per worker. */
    record WorkerView(String invocation, List<ClusterMember> rows, int tryNumber) {
        Identities derive() {
            ExternalOperation operation = ExternalOperation.derive(PLAN, invocation);
            ResolvedInventory inventory =
                    ResolvedInventory.resolve(new ClusterInventory("c1", rows), EndpointResolver.admitted());
            List<Digest> memberIds = inventory.members().stream()
                    .map(member -> MemberRecord.pending(
                                    member.row().shardNumber(), member.row().replicaNumber(), null)
                            .memberId())
                    .toList();
            // the same source seals to the same artifact on every try
            Digest sha = sha("artifact"), schema = sha("schema"), content = sha("content");
            ArtifactBinding binding = ArtifactBinding.of(operation.operationId(), sha, 100, 7, schema, content);
            return new Identities(
                    operation.targetKey(),
                    operation.operationId(),
                    operation.candidate(),
                    inventory.digest(
                            rows.stream().collect(java.util.stream.Collectors.toMap(row -> row, row -> "UTC"))),
                    memberIds,
                    binding.generationId());
        }
    }

    record Identities(
            Digest targetKey,
            Digest operationId,
            TableRef candidate,
            Digest inventoryDigest,
            List<Digest> memberIds,
            Digest generationId) {}

    @Property
    void hostOrderAndTryNumberChangeNoIdentity(
            @ForAll @AlphaChars @StringLength(min = 1, max = 30) String invocation,
            @ForAll @IntRange(min = 2, max = 6) int members,
            @ForAll long shuffle,
            @ForAll @IntRange(min = 1, max = 9) int tryA,
            @ForAll @IntRange(min = 1, max = 9) int tryB) {
        List<ClusterMember> inOrder = rows(members);
        List<ClusterMember> reversed = new ArrayList<>(inOrder);
        Collections.reverse(reversed);
        List<ClusterMember> shuffled = new ArrayList<>(inOrder);
        Collections.shuffle(shuffled, new Random(shuffle ^ tryB));

        Identities first = new WorkerView(invocation, inOrder, tryA).derive();
        assertEquals(first, new WorkerView(invocation, reversed, tryB).derive(), "reversed rows, another try");
        assertEquals(first, new WorkerView(invocation, shuffled, tryB).derive(), "shuffled rows, another try");
        assertEquals(
                List.of(first.memberIds().get(0)),
                List.of(ExternalIdentities.memberId(1, 1)),
                "members are listed by replica number, not by read order");
        // the equality is not vacuous: the invocation and the member set do change identities
        Identities other = new WorkerView(invocation + "x", inOrder, tryA).derive();
        assertNotEquals(first.operationId(), other.operationId());
        assertNotEquals(first.generationId(), other.generationId());
        assertNotEquals(first.candidate(), other.candidate());
        assertNotEquals(
                first.inventoryDigest(),
                new WorkerView(invocation, inOrder.subList(1, members), tryA)
                        .derive()
                        .inventoryDigest());
    }

    private static List<ClusterMember> rows(int members) {
        List<ClusterMember> rows = new ArrayList<>();
        for (int replica = 1; replica <= members; replica++) {
            rows.add(new ClusterMember("c1", 1, replica, "ch-" + replica, "10.0.0." + replica, 9000, false));
        }
        return rows;
    }

    private static Digest sha(String text) {
        return CanonicalEncoder.forDomain("test/" + text).sha256();
    }
}
