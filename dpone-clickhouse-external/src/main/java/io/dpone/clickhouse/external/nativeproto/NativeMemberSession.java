package io.dpone.clickhouse.external.nativeproto;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.port.CandidateDefinition;
import io.dpone.clickhouse.cluster.port.CatalogRead;
import io.dpone.clickhouse.cluster.port.LoadResult;
import io.dpone.clickhouse.cluster.port.MutationOutcome;
import io.dpone.clickhouse.cluster.port.QueryContext;
import io.dpone.clickhouse.cluster.sql.StatementKind;
import io.dpone.clickhouse.cluster.sql.TableRef;
import io.dpone.clickhouse.cluster.transport.ClickHouseEndpoint;
import io.dpone.clickhouse.cluster.transport.nativeproto.NativeConnections;
import io.dpone.clickhouse.external.artifact.ArtifactSchema;
import io.dpone.clickhouse.external.artifact.CellParser;
import io.dpone.clickhouse.external.artifact.ColumnType;
import io.dpone.clickhouse.external.content.ContentDigest;
import io.dpone.clickhouse.external.member.ColumnDefinition;
import io.dpone.clickhouse.external.member.MemberContent;
import io.dpone.clickhouse.external.member.MemberPolicy;
import io.dpone.clickhouse.external.member.MemberSelf;
import io.dpone.clickhouse.external.member.MemberSession;
import io.dpone.clickhouse.external.member.TableState;
import io.dpone.clickhouse.external.member.TypedRowSource;
import io.dpone.spi.error.DponeException;
import io.dpone.spi.publication.Cancellation;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Struct;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;
import java.util.function.Supplier;

/**
 * {@link MemberSession} over clickhouse-native-jdbc to one member's native port. Every call opens
 * a fresh connection (with a single host the driver neither fails over nor reconnects) and closes
 * it; a mutation is one attempt. The insert streams the artifact in native blocks closed by an
 * {@link InsertBlockBound}, one {@code INSERT} per block, so memory holds one block at a time.
 * Failures are classified like the cluster's native transports ({@link NativeConnections}).
 * Thread-safe: calls share nothing but the driver.
 */
final class NativeMemberSession implements MemberSession {
    private final NativeConnections connections;
    private final ClickHouseEndpoint endpoint;
    private final Supplier<String> queryIds;
    private final InsertBlockBound blockBound;
    private final Supplier<Path> spillDirectory;

    /** @param spillDirectory where content proofs spill row digests, or null to keep them in memory */
    NativeMemberSession(
            NativeConnections connections,
            ClickHouseEndpoint endpoint,
            Supplier<String> queryIds,
            InsertBlockBound blockBound,
            Supplier<Path> spillDirectory) {
        this.connections = requireNonNull(connections, "connections is null");
        this.endpoint = requireNonNull(endpoint, "endpoint is null");
        this.queryIds = requireNonNull(queryIds, "queryIds is null");
        this.blockBound = requireNonNull(blockBound, "blockBound is null");
        this.spillDirectory = spillDirectory;
    }

    @Override
    public CatalogRead<MemberSelf> identify(String cluster) {
        String sql = MemberSql.identify(cluster);
        return read(connection -> {
            List<List<Object>> rows = rows(connection, sql, 3);
            if (rows.size() != 1
                    || !(rows.get(0).get(0) instanceof Long shard)
                    || !(rows.get(0).get(1) instanceof Long replica)
                    || !(rows.get(0).get(2) instanceof String zone)) {
                return null;
            }
            return new MemberSelf(shard, replica, zone);
        });
    }

    @Override
    public CatalogRead<MemberPolicy> policy(String database) {
        return read(connection -> {
            List<String> missing = new ArrayList<>();
            for (String privilege : MemberPolicy.REQUIRED) {
                List<List<Object>> answer = rows(connection, MemberSql.checkGrant(privilege, database), 1);
                if (answer.size() != 1 || !(answer.get(0).get(0) instanceof Number granted)) {
                    return null;
                }
                if (granted.longValue() != 1) {
                    missing.add(privilege);
                }
            }
            List<List<Object>> window = rows(connection, MemberSql.deduplicationWindowDefault(), 1);
            if (window.size() != 1
                    || !(window.get(0).get(0) instanceof String value)
                    || !value.matches("[0-9]{1,18}")) {
                return null;
            }
            return new MemberPolicy(missing, Long.parseLong(value));
        });
    }

    @Override
    public CatalogRead<TableState> table(TableRef table) {
        return read(connection -> {
            List<List<Object>> tables = rows(connection, MemberSql.table(table), 2);
            if (tables.isEmpty()) {
                return new TableState.Absent();
            }
            if (tables.size() != 1
                    || !(tables.get(0).get(0) instanceof String uuid)
                    || !(tables.get(0).get(1) instanceof String engine)) {
                return null;
            }
            List<ColumnDefinition> columns = new ArrayList<>();
            for (List<Object> column : rows(connection, MemberSql.columns(table), MemberSql.DESCRIBED_COLUMNS)) {
                if (!(column.get(0) instanceof String name)
                        || !(column.get(1) instanceof String type)
                        || !(column.get(2) instanceof String kind)
                        || !(column.get(6) instanceof String ttl)) {
                    return null;
                }
                columns.add(new ColumnDefinition(name, type, kind, ttl));
            }
            return new TableState.Present(UUID.fromString(uuid), engine.strip(), columns);
        });
    }

    @Override
    public MutationOutcome create(TableRef candidate, UUID uuid, CandidateDefinition definition) {
        return execute(MemberSql.create(candidate, uuid, definition));
    }

    @Override
    public MutationOutcome drop(TableRef candidate) {
        return execute(MemberSql.drop(candidate));
    }

