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
import net.jqwik.api.domains.Domain;
import net.jqwik.api.domains.DomainContext;

/**
 * Properties of the protocol digests: deterministic, independent of row order, and changed by a
 * drift in any single semantic field; distinct (cluster, database, table) triples never share a
 * target key, however their text is split. Extend and implement {@link #digests()}.
 */
@Domain(DomainContext.Global.class)
@Domain(FieldsReportingDomain.class)
public abstract class ProtocolDigestsContract {
    protected ProtocolDigestsContract() {}

    protected abstract ProtocolDigests digests();

    @Property
    void inventoryDigestIgnoresRowOrder(@ForAll("inventories") ClusterInventory inventory, @ForAll long seed) {
        List<ClusterMember> shuffled = new ArrayList<>(inventory.members());
        Collections.shuffle(shuffled, new Random(seed));
        assertEquals(
                digests().inventory(inventory),
                digests().inventory(new ClusterInventory(inventory.cluster(), shuffled)),
                () -> "rule (spec 1): the inventory digest ignores row order; for " + describe(inventory)
                        + ", shuffled with seed " + seed);
    }

    @Property
    void inventoryDigestSeesEveryFieldOfEveryRow(
            @ForAll("inventories") ClusterInventory inventory,
            @ForAll @IntRange(min = 0, max = 7) int field,
            @ForAll int row) {
        Assume.that(!inventory.members().isEmpty());
        List<ClusterMember> members = new ArrayList<>(inventory.members());
        int index = Math.floorMod(row, members.size());
        ClusterInventory drifted = field == 7
                ? new ClusterInventory(inventory.cluster() + "x", members)
                : new ClusterInventory(
                        inventory.cluster(), replace(members, index, Drift.member(members.get(index), field)));
        assertNotEquals(
                digests().inventory(inventory),
                digests().inventory(drifted),
                () -> "rule (spec 1): the inventory"
                        + " digest changes with any one field of any row; field " + field + " of row " + index
                        + " drifted from "
                        + describe(inventory) + " to " + describe(drifted));
    }

    @Property
    void inventoryDigestSeesAddedAndRemovedRows(@ForAll("inventories") ClusterInventory inventory) {
        Assume.that(!inventory.members().isEmpty());
        List<ClusterMember> more = new ArrayList<>(inventory.members());
        more.add(inventory.members().get(0));
        assertNotEquals(
                digests().inventory(inventory),
                digests().inventory(new ClusterInventory(inventory.cluster(), more)),
                () -> "rule (spec 1): the inventory digest sees an added (duplicated) row; for " + describe(inventory));
        List<ClusterMember> fewer =
                inventory.members().subList(1, inventory.members().size());
        assertNotEquals(
                digests().inventory(inventory),
                digests().inventory(new ClusterInventory(inventory.cluster(), fewer)),
                () -> "rule (spec 1): the inventory digest sees a removed row; for " + describe(inventory));
    }

    @Property
    void generationDigestSeesEveryField(
            @ForAll("generations") GenerationIdentity identity, @ForAll @IntRange(min = 0, max = 4) int field) {
        assertNotEquals(
                digests().generation(identity),
                digests().generation(Drift.generation(identity, field)),
                () -> "rule (spec 2): the generation digest sees every field of generation_identity; field " + field
                        + " drifted from " + identity + " to " + Drift.generation(identity, field));
    }

    @Property
    void observedGenerationsIgnoreOrderAndSeeDrift(
            @ForAll("observations") List<ReplicaGeneration> observations,
            @ForAll long seed,
            @ForAll @IntRange(min = 0, max = 4) int field) {
        Assume.that(!observations.isEmpty());
        List<ReplicaGeneration> shuffled = new ArrayList<>(observations);
        Collections.shuffle(shuffled, new Random(seed));
        assertEquals(
                digests().observedGenerations(observations),
                digests().observedGenerations(shuffled),
                () -> "rule: the observed-generations digest ignores replica order; for " + observations
                        + ", shuffled with seed " + seed);
        ReplicaGeneration first = observations.get(0);
        List<ReplicaGeneration> drifted = replace(
                observations, 0, new ReplicaGeneration(first.member(), Drift.generation(first.identity(), field)));
        assertNotEquals(
                digests().observedGenerations(observations),
                digests().observedGenerations(drifted),
                () -> "rule (spec 2): the observed-generations digest sees a drift of one field of one replica; field "
                        + field + " of the first of " + observations);
    }

    @Property
    void distinctTargetsNeverShareAKey(@ForAll("targets") QualifiedTarget a, @ForAll("targets") QualifiedTarget b) {
        Assume.that(!a.equals(b));
        assertNotEquals(
                digests().targetKey(a),
                digests().targetKey(b),
                () -> "rule (spec 3): distinct (cluster, database, table) triples never share a target key; for " + a
                        + " and " + b);
    }

    @Property
    void shiftingTextBetweenFieldsChangesTheKey(@ForAll("targets") QualifiedTarget target) {
        Assume.that(!target.database().isEmpty());
        QualifiedTarget shifted = new QualifiedTarget(
                target.cluster() + target.database().charAt(0),
                target.database().substring(1),
                target.table());
        assertNotEquals(
                digests().targetKey(target),
                digests().targetKey(shifted),
                () -> "rule (spec 3): moving text between"
                        + " the cluster, database and table fields changes the target key; for " + target + " and "
                        + shifted);
    }

    @Property
    void operationIdSeesEveryInput(
            @ForAll("operations") OperationInputs inputs, @ForAll @IntRange(min = 0, max = 5) int field) {
        assertEquals(
                digests().operationId(inputs),
                digests().operationId(inputs),
                () -> "rule (spec 3): the operation ID is deterministic; for " + inputs);
        assertNotEquals(
                digests().operationId(inputs),
                digests().operationId(Drift.operation(inputs, field)),
                () ->
                        "rule (spec 3): the operation ID sees every input (invocation, plan digest, cluster, database, target); field "
                                + field + " drifted from " + inputs + " to " + Drift.operation(inputs, field));
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
                .as(ReplicaGeneration::new)
                .list()
                .ofMaxSize(5);
    }

    @Provide
    Arbitrary<QualifiedTarget> targets() {
        return IdentityArbitraries.targets();
    }

    @Provide
    Arbitrary<OperationInputs> operations() {
        return IdentityArbitraries.operations();
    }

    private static String describe(ClusterInventory inventory) {
        return "cluster " + FieldsReportingFormat.quoted(inventory.cluster()) + " "
                + inventory.members().stream()
                        .map(FieldsReportingFormat::describe)
                        .toList();
    }

    private static <T> List<T> replace(List<T> list, int index, T value) {
        List<T> copy = new ArrayList<>(list);
        copy.set(index, value);
        return copy;
    }
}
