package io.dpone.testkit.simulator.world;

import io.dpone.testkit.simulator.EngineSpec;
import io.dpone.testkit.simulator.LocalResult;
import io.dpone.testkit.simulator.TableSpec;
import java.util.UUID;

/**
 * What one member does when it executes a {@link LocalStatement} in an Atomic database (semantics
 * note section 3): EXCHANGE swaps the two table objects under their names (60 when a side is
 * missing), RENAME moves one (60 without the source, 57 when the new name exists), DROP IF EXISTS
 * of a missing table or database succeeds, CREATE fails with 57 on a taken name and 81 without the
 * database; a replicated table registers its replica at the path its own UUID expands to (253 when
 * that replica exists). Checks run before any change, so a failure changes nothing.
 */
final class LocalEffects {
    private final World world;

    LocalEffects(World world) {
        this.world = world;
    }

    LocalResult apply(SimMember member, LocalStatement statement, UUID createUuid) {
        SimDatabase db = member.databases.get(statement.database());
        if (statement instanceof LocalStatement.DropIfExists drop) {
            return drop(member, db, drop);
        }
        if (db == null) {
            return ServerErrors.unknownDatabase(statement.database());
        }
        if (statement instanceof LocalStatement.Exchange exchange) {
            return exchange(db, exchange);
        }
        if (statement instanceof LocalStatement.Rename rename) {
            return rename(db, rename);
        }
        if (statement instanceof LocalStatement.CreateLike like) {
            SimTable source = db.tables.get(like.like());
            if (db.tables.containsKey(like.table())) {
                return ServerErrors.tableExists(like.database(), like.table());
            }
            if (source == null) {
                return ServerErrors.unknownTable(like.database(), like.like());
            }
            return create(
                    member,
                    db,
                    like.database(),
                    like.table(),
                    new TableSpec(source.columns, source.engine),
                    createUuid);
        }
        LocalStatement.Create create = (LocalStatement.Create) statement;
        if (db.tables.containsKey(create.table())) {
            return create.ifNotExists()
                    ? new LocalResult.Ok()
                    : ServerErrors.tableExists(create.database(), create.table());
        }
        return create(member, db, create.database(), create.table(), create.spec(), createUuid);
    }

    private LocalResult exchange(SimDatabase db, LocalStatement.Exchange exchange) {
        SimTable first = db.tables.get(exchange.first());
        SimTable second = db.tables.get(exchange.second());
        if (first == null) {
            return ServerErrors.unknownTable(exchange.database(), exchange.first());
        }
        if (second == null) {
            return ServerErrors.unknownTable(exchange.database(), exchange.second());
        }
        db.tables.put(exchange.first(), second);
        db.tables.put(exchange.second(), first);
        return new LocalResult.Ok();
    }

    private LocalResult rename(SimDatabase db, LocalStatement.Rename rename) {
        SimTable moved = db.tables.get(rename.from());
        if (moved == null) {
            return ServerErrors.unknownTable(rename.database(), rename.from());
        }
        if (db.tables.containsKey(rename.to())) {
            return ServerErrors.tableExists(rename.database(), rename.to());
        }
        db.tables.remove(rename.from());
        db.tables.put(rename.to(), moved);
        return new LocalResult.Ok();
    }

    private LocalResult drop(SimMember member, SimDatabase db, LocalStatement.DropIfExists drop) {
        SimTable dropped = db == null ? null : db.tables.remove(drop.table());
        if (dropped != null) {
            member.droppedUuids.add(dropped.uuid);
        }
        if (dropped != null && dropped.replicated()) {
            world.replication().unregister(dropped);
        }
        return new LocalResult.Ok();
    }

    private LocalResult create(
            SimMember member, SimDatabase db, String database, String name, TableSpec spec, UUID uuid) {
        if (uuidTaken(member, uuid)) {
            return ServerErrors.uuidTaken(uuid);
        }
        SimTable table = new SimTable(
                uuid,
                savedEngine(spec.engine(), database, name),
                spec.engine().engineFull(database, name),
                spec.columns());
        if (table.engine instanceof EngineSpec.Replicated replicated) {
            table.zookeeperPath = expand(replicated.zookeeperPath(), member, uuid);
            table.replicaName = expand(replicated.replicaName(), member, uuid);
            if (world.replication().isTaken(table.zookeeperPath, table.replicaName)) {
                return ServerErrors.replicaExists(table.zookeeperPath, table.replicaName);
            }
            db.tables.put(name, table);
            world.replication().register(member, table);
        } else {
            db.tables.put(name, table);
        }
        return new LocalResult.Ok();
    }

    private static boolean uuidTaken(SimMember member, UUID uuid) {
        return member.droppedUuids.contains(uuid)
                || member.databases.values().stream()
                        .anyMatch(database ->
                                database.tables.values().stream().anyMatch(table -> table.uuid.equals(uuid)));
    }

    /** The definition as saved: {@code {database}} and {@code {table}} expanded, the other macros kept. */
    private static EngineSpec savedEngine(EngineSpec engine, String database, String table) {
        if (engine instanceof EngineSpec.Replicated replicated) {
            return new EngineSpec.Replicated(
                    replicated.name(),
                    replicated.savedPath(database, table),
                    replicated.replicaName(),
                    replicated.orderBy());
        }
        return engine;
    }

    /** Load-time macro expansion: the table's own UUID and the member's macros. */
    static String expand(String template, SimMember member, UUID uuid) {
        return template.replace("{uuid}", uuid.toString())
                .replace("{shard}", member.shardMacro)
                .replace("{replica}", member.replicaMacro);
    }
}
