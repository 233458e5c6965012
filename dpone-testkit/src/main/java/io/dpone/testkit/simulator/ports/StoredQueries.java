package io.dpone.testkit.simulator.ports;

import io.dpone.clickhouse.cluster.ddl.FencedDdl;
import io.dpone.clickhouse.cluster.port.CandidateDefinition;
import io.dpone.clickhouse.cluster.port.SetupDdl;
import io.dpone.clickhouse.cluster.sql.ControlTableColumns;
import io.dpone.clickhouse.cluster.sql.SqlQuoting;
import io.dpone.clickhouse.cluster.sql.TableRef;
import java.util.UUID;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * The query text ClickHouse 24.8 stores in a queue entry for each statement the protocol sends
 * (semantics note section 1, test 01175): the formatted AST on one line, not the client's text, so a
 * leading comment is gone; names back-quoted only when needed, column names always; {@code ON CLUSTER}
 * kept; a {@code CREATE} gets the initiator's {@code UUID '...'} after the name. Pure.
 */
final class StoredQueries {
    private static final Pattern BARE = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

    private StoredQueries() {}

    static String of(FencedDdl ddl) {
        if (ddl instanceof FencedDdl.Exchange exchange) {
            return "EXCHANGE TABLES " + name(exchange.target()) + " AND " + name(exchange.candidate())
                    + onCluster(ddl.cluster());
        }
        if (ddl instanceof FencedDdl.Rename rename) {
            return "RENAME TABLE " + name(rename.candidate()) + " TO " + name(rename.target())
                    + onCluster(ddl.cluster());
        }
        return dropIfExists(((FencedDdl.DropCandidate) ddl).candidate(), ddl.cluster());
    }

    static String of(SetupDdl ddl, UUID createUuid) {
        if (ddl instanceof SetupDdl.ControlBootstrap bootstrap) {
            String columns = ControlTableColumns.typedColumns().stream()
                    .map(StoredQueries::column)
                    .collect(Collectors.joining(", "));
            return "CREATE TABLE " + (bootstrap.ifNotExists() ? "IF NOT EXISTS " : "") + name(bootstrap.control())
                    + uuid(createUuid) + onCluster(ddl.cluster()) + " (" + columns + ") ENGINE = KeeperMap("
                    + SqlQuoting.string(bootstrap.keeperRoot()) + ") PRIMARY KEY "
                    + bare(ControlTableColumns.TARGET_KEY);
        }
        if (ddl instanceof SetupDdl.CapabilityProbe probe) {
            return dropIfExists(probe.probe(), ddl.cluster());
        }
        if (ddl instanceof SetupDdl.StagingDiscard discard) {
            return dropIfExists(discard.candidate(), ddl.cluster());
        }
        SetupDdl.CandidateCreate create = (SetupDdl.CandidateCreate) ddl;
        String head = createHead(create.candidate(), createUuid, ddl.cluster());
        if (create.definition() instanceof CandidateDefinition.LikeTarget) {
            throw new IllegalArgumentException("the initiator resolves AS <target> itself (InitiatorCreate)");
        }
        CandidateDefinition.Columns columns = (CandidateDefinition.Columns) create.definition();
        return head + " ("
                + columns.columns().stream()
                        .map(c -> "`" + c.name() + "` " + c.type())
                        .collect(Collectors.joining(", "))
                + ") ENGINE = " + columns.engine() + " ORDER BY tuple()";
    }

    /** {@code CREATE TABLE db.name UUID '...' ON CLUSTER cluster}: the name, the initiator's UUID, the cluster. */
    static String createHead(TableRef table, UUID createUuid, String cluster) {
        return "CREATE TABLE " + name(table) + uuid(createUuid) + onCluster(cluster);
    }

    private static String dropIfExists(TableRef table, String cluster) {
        return "DROP TABLE IF EXISTS " + name(table) + onCluster(cluster);
    }

    private static String column(String typed) {
        int space = typed.indexOf(' ');
        return "`" + typed.substring(0, space) + "`" + typed.substring(space);
    }

    private static String uuid(UUID uuid) {
        return " UUID '" + uuid + "'";
    }

    private static String onCluster(String cluster) {
        return " ON CLUSTER " + bare(cluster);
    }

    private static String name(TableRef table) {
        return bare(table.database()) + "." + bare(table.table());
    }

    /** {@code backQuoteIfNeed}: bare when it is a plain identifier. */
    private static String bare(String identifier) {
        return BARE.matcher(identifier).matches() ? identifier : SqlQuoting.identifier(identifier);
    }
}
