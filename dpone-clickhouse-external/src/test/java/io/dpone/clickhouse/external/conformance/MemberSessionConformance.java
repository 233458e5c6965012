package io.dpone.clickhouse.external.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import io.dpone.clickhouse.cluster.port.CandidateDefinition;
import io.dpone.clickhouse.cluster.port.CatalogRead;
import io.dpone.clickhouse.cluster.port.LoadResult;
import io.dpone.clickhouse.cluster.port.MutationOutcome;
import io.dpone.clickhouse.cluster.sql.TableRef;
import io.dpone.clickhouse.external.artifact.ArtifactSchema;
import io.dpone.clickhouse.external.artifact.ColumnType;
import io.dpone.clickhouse.external.artifact.TypedColumn;
import io.dpone.clickhouse.external.member.ColumnDefinition;
import io.dpone.clickhouse.external.member.MemberContent;
import io.dpone.clickhouse.external.member.MemberSelf;
import io.dpone.clickhouse.external.member.MemberSession;
import io.dpone.clickhouse.external.member.TableState;
import io.dpone.clickhouse.external.real.TrickyArtifact;
import io.dpone.clickhouse.external.store.ArtifactRows;
import io.dpone.clickhouse.external.store.StoredArtifact;
import io.dpone.spi.publication.Cancellation;
import io.dpone.testkit.simulator.TableSpec;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * External mode's direct member sessions, stated once and run against every backend with
 * {@code internal_replication = false} (docs/testkit/simulator.md, "Held to real ClickHouse"): who
 * a direct connection reaches, what the local create makes (under exactly the caller's UUID, in
 * both forms), the refusals of a taken name, a taken UUID and a missing table, the batched insert of a sealed artifact read back as exactly its content digest,
 * where a block of wide rows closes, the budget, a changed row, a killed member. A disagreement between backends is a simulator bug.
 */
public abstract class MemberSessionConformance {
    static final String MERGE_TREE_TUPLE = "MergeTree ORDER BY tuple() SETTINGS index_granularity = 8192";

    @TempDir
    Path directory;

    protected abstract MemberSessionBackend backend();

    private TableRef table(String name) {
        return new TableRef(backend().database(), name);
    }

    private static <T> T observed(CatalogRead<T> read) {
        @SuppressWarnings("unchecked")
        CatalogRead.Observed<T> observed = assertInstanceOf(CatalogRead.Observed.class, read, "read");
        return observed.facts();
    }

    private static CandidateDefinition declared(StoredArtifact artifact) {
        return new CandidateDefinition.Columns(
                artifact.schema().columns().stream()
                        .map(c -> new CandidateDefinition.Column(
                                c.name(), c.type().canonicalName()))
                        .toList(),
                "MergeTree");
    }

    private static void load(MemberSession session, TableRef candidate, StoredArtifact artifact) {
        try (ArtifactRows rows = artifact.rows()) {
            LoadResult loaded = session.insert(
                    candidate, artifact.schema(), TrickyArtifact.stored(rows, artifact.schema()), Cancellation.NEVER);
            assertEquals(
                    artifact.rowCount(),
                    assertInstanceOf(LoadResult.Loaded.class, loaded).rows());
        }
    }

    @Test
    void eachDirectSessionReachesExactlyItsOwnMember() {
        for (int member = 0; member < backend().members(); member++) {
            MemberSelf self =
                    observed(backend().session(member, 5).identify(backend().clusterName()));
            assertEquals(
                    List.of(1L, member + 1L), List.of(self.shardNumber(), self.replicaNumber()), "member " + member);
        }
    }

    @Test
    void aCandidateOfDeclaredColumnsIsAPlainMergeTreeUnderItsOwnUuidOnEveryMember() throws Exception {
        StoredArtifact artifact = TrickyArtifact.seal(directory);
        TableRef candidate = table("t__dpone_ext_0000000000000001");
        Set<UUID> uuids = new HashSet<>();
        for (int member = 0; member < backend().members(); member++) {
            MemberSession session = backend().session(member, 5);
            assertInstanceOf(TableState.Absent.class, observed(session.table(candidate)));
            UUID recorded = UUID.randomUUID();
            assertInstanceOf(
                    MutationOutcome.Acknowledged.class, session.create(candidate, recorded, declared(artifact)));
            TableState.Present present = assertInstanceOf(TableState.Present.class, observed(session.table(candidate)));
            assertEquals(recorded, present.uuid(), "system.tables shows exactly the explicit UUID");
            assertEquals(MERGE_TREE_TUPLE, present.engineFull());
            assertEquals(
                    artifact.schema().columns().stream()
                            .map(c -> new ColumnDefinition(c.name(), c.type().canonicalName()))
                            .toList(),
                    present.columns());
            uuids.add(present.uuid());
        }
        assertEquals(backend().members(), uuids.size(), "a table object, and a UUID, per member");
    }

