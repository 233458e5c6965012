package io.dpone.testkit.simulator.ports;

import io.dpone.clickhouse.cluster.sql.TableRef;
import io.dpone.testkit.simulator.ColumnSpec;
import io.dpone.testkit.simulator.TableSpec;
import io.dpone.testkit.simulator.world.LocalStatement;
import io.dpone.testkit.simulator.world.ServerErrors;
import io.dpone.testkit.simulator.world.SimMember;
import io.dpone.testkit.simulator.world.SimTable;
import java.util.stream.Collectors;

/**
 * {@code CREATE TABLE c ... ON CLUSTER ... AS t} with the default entry format (3 and later): the
 * initiator normalises the query itself before it enqueues it ({@code InterpreterCreateQuery::execute}
 * runs {@code createTable} on the initiator when {@code distributed_ddl_entry_format_version >=
 * NORMALIZE_CREATE_ON_INITIATOR_VERSION}; {@code getTablePropertiesAndNormalizeCreateQuery} copies
 * {@code t}'s columns and storage from the initiator's own catalog and clears the {@code AS} clause).
 * So an initiator without {@code t} refuses with 60 (81 without its database) before anything is
 * queued, and every host creates the candidate from the initiator's definition, whatever its own
 * {@code t} looks like. Pure.
 */
final class InitiatorCreate {
    private InitiatorCreate() {}

    static SimDdlPort.Prepared resolve(SimMember initiator, TableRef candidate, TableRef target, String cluster) {
        if (!initiator.databases.containsKey(target.database())) {
            return SimDdlPort.Prepared.refused(ServerErrors.unknownDatabase(target.database()));
        }
        SimTable source = initiator.table(target.database(), target.table());
        if (source == null) {
            return SimDdlPort.Prepared.refused(ServerErrors.unknownTable(target.database(), target.table()));
        }
        TableSpec definition = new TableSpec(source.columns, source.engine);
        String columns =
                source.columns.stream().map(InitiatorCreate::declaration).collect(Collectors.joining(", "));
        String engine = source.engineFull;
        return new SimDdlPort.Prepared(
                new LocalStatement.Create(candidate.database(), candidate.table(), definition, false),
                uuid -> StoredQueries.createHead(candidate, uuid, cluster) + " (" + columns + ") ENGINE = " + engine,
                true);
    }

    /** A column as the formatter prints it: the name back-quoted, then type, default and codec. */
    private static String declaration(ColumnSpec column) {
        return "`" + column.name() + "` " + column.type()
                + (column.defaultKind().isEmpty() ? "" : " " + column.defaultKind() + " " + column.defaultExpression())
                + (column.codec().isEmpty() ? "" : " " + column.codec());
    }
}
