package io.dpone.clickhouse.external.real;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import io.dpone.clickhouse.cluster.port.CandidateDefinition;
import io.dpone.clickhouse.cluster.port.LoadResult;
import io.dpone.clickhouse.cluster.port.MutationOutcome;
import io.dpone.clickhouse.cluster.sql.TableRef;
import io.dpone.clickhouse.external.artifact.ArtifactSchema;
import io.dpone.clickhouse.external.artifact.ColumnType;
import io.dpone.clickhouse.external.artifact.TypedColumn;
import io.dpone.clickhouse.external.member.MemberSession;
import io.dpone.clickhouse.external.member.TypedRowSource;
import io.dpone.clickhouse.external.nativeproto.NativeMemberSessions;
import io.dpone.spi.publication.Cancellation;
import io.dpone.testkit.clickhouse.junit.ClickHouseCluster;
import io.dpone.testkit.cluster.RunningCluster;
import io.dpone.testkit.cluster.TestDatabase;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * Local real ClickHouse 26.7 (libchdb): a member's insert sends one {@code INSERT} per block, and
 * a block closes at the session's row bound or earlier at its byte bound (issue 20). Every block
 * becomes one level-0 part, which {@code system.parts} lists (active or already merged) for the
 * old parts' lifetime, so the parts count the blocks.
 */
@ClickHouseCluster(members = 1, internalReplication = false)
class RealInsertBlockBoundTest {
    private static final int ROWS = 40;
    private static final String WIDE = "w".repeat(1_000);

    @Test
    void wideRowsCloseTheirBlockAtTheByteBoundNarrowOnesAtTheRowBound(RunningCluster cluster, TestDatabase db) {
        // 1,001 estimated bytes per row: 10 rows reach 10,000, so 4 blocks of 10
        assertEquals(4, blocksOfOneLoad(cluster, db, "a", 1_000, 10_000, WIDE));
        // the same rows under the production byte bound: one block of 40 rows (row bound 1,000)
        assertEquals(1, blocksOfOneLoad(cluster, db, "b", 1_000, NativeMemberSessions.MAX_BLOCK_BYTES, WIDE));
        // narrow rows under a tight row bound: 40 / 16 -> 3 blocks
        assertEquals(3, blocksOfOneLoad(cluster, db, "c", 16, 10_000, "n"));
    }

    private static long blocksOfOneLoad(
            RunningCluster cluster, TestDatabase db, String suffix, int batchRows, long blockBytes, String value) {
        MemberSession member = RealMemberSessionTest.session(cluster, 0, db, batchRows, blockBytes);
        TableRef candidate = new TableRef(db.target(), "t__dpone_ext_blocks_" + suffix);
        assertInstanceOf(
                MutationOutcome.Acknowledged.class,
                member.create(
                        candidate,
                        UUID.randomUUID(),
                        new CandidateDefinition.Columns(
                                List.of(new CandidateDefinition.Column("v", "String")), "MergeTree")));
        AtomicInteger sent = new AtomicInteger();
        TypedRowSource rows = () -> sent.getAndIncrement() < ROWS ? List.of(value) : null;
        LoadResult loaded = member.insert(
                candidate,
                new ArtifactSchema(List.of(new TypedColumn("v", new ColumnType.StringType()))),
                rows,
                Cancellation.NEVER);
        assertEquals(ROWS, assertInstanceOf(LoadResult.Loaded.class, loaded).rows());
        String parts = cluster.member(0)
                .client(cluster.admin())
                .query("SELECT count() FROM system.parts WHERE database = '" + db.target() + "' AND table = '"
                        + candidate.table() + "' AND level = 0");
        return Long.parseLong(parts.strip());
    }
}