    @Test
    void aCandidateCreatedAsTheTargetHasItsDefinitionAndExactlyTheExplicitUuid() {
        TableRef target = table("events");
        TableRef candidate = table("events__dpone_ext_0000000000000002");
        UUID targetUuid = UUID.randomUUID();
        assertEquals(
                0,
                backend()
                        .createTable(0, target, TableSpec.mergeTreeEvents(), targetUuid)
                        .code());
        MemberSession session = backend().session(0, 5);
        UUID recorded = UUID.randomUUID();
        assertInstanceOf(
                MutationOutcome.Acknowledged.class,
                session.create(candidate, recorded, new CandidateDefinition.LikeTarget(target)));
        TableState.Present original = assertInstanceOf(TableState.Present.class, observed(session.table(target)));
        TableState.Present copy = assertInstanceOf(TableState.Present.class, observed(session.table(candidate)));
        assertEquals(targetUuid, original.uuid());
        assertEquals(recorded, copy.uuid(), "system.tables shows exactly the explicit UUID");
        assertEquals("MergeTree ORDER BY id SETTINGS index_granularity = 8192", copy.engineFull());
        assertEquals(original.engineFull(), copy.engineFull());
        assertEquals(
                List.of(new ColumnDefinition("id", "UInt64"), new ColumnDefinition("v", "String", "DEFAULT")),
                copy.columns(),
                "the default kind, which decides the stored columns, is copied and read back");
    }

    @Test
    void aTakenNameIsRejectedWith57AndDroppingIsIdempotent() throws Exception {
        StoredArtifact artifact = TrickyArtifact.seal(directory);
        TableRef candidate = table("t__dpone_ext_0000000000000003");
        MemberSession session = backend().session(1, 5);
        assertInstanceOf(
                MutationOutcome.Acknowledged.class, session.create(candidate, UUID.randomUUID(), declared(artifact)));
        MutationOutcome.Rejected taken = assertInstanceOf(
                MutationOutcome.Rejected.class, session.create(candidate, UUID.randomUUID(), declared(artifact)));
        assertEquals(57, taken.error().code());
        assertInstanceOf(MutationOutcome.Acknowledged.class, session.drop(candidate));
        assertInstanceOf(TableState.Absent.class, observed(session.table(candidate)));
        assertInstanceOf(
                MutationOutcome.Acknowledged.class, session.drop(candidate), "DROP IF EXISTS of a missing table");
    }

    @Test
    void aUuidAlreadyUsedByAnotherTableIsRefusedWith57AndNothingIsCreated() throws Exception {
        StoredArtifact artifact = TrickyArtifact.seal(directory);
        TableRef first = table("t__dpone_ext_0000000000000008");
        TableRef second = table("t__dpone_ext_0000000000000009");
        TableRef target = table("events");
        UUID shared = UUID.randomUUID();
        MemberSession session = backend().session(0, 5);
        assertInstanceOf(MutationOutcome.Acknowledged.class, session.create(first, shared, declared(artifact)));
        assertEquals(
                0,
                backend()
                        .createTable(0, target, TableSpec.mergeTreeEvents(), UUID.randomUUID())
                        .code());
        for (CandidateDefinition definition : List.of(declared(artifact), new CandidateDefinition.LikeTarget(target))) {
            MutationOutcome.Rejected taken =
                    assertInstanceOf(MutationOutcome.Rejected.class, session.create(second, shared, definition));
            assertEquals(57, taken.error().code(), taken.error().toString());
            assertInstanceOf(TableState.Absent.class, observed(session.table(second)), "nothing was created");
        }
        assertEquals(
                shared,
                assertInstanceOf(TableState.Present.class, observed(session.table(first)))
                        .uuid());
        assertInstanceOf(
                MutationOutcome.Acknowledged.class,
                backend().session(1, 5).create(second, shared, declared(artifact)),
                "UUIDs are per server: another member may hold the same one");
        assertInstanceOf(MutationOutcome.Acknowledged.class, session.drop(first));
        assertInstanceOf(TableState.Absent.class, observed(session.table(first)));
        MutationOutcome.Rejected stillTaken = assertInstanceOf(
                MutationOutcome.Rejected.class,
                session.create(second, shared, declared(artifact)),
                "a dropped table's UUID stays taken until the server removes its data for good");
        assertEquals(57, stillTaken.error().code());
        assertInstanceOf(TableState.Absent.class, observed(session.table(second)));
    }

