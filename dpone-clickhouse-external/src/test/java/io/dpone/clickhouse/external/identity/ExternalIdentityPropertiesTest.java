package io.dpone.clickhouse.external.identity;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.dpone.clickhouse.cluster.contract.digest.Digest;
import io.dpone.clickhouse.cluster.sql.TableRef;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.AlphaChars;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.StringLength;

/**
 * Host order and worker try number change none of the identities: a worker's view of one
 * scheduler invocation is (invocation id, plan, the admitted members in whatever order it read
 * them, its own try number), and every identity derived from it is the same for every worker.
 */
class ExternalIdentityPropertiesTest {
    /** Everything one worker knows when it starts; the try number and member order vary per worker. */
    record WorkerView(String invocation, ExternalPlan plan, List<long[]> members, int tryNumber) {
        Identities derive() {
            ExternalOperation operation = ExternalOperation.derive(plan, invocation);
            Set<String> memberIds = new TreeSet<>();
            members.forEach(member -> memberIds.add(ExternalIdentities.memberId(member[0], member[1]).hex()));
            return new Identities(operation, memberIds,
                    ExternalIdentities.generationId(operation.operationId(), operation.planDigest(), operation.targetKey(), 7));
        }
    }

    record Identities(ExternalOperation operation, Set<String> memberIds, Digest generation) {
    }

    @Property
    void hostOrderAndTryNumberChangeNoIdentity(@ForAll @AlphaChars @StringLength(min = 1, max = 30) String invocation,
            @ForAll @IntRange(min = 2, max = 6) int members, @ForAll long shuffle, @ForAll @IntRange(min = 1, max = 9) int tryA,
            @ForAll @IntRange(min = 1, max = 9) int tryB) {
        ExternalPlan plan = new ExternalPlan("c1", new TableRef("db", "t"), "MergeTree", 1 << 20, 1_000);
        List<long[]> inOrder = new ArrayList<>();
        for (int replica = 1; replica <= members; replica++) {
            inOrder.add(new long[] {1, replica});
        }
        List<long[]> shuffled = new ArrayList<>(inOrder);
        Collections.shuffle(shuffled, new Random(shuffle));
        assertEquals(new WorkerView(invocation, plan, inOrder, tryA).derive(),
                new WorkerView(invocation, plan, shuffled, tryB).derive());
    }
}
