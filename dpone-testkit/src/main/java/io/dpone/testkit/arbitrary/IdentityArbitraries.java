package io.dpone.testkit.arbitrary;

import io.dpone.clickhouse.cluster.contract.ddl.RandomBits;
import io.dpone.clickhouse.cluster.contract.digest.Digest;
import io.dpone.clickhouse.cluster.contract.digest.OperationInputs;
import io.dpone.clickhouse.cluster.contract.digest.QualifiedTarget;
import io.dpone.clickhouse.cluster.contract.generation.GenerationIdentity;
import io.dpone.clickhouse.cluster.contract.inventory.ClusterInventory;
import io.dpone.clickhouse.cluster.contract.inventory.ClusterMember;
import io.dpone.clickhouse.cluster.contract.inventory.HostEndpoint;
import java.util.HexFormat;
import java.util.Random;
import java.util.UUID;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;

/**
 * jqwik arbitraries for the protocol's identities: names, digests, endpoints, inventory rows and
 * generation identities. Text covers ASCII, Latin, CJK, controls and separators but never an
 * unpaired surrogate (server identifiers are valid UTF-8). Stateless; safe to share.
 */
public final class IdentityArbitraries {
    private IdentityArbitraries() {}

    /** Short text including the empty string, separators and non-ASCII characters. */
    public static Arbitrary<String> text() {
        return Arbitraries.strings()
                .withCharRange('a', 'z')
                .withCharRange('0', '9')
                .withChars('_', '-', '.', '/', ' ', '\'', '"', '\\', '\u0000', '\n', '\u00e9', '\u4e2d', '\u007f')
                .ofMinLength(0)
                .ofMaxLength(12);
    }

    /**
     * A small pool of identifiers (with separators, non-ASCII and look-alikes) for generators that
     * need distinct values quickly rather than text coverage.
     */
    public static Arbitrary<String> pooledNames() {
        return Arbitraries.of(
                "a",
                "b",
                "ch-1",
                "ch-2",
                "ch.1",
                "ch_1",
                "CH-1",
                "\u00e9",
                "\u4e2d",
                "a/b",
                "x y",
                "n\"q",
                "replica-01",
                "replica-1",
                "r1",
                "r10");
    }

    /** Generations over pooled text: cheap, distinct often, equal sometimes. */
    public static Arbitrary<GenerationIdentity> pooledGenerations() {
        return Combinators.combine(
                        Arbitraries.longs().between(0, 7).map(low -> new UUID(0, low)),
                        pooledNames(),
                        pooledNames(),
                        pooledNames(),
                        pooledNames())
                .as(GenerationIdentity::new);
    }

    /** Endpoints over pooled host names and three ports. */
    public static Arbitrary<HostEndpoint> pooledEndpoints() {
        return Combinators.combine(pooledNames(), Arbitraries.of(9000, 9440, 0)).as(HostEndpoint::new);
    }

    /** Non-empty identifier-like text. */
    public static Arbitrary<String> names() {
        return text().filter(value -> !value.isEmpty());
    }

    public static Arbitrary<Digest> digests() {
        return Arbitraries.bytes()
                .array(byte[].class)
                .ofSize(32)
                .map(bytes -> new Digest(HexFormat.of().formatHex(bytes)));
    }

    /** A seeded random source; the seed is shrinkable. */
    public static Arbitrary<RandomBits> randomBits() {
        return Arbitraries.longs().map(seed -> RandomBits.from(new Random(seed)));
    }

    public static Arbitrary<UUID> uuids() {
        return Combinators.combine(Arbitraries.longs(), Arbitraries.longs()).as(UUID::new);
    }

    public static Arbitrary<HostEndpoint> endpoints() {
        return Combinators.combine(names(), Arbitraries.integers().between(0, 65_535))
                .as(HostEndpoint::new);
    }

    public static Arbitrary<GenerationIdentity> generations() {
        return Combinators.combine(uuids(), text(), text(), text(), text()).as(GenerationIdentity::new);
    }

    /** Two generations that are distinct in table UUID and replication path. */
    public static Arbitrary<GenerationIdentity[]> distinctGenerationPairs() {
        return Combinators.combine(generations(), generations())
                .as((a, b) -> new GenerationIdentity[] {a, b})
                .filter(pair -> pair[0].isDistinctFrom(pair[1]));
    }

    public static Arbitrary<ClusterMember> members(String cluster) {
        return Combinators.combine(
                        Arbitraries.longs().between(0, 0xFFFF_FFFFL),
                        Arbitraries.longs().between(0, 0xFFFF_FFFFL),
                        names(),
                        text(),
                        Arbitraries.integers().between(0, 65_535),
                        Arbitraries.of(true, false))
                .as((shard, replica, host, address, port, internal) ->
                        new ClusterMember(cluster, shard, replica, host, address, port, internal));
    }

    /** Any inventory of 0 to 6 rows, admissible or not; every row names the inventory's cluster. */
    public static Arbitrary<ClusterInventory> inventories() {
        return Combinators.combine(names(), members("").list().ofMaxSize(6))
                .as((cluster, rows) -> new ClusterInventory(
                        cluster,
                        rows.stream()
                                .map(m -> new ClusterMember(
                                        cluster,
                                        m.shardNumber(),
                                        m.replicaNumber(),
                                        m.hostName(),
                                        m.hostAddress(),
                                        m.nativePort(),
                                        m.internalReplication()))
                                .toList()));
    }

    public static Arbitrary<QualifiedTarget> targets() {
        return Combinators.combine(text(), text(), text()).as(QualifiedTarget::new);
    }

    public static Arbitrary<OperationInputs> operations() {
        return Combinators.combine(Arbitraries.integers().between(1, 3), text(), digests(), targets())
                .as(OperationInputs::new);
    }
}