    @Override
    public MutationOutcome rename(TableRef from, TableRef to) {
        return execute(MemberSql.rename(from, to));
    }

    @Override
    public LoadResult insert(
            TableRef candidate, ArtifactSchema schema, TypedRowSource rows, Cancellation cancellation) {
        String queryId = queryIds.get();
        Connection connection;
        try {
            connection = connections.open(endpoint, QueryContext.of(queryId));
        } catch (SQLException | RuntimeException notConnected) {
            return new LoadResult.Failed(NativeConnections.notConnected(queryId, notConnected));
        }
        try (connection) {
            ColumnType[] types =
                    schema.columns().stream().map(column -> column.type()).toArray(ColumnType[]::new);
            String sql = MemberSql.insert(candidate, schema);
            return InsertBlocks.load(blockBound, types, rows, cancellation, block -> {
                try (PreparedStatement batch = connection.prepareStatement(sql)) {
                    for (List<Object> row = block.next(); row != null; row = block.next()) {
                        for (int i = 0; i < types.length; i++) {
                            batch.setObject(i + 1, NativeValues.toDriver(types[i], row.get(i)));
                        }
                        batch.addBatch();
                    }
                    batch.executeBatch();
                }
                return null;
            });
        } catch (SQLException | RuntimeException failure) {
            if (failure instanceof DponeException artifact) {
                throw artifact;
            }
            return new LoadResult.Failed(NativeConnections.afterSend(queryId, StatementKind.CANDIDATE_LOAD, failure));
        }
    }

    @Override
    public CatalogRead<MemberContent> content(TableRef candidate, ArtifactSchema schema, long rowBudget) {
        String sql = MemberSql.content(candidate, schema, rowBudget + 1);
        return read(connection -> {
            ColumnType[] types =
                    schema.columns().stream().map(column -> column.type()).toArray(ColumnType[]::new);
            Object[] values = new Object[types.length];
            List<Object> row = Arrays.asList(values);
            long read = 0;
            try (ContentDigest digest = spillDirectory == null
                            ? new ContentDigest(schema)
                            : new ContentDigest(schema, spillDirectory.get());
                    Statement statement = connection.createStatement();
                    ResultSet result = statement.executeQuery(sql)) {
                while (result.next()) {
                    read++;
                    if (read > rowBudget) {
                        return new MemberContent.OverBudget(rowBudget);
                    }
                    Object[] cells = result.getObject(1) instanceof Struct tuple ? tuple.getAttributes() : null;
                    if (cells == null || cells.length != types.length) {
                        return null;
                    }
                    for (int i = 0; i < types.length; i++) {
                        Object cell = cells[i];
                        try {
                            values[i] = CellParser.parse(types[i], cell == null ? null : cell.toString());
                        } catch (CellParser.InvalidCell invalid) {
                            return new MemberContent.Undecodable(read, i + 1);
                        }
                    }
                    digest.add(row);
                }
                return new MemberContent.Observed(read, digest.finish());
            }
        });
    }

    @Override
    public CatalogRead<Long> rowCount(TableRef table) {
        String sql = MemberSql.count(table);
        return read(connection -> {
            List<List<Object>> rows = rows(connection, sql, 1);
            return rows.size() == 1 && rows.get(0).get(0) instanceof Long count ? count : null;
        });
    }

    /** One statement on a fresh connection; a definitive server answer is a rejection, anything else after send ambiguous. */
    private MutationOutcome execute(String sql) {
        String queryId = queryIds.get();
        Connection connection;
        try {
            connection = connections.open(endpoint, QueryContext.of(queryId));
        } catch (SQLException | RuntimeException notConnected) {
            return NativeConnections.notConnected(queryId, notConnected);
        }
        try (connection;
                Statement statement = connection.createStatement()) {
            if (statement.execute(sql)) {
                try (ResultSet drained = statement.getResultSet()) {
                    while (drained.next()) {
                        // read to end-of-stream: only a complete answer acknowledges
                    }
                }
            }
            return new MutationOutcome.Acknowledged(queryId);
        } catch (SQLException | RuntimeException failure) {
            return NativeConnections.afterSend(queryId, StatementKind.MEMBER_LOCAL_DDL, failure);
        }
    }

    private interface ReadBody<T> {
        /** The facts, or null when the answer has an unexpected shape. */
        T read(Connection connection) throws SQLException;
    }

    private <T> CatalogRead<T> read(ReadBody<T> body) {
        Connection connection;
        try {
            connection = connections.open(endpoint, QueryContext.of(queryIds.get()));
        } catch (SQLException | RuntimeException notConnected) {
            return CatalogRead.Unreadable.failed(NativeConnections.readFailure(notConnected, true));
        }
        try (connection) {
            T facts = body.read(connection);
            return facts == null ? CatalogRead.Unreadable.malformed() : new CatalogRead.Observed<>(facts);
        } catch (SQLException failure) {
            return CatalogRead.Unreadable.failed(NativeConnections.readFailure(failure, false));
        } catch (IllegalArgumentException malformed) {
            return CatalogRead.Unreadable.malformed();
        } catch (DponeException local) {
            throw local; // a local failure (e.g. the store cannot hold a proof's spill), not the member's answer
        } catch (RuntimeException failure) {
            return CatalogRead.Unreadable.failed(NativeConnections.readFailure(failure, false));
        }
    }

    private static List<List<Object>> rows(Connection connection, String sql, int columns) throws SQLException {
        List<List<Object>> rows = new ArrayList<>();
        try (Statement statement = connection.createStatement();
                ResultSet result = statement.executeQuery(sql)) {
            while (result.next()) {
                List<Object> row = new ArrayList<>(columns);
                for (int i = 1; i <= columns; i++) {
                    row.add(result.getObject(i));
                }
                rows.add(row);
            }
        }
        return rows;
    }
}
