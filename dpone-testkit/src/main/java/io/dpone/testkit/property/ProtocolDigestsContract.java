package io.dpone.testkit.property;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import io.dpone.clickhouse.cluster.contract.digest.OperationInputs;
import io.dpone.clickhouse.cluster.contract.digest.ProtocolDigests;
import io.dpone.clickhouse.cluster.contract.digest.QualifiedTarget;
import io.dpone.clickhouse.cluster.contract.generation.GenerationIdentity;
import io.dpone.clickhouse.cluster.contract.generation.ReplicaGeneration;
import io.dpone.clickhouse.cluster.contract.inventory.ClusterInventory;
import io.dpone.clickhouse.cluster.contract.inventory.ClusterMember;
import io.dpone.testkit.arbitrary.IdentityArbitraries;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Assume;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;

/**
 * Properties of the protocol digests: deterministic, independent of row order, and changed by a
 * drift in any single semantic field; distinct (cluster, database, table) triples never share a
 * target key, however their text is split. Extend and implement {@link #digests()}.
 */
public abstract class ProtocolDigestsContract {
    protected ProtocolDigestsContract() {
    }

    protected abstract ProtocolDigests digests();

    @Property
    void inventoryDigestIgnoresRowOrder(@ForAll("inventories") ClusterInventory inventory, @ForAll long seed) {
        List<ClusterMember> shuffled = new ArrayList<>(inventory.members());
        Collections.shuffle(shuffled, new Random(seed));
        assertEquals(digests().inventory(inventory), digests().inventory(new ClusterInventory(inventory.cluster(), shuffled)));
    }

    @Property
    void inventoryDigestSeesEveryFieldOfEveryRow(@ForAll("inventories") ClusterInventory inventory,
            @ForAll @IntRange(min = 0, max = 7) int field, @ForAll int row) {
        Assume.that(!inventory.members().isEmpty());
        List<ClusterMember> members = new ArrayList<>(inventory.members());
        int index = Math.floorMod(row, members.size());
        ClusterInventory drifted = field == 7
                ? new ClusterInventory(inventory.cluster() + "x", members)
                : new ClusterInventory(inventory.cluster(), replace(members, index, Drift.member(members.get(index), field)));
        assertNotEquals(digests().inventory(inventory), digests().inventory(drifted));
    }

    @Property
    void inventoryDigestSeesAddedAndRemovedRows(@ForAll("inventories") ClusterInventory inventory) {
        Assume.that(!inventory.members().isEmpty());
        List<ClusterMember> more = new ArrayList<>(inventory.members());
        more.add(inventory.members().get(0));
        assertNotEquals(digests().inventory(inventory), digests().inventory(new ClusterInventory(inventory.cluster(), more)));
        List<ClusterMember> fewer = inventory.members().subList(1, inventory.members().size());
        assertNotEquals(digests().inventory(inventory), digests().inventory(new ClusterInventory(inventory.cluster(), fewer)));
    }

    @Property
    void generationDigestSeesEveryField(@ForAll("generations") GenerationIdentity identity, @ForAll @IntRange(min = 0, max = 4) int field) {
        assertNotEquals(digests().generation(identity), digests().generation(Drift.generation(identity, field)));
    }

    @Property
    void observedGenerationsIgnoreOrderAndSeeDrift(@ForAll("observations") List<ReplicaGeneration> observations,
            @ForAll long seed, @ForAll @IntRange(min = 0, max = 4) int field) {
        Assume.that(!observations.isEmpty());
        List<ReplicaGeneration> shuffled = new ArrayList<>(observations);
        Collections.shuffle(shuffled, new Random(seed));
        assertEquals(digests().observedGenerations(observations), digests().observedGenerations(shuffled));
        ReplicaGeneration first = observations.get(0);
        List<ReplicaGeneration> drifted = replace(observations, 0,
                new ReplicaGeneration(first.member(), Drift.generation(first.identity(), field)));
        assertNotEquals(digests().observedGenerations(observations), digests().observedGenerations(drifted));
    }

    @Property
    void distinctTargetsNeverShareAKey(@ForAll("targets") QualifiedTarget a, @ForAll("targets") QualifiedTarget b) {
        Assume.that(!a.equals(b));
        assertNotEquals(digests().targetKey(a), digests().targetKey(b));
    }

    @Property
    void shiftingTextBetweenFieldsChangesTheKey(@ForAll("targets") QualifiedTarget target) {
        Assume.that(!target.database().isEmpty());
        QualifiedTarget shifted = new QualifiedTarget(target.cluster() + target.database().charAt(0),
                target.database().substring(1), target.table());
        assertNotEquals(digests().targetKey(target), digests().targetKey(shifted));
    }

    @Property
    void operationIdSeesEveryInput(@ForAll("operations") OperationInputs inputs, @ForAll @IntRange(min = 0, max = 5) int field) {
        assertEquals(digests().operationId(inputs), digests().operationId(inputs), "deterministic");
        assertNotEquals(digests().operationId(inputs), digests().operationId(Drift.operation(inputs, field)));
    }

    @Provide
    Arbitrary<ClusterInventory> inventories() {
        return IdentityArbitraries.inventories();
    }

    @Provide
    Arbitrary<GenerationIdentity> generations() {
        return IdentityArbitraries.generations();
    }

    @Provide
    Arbitrary<List<ReplicaGeneration>> observations() {
        return Combinators.combine(IdentityArbitraries.endpoints(), IdentityArbitraries.generations())
                .as(ReplicaGeneration::new).list().ofMaxSize(5);
    }

    @Provide
    Arbitrary<QualifiedTarget> targets() {
        return IdentityArbitraries.targets();
    }

    @Provide
    Arbitrary<OperationInputs> operations() {
        return IdentityArbitraries.operations();
    }

    private static <T> List<T> replace(List<T> list, int index, T value) {
        List<T> copy = new ArrayList<>(list);
        copy.set(index, value);
        return copy;
    }
}