    /**
     * The two facts staging's safety rests on (ADR 0008): a local rename moves the table object
     * (UUID and rows) and never replaces one (57 when the name is taken, 60 when the source is
     * gone), and every INSERT statement resolves its table name when it starts: after the rename
     * the old name refuses it (60), and once another table holds the old name it lands there.
     */
    @Test
    void aRenameMovesTheTableNeverReplacesOneAndEachInsertResolvesTheNameAfresh() throws Exception {
        StoredArtifact artifact = TrickyArtifact.seal(directory);
        TableRef attempt = table("t__dpone_ext_000000000000000a_1");
        TableRef candidate = table("t__dpone_ext_000000000000000a");
        TableRef other = table("t__dpone_ext_000000000000000b");
        MemberSession session = backend().session(0, 5);
        UUID first = UUID.randomUUID();
        assertInstanceOf(MutationOutcome.Acknowledged.class, session.create(attempt, first, declared(artifact)));
        load(session, attempt, artifact);
        assertInstanceOf(
                MutationOutcome.Acknowledged.class, session.create(other, UUID.randomUUID(), declared(artifact)));
        assertEquals(
                57,
                assertInstanceOf(MutationOutcome.Rejected.class, session.rename(attempt, other))
                        .error()
                        .code(),
                "a taken name is never replaced");
        assertInstanceOf(MutationOutcome.Acknowledged.class, session.rename(attempt, candidate));
        assertEquals(
                first,
                assertInstanceOf(TableState.Present.class, observed(session.table(candidate)))
                        .uuid());
        assertInstanceOf(TableState.Absent.class, observed(session.table(attempt)));
        assertEquals(
                60,
                assertInstanceOf(MutationOutcome.Rejected.class, session.rename(attempt, table("t_gone")))
                        .error()
                        .code());
        try (ArtifactRows rows = artifact.rows()) {
            LoadResult.Failed late = assertInstanceOf(
                    LoadResult.Failed.class,
                    session.insert(attempt, artifact.schema(), rows::next, Cancellation.NEVER),
                    "an INSERT naming the moved table's old name reaches nothing");
            assertEquals(
                    60,
                    assertInstanceOf(MutationOutcome.Rejected.class, late.outcome())
                            .error()
                            .code());
        }
        UUID second = UUID.randomUUID();
        assertInstanceOf(MutationOutcome.Acknowledged.class, session.create(attempt, second, declared(artifact)));
        load(session, attempt, artifact);
        assertEquals(
                artifact.rowCount(),
                observed(session.rowCount(attempt)),
                "the next INSERT lands in the name's new table");
        assertEquals(
                artifact.rowCount(), observed(session.rowCount(candidate)), "the moved table kept exactly its rows");
    }

    @Test
    void theArtifactInsertedInBatchesReadsBackAsExactlyItsContentOnEveryMember() throws Exception {
        StoredArtifact artifact = TrickyArtifact.seal(directory);
        TableRef candidate = table("t__dpone_ext_0000000000000004");
        for (int member = 0; member < backend().members(); member++) {
            MemberSession session = backend().session(member, 5);
            session.create(candidate, UUID.randomUUID(), declared(artifact));
            load(session, candidate, artifact);
            assertEquals(
                    new MemberContent.Observed(artifact.rowCount(), TrickyArtifact.content(artifact)),
                    observed(session.content(candidate, artifact.schema(), 1_000)),
                    "member " + member);
            assertEquals(artifact.rowCount(), observed(session.rowCount(candidate)));
            assertEquals(new MemberContent.OverBudget(3), observed(session.content(candidate, artifact.schema(), 3)));
        }
    }

