package io.dpone.testkit.simulator.ports;

import io.dpone.clickhouse.cluster.ddl.FencedDdl;
import io.dpone.clickhouse.cluster.port.CandidateDefinition;
import io.dpone.clickhouse.cluster.port.SetupDdl;
import io.dpone.clickhouse.cluster.sql.ControlTableColumns;
import io.dpone.clickhouse.cluster.sql.TableRef;
import io.dpone.testkit.simulator.ColumnSpec;
import io.dpone.testkit.simulator.EngineSpec;
import io.dpone.testkit.simulator.TableSpec;
import io.dpone.testkit.simulator.world.LocalStatement;
import java.util.List;

/** What each typed protocol statement does on one host, as a {@link LocalStatement}. Pure. */
public final class Statements {
    private Statements() {}

    static LocalStatement of(FencedDdl ddl) {
        if (ddl instanceof FencedDdl.Exchange exchange) {
            return new LocalStatement.Exchange(
                    exchange.target().database(),
                    exchange.target().table(),
                    exchange.candidate().table());
        }
        if (ddl instanceof FencedDdl.Rename rename) {
            return new LocalStatement.Rename(
                    rename.candidate().database(),
                    rename.candidate().table(),
                    rename.target().table());
        }
        FencedDdl.DropCandidate drop = (FencedDdl.DropCandidate) ddl;
        return new LocalStatement.DropIfExists(
                drop.candidate().database(), drop.candidate().table());
    }

    static LocalStatement of(SetupDdl ddl) {
        if (ddl instanceof SetupDdl.ControlBootstrap bootstrap) {
            List<ColumnSpec> columns = ControlTableColumns.typedColumns().stream()
                    .map(typed -> ColumnSpec.of(
                            typed.substring(0, typed.indexOf(' ')), typed.substring(typed.indexOf(' ') + 1)))
                    .toList();
            return new LocalStatement.Create(
                    bootstrap.control().database(),
                    bootstrap.control().table(),
                    new TableSpec(
                            columns, new EngineSpec.KeeperMap(bootstrap.keeperRoot(), ControlTableColumns.TARGET_KEY)),
                    bootstrap.ifNotExists());
        }
        if (ddl instanceof SetupDdl.CapabilityProbe probe) {
            return new LocalStatement.DropIfExists(
                    probe.probe().database(), probe.probe().table());
        }
        if (ddl instanceof SetupDdl.StagingDiscard discard) {
            return new LocalStatement.DropIfExists(
                    discard.candidate().database(), discard.candidate().table());
        }
        SetupDdl.CandidateCreate create = (SetupDdl.CandidateCreate) ddl;
        return create(create.candidate(), create.definition());
    }

    /** The {@code CREATE TABLE} of {@code candidate} by {@code definition}: AS the target, or the declared columns. */
    public static LocalStatement create(TableRef candidate, CandidateDefinition definition) {
        if (definition instanceof CandidateDefinition.LikeTarget like) {
            return new LocalStatement.CreateLike(
                    candidate.database(), candidate.table(), like.target().table());
        }
        CandidateDefinition.Columns columns = (CandidateDefinition.Columns) definition;
        List<ColumnSpec> specs = columns.columns().stream()
                .map(c -> ColumnSpec.of(c.name(), c.type()))
                .toList();
        EngineSpec engine = columns.engine().startsWith("Replicated")
                ? new EngineSpec.Replicated(
                        columns.engine(), EngineSpec.DEFAULT_REPLICA_PATH, EngineSpec.DEFAULT_REPLICA_NAME, "tuple()")
                : new EngineSpec.MergeTree(columns.engine(), "tuple()");
        return new LocalStatement.Create(candidate.database(), candidate.table(), new TableSpec(specs, engine), false);
    }

    static boolean creates(SetupDdl ddl) {
        return ddl instanceof SetupDdl.ControlBootstrap || ddl instanceof SetupDdl.CandidateCreate;
    }
}
