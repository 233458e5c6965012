package io.dpone.clickhouse.cluster.port;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.sql.ColumnTypes;
import io.dpone.clickhouse.cluster.sql.SqlQuoting;
import io.dpone.clickhouse.cluster.sql.TableRef;
import io.dpone.spi.manifest.TableEngines;
import java.util.List;

/** How a candidate's structure is defined when it is created. */
public sealed interface CandidateDefinition {
    /** The {@code CREATE TABLE} tail after the name and {@code ON CLUSTER}. */
    String renderTail();

    /**
     * {@code AS target}: the target's columns and engine, so the candidate is the same kind of
     * table; the engine's {@code {uuid}} macro gives the candidate its own replication path (a
     * literal path would collide with the target's, which the generation rules then refuse).
     */
    record LikeTarget(TableRef target) implements CandidateDefinition {
        public LikeTarget {
            requireNonNull(target, "target is null");
        }

        @Override
        public String renderTail() {
            return "AS " + target.render();
        }
    }

    /**
     * Declared columns and an engine of the admitted family with empty arguments, so the server's
     * {@code default_replica_path} and {@code default_replica_name} place it; sorted by
     * {@code tuple()} because the manifest declares no key (create the target first to choose one).
     */
    record Columns(List<Column> columns, String engine) implements CandidateDefinition {
        public Columns {
            columns = List.copyOf(requireNonNull(columns, "columns is null"));
            requireNonNull(engine, "engine is null");
            if (columns.isEmpty()) {
                throw new IllegalArgumentException("a table has at least one column");
            }
            if (!TableEngines.isWellFormed(engine)) {
                throw new IllegalArgumentException("engine must be a bare engine name");
            }
        }

        @Override
        public String renderTail() {
            StringBuilder sql = new StringBuilder("(");
            for (int i = 0; i < columns.size(); i++) {
                sql.append(i == 0 ? "" : ", ")
                        .append(SqlQuoting.identifier(columns.get(i).name()))
                        .append(' ')
                        .append(columns.get(i).type());
            }
            return sql.append(") ENGINE = ")
                    .append(engine)
                    .append(" ORDER BY tuple()")
                    .toString();
        }
    }

    /** One declared column; the type text is admitted by {@link ColumnTypes}. */
    record Column(String name, String type) {
        public Column {
            SqlQuoting.requireValidIdentifier(name);
            ColumnTypes.requireWellFormed(type);
        }
    }
}