    /**
     * A block of wide rows closes at the production byte bound ({@code InsertBlockBound}, 8 MiB of
     * estimated wire bytes), not only at the row bound: eight rows of a 1 MiB string fill the first
     * block, and a cancellation seen before the second block shows exactly that block committed.
     * With the row bound alone (1,000 rows here) all ten rows would be one block.
     */
    @Test
    void aBlockOfWideRowsClosesAtTheByteBoundAndCommitsWhole() {
        TableRef candidate = table("t__dpone_ext_0000000000000009");
        MemberSession session = backend().session(0, 1_000);
        assertInstanceOf(
                MutationOutcome.Acknowledged.class,
                session.create(
                        candidate,
                        UUID.randomUUID(),
                        new CandidateDefinition.Columns(
                                List.of(new CandidateDefinition.Column("v", "String")), "MergeTree")));
        String wide = "w".repeat(1 << 20);
        AtomicInteger delivered = new AtomicInteger();
        LoadResult cancelled = session.insert(
                candidate,
                new ArtifactSchema(List.of(new TypedColumn("v", new ColumnType.StringType()))),
                () -> delivered.getAndIncrement() < 10 ? List.of(wide) : null,
                () -> delivered.get() > 8);
        assertEquals(
                8,
                assertInstanceOf(LoadResult.SourceRejected.class, cancelled).rowsRead(),
                "the first block held the eight rows that reached the byte bound");
        assertEquals(8L, observed(session.rowCount(candidate)), "the block committed whole");
    }

    @Test
    void aRowChangedOnOneMemberChangesOnlyThatMembersContent() throws Exception {
        StoredArtifact artifact = TrickyArtifact.seal(directory);
        TableRef candidate = table("t__dpone_ext_0000000000000005");
        for (int member = 0; member < backend().members(); member++) {
            MemberSession session = backend().session(member, 100);
            session.create(candidate, UUID.randomUUID(), declared(artifact));
            load(session, candidate, artifact);
        }
        backend().changeRow(1, candidate, "s", "changed");
        assertEquals(
                new MemberContent.Observed(artifact.rowCount(), TrickyArtifact.content(artifact)),
                observed(backend().session(0, 5).content(candidate, artifact.schema(), 1_000)));
        MemberContent changed = observed(backend().session(1, 5).content(candidate, artifact.schema(), 1_000));
        assertEquals(
                artifact.rowCount(),
                assertInstanceOf(MemberContent.Observed.class, changed).rows());
        assertNotEquals(TrickyArtifact.content(artifact), ((MemberContent.Observed) changed).contentDigest());
    }

    @Test
    void aMissingTableRefusesTheInsertWith60AndCannotBeRead() throws Exception {
        StoredArtifact artifact = TrickyArtifact.seal(directory);
        TableRef missing = table("t__dpone_ext_0000000000000006");
        MemberSession session = backend().session(0, 5);
        try (ArtifactRows rows = artifact.rows()) {
            LoadResult.Failed failed = assertInstanceOf(
                    LoadResult.Failed.class,
                    session.insert(missing, artifact.schema(), rows::next, Cancellation.NEVER));
            assertEquals(
                    60,
                    assertInstanceOf(MutationOutcome.Rejected.class, failed.outcome())
                            .error()
                            .code());
        }
        assertInstanceOf(CatalogRead.Unreadable.class, session.content(missing, artifact.schema(), 1_000));
        assertInstanceOf(CatalogRead.Unreadable.class, session.rowCount(missing));
    }

    @Test
    void aKilledMemberRefusesItsDirectConnectionSoNothingIsSent() throws Exception {
        StoredArtifact artifact = TrickyArtifact.seal(directory);
        TableRef candidate = table("t__dpone_ext_0000000000000007");
        backend().kill(1);
        MemberSession session = backend().session(1, 5);
        assertInstanceOf(
                CatalogRead.Unreadable.class, session.identify(backend().clusterName()));
        assertInstanceOf(CatalogRead.Unreadable.class, session.table(candidate));
        assertInstanceOf(
                MutationOutcome.NotSent.class, session.create(candidate, UUID.randomUUID(), declared(artifact)));
        try (ArtifactRows rows = artifact.rows()) {
            LoadResult.Failed failed = assertInstanceOf(
                    LoadResult.Failed.class,
                    session.insert(candidate, artifact.schema(), rows::next, Cancellation.NEVER));
            assertInstanceOf(MutationOutcome.NotSent.class, failed.outcome());
        }
        assertEquals(
                1L,
                observed(backend().session(0, 5).identify(backend().clusterName()))
                        .replicaNumber(),
                "the other member still answers");
    }
}
