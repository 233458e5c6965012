package io.dpone.testkit.simulator.world;

import io.dpone.testkit.simulator.EngineSpec;
import io.dpone.testkit.simulator.LocalResult;
import java.util.UUID;

/** The world operations the admin API needs beyond the public model; keeps their invariants in one place. */
public final class SimDatabaseAccess {
    private SimDatabaseAccess() {}

    public static void create(SimMember member, String database, String engine) {
        member.databases.putIfAbsent(database, new SimDatabase(engine));
    }

    public static LocalResult apply(World world, SimMember member, LocalStatement statement, UUID uuid) {
        return world.effects().apply(member, statement, uuid);
    }

    /** A new UUID for the table object; a {@code {uuid}} path is expanded again and the replica moves with it. */
    public static void replaceUuid(World world, SimMember member, SimTable table, UUID uuid) {
        table.uuid = uuid;
        if (table.engine instanceof EngineSpec.Replicated replicated) {
            movePath(world, member, table, LocalEffects.expand(replicated.zookeeperPath(), member, uuid));
        }
    }

    public static void movePath(World world, SimMember member, SimTable table, String path) {
        if (!table.replicated()) {
            throw new IllegalArgumentException("only a replicated table has a replication path");
        }
        world.replication().unregister(table);
        table.zookeeperPath = path;
        long rows = table.replica.rows;
        world.replication().register(member, table);
        table.replica.rows = rows;
    }

    public static QueueEntry reEnqueue(World world, QueueEntry original) {
        return world.queue()
                .enqueue(
                        original.cluster,
                        original.query,
                        original.settings,
                        original.hosts,
                        original.initiator,
                        original.statement,
                        original.createUuid,
                        original.kind);
    }

    /** {@code host}'s row of {@code entry} reads damaged from now on (simulator only: no 24.8 server shows it). */
    public static void damage(
            QueueEntry entry,
            io.dpone.clickhouse.cluster.contract.inventory.HostEndpoint host,
            io.dpone.testkit.simulator.HostRowDamage damage) {
        entry.damaged.put(host, damage);
    }
}
