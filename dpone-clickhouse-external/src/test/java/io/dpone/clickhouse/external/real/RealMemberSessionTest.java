package io.dpone.clickhouse.external.real;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import io.dpone.clickhouse.cluster.port.CandidateDefinition;
import io.dpone.clickhouse.cluster.port.CatalogRead;
import io.dpone.clickhouse.cluster.port.LoadResult;
import io.dpone.clickhouse.cluster.port.MutationOutcome;
import io.dpone.clickhouse.cluster.sql.TableRef;
import io.dpone.clickhouse.external.content.ContentDigest;
import io.dpone.clickhouse.external.member.MemberContent;
import io.dpone.clickhouse.external.member.MemberSelf;
import io.dpone.clickhouse.external.member.MemberSession;
import io.dpone.clickhouse.external.member.ResolvedEndpoint;
import io.dpone.clickhouse.external.member.TableState;
import io.dpone.clickhouse.external.nativeproto.NativeMemberSessions;
import io.dpone.clickhouse.external.seal.SourceSealer;
import io.dpone.clickhouse.external.store.ArtifactRows;
import io.dpone.clickhouse.external.store.ArtifactStore;
import io.dpone.clickhouse.external.store.StoredArtifact;
import io.dpone.spi.publication.Cancellation;
import io.dpone.spi.publication.ProgressListener;
import io.dpone.spi.source.PublicationSource;
import io.dpone.spi.source.SourceColumn;
import io.dpone.testkit.clickhouse.junit.ClickHouseCluster;
import io.dpone.testkit.cluster.ClusterMember;
import io.dpone.testkit.cluster.MemberClient;
import io.dpone.testkit.cluster.RunningCluster;
import io.dpone.testkit.cluster.TestDatabase;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HexFormat;
import java.util.List;
import java.util.UUID;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The native member session on local real ClickHouse 26.7 (libchdb) with internal_replication =
 * false: each member is reached directly over its native port, says which member it is, gets its
 * own candidate, the artifact's canonical typed rows in several native blocks, and its rows read
 * back digest to exactly the artifact's content digest; the raw bytes of every codec-sensitive
 * string (NULL, empty, control characters, NUL, the markers) are read back exactly on every member.
 * A proof longer than one in-memory run spills to the store and merges to the same digest.
 */
@ClickHouseCluster(members = 2, internalReplication = false)
class RealMemberSessionTest {
    @TempDir
    Path directory;

    static MemberSession session(RunningCluster cluster, int member, TestDatabase db, int batchRows) {
        return session(cluster, member, db, batchRows, NativeMemberSessions.MAX_BLOCK_BYTES);
    }

    /** A session to {@code member} whose insert blocks close at {@code batchRows} rows or {@code blockBytes}. */
    static MemberSession session(RunningCluster cluster, int member, TestDatabase db, int batchRows, long blockBytes) {
        NativeMemberSessions sessions = new NativeMemberSessions(
                db.target(),
                cluster.publisher().user(),
                cluster.publisher().password(),
                Duration.ofSeconds(5),
                Duration.ofSeconds(30),
                () -> "dpone-test-" + UUID.randomUUID(),
                batchRows,
                blockBytes,
                null);
        ClusterMember target = cluster.member(member);
        return sessions.session(
                new ResolvedEndpoint(target.endpoint().host(), target.endpoint().nativePort()));
    }

    @Test
    void everyMemberHoldsExactlyTheArtifactAfterADirectLoad(RunningCluster cluster, TestDatabase db) throws Exception {
        StoredArtifact artifact = TrickyArtifact.seal(directory);
        TableRef candidate = new TableRef(db.target(), "t__dpone_ext_0123456789abcdef");
        for (int i = 0; i < cluster.members().size(); i++) {
            MemberSession member = session(cluster, i, db, 5);
            MemberSelf self = ((CatalogRead.Observed<MemberSelf>)
                            member.identify(cluster.spec().clusterName()))
                    .facts();
            assertEquals(List.of(1L, (long) i + 1), List.of(self.shardNumber(), self.replicaNumber()));
            assertInstanceOf(
                    TableState.Absent.class, ((CatalogRead.Observed<TableState>) member.table(candidate)).facts());
            assertInstanceOf(
                    MutationOutcome.Acknowledged.class,
                    member.create(
                            candidate,
                            UUID.randomUUID(),
                            new CandidateDefinition.Columns(
                                    artifact.schema().columns().stream()
                                            .map(c -> new CandidateDefinition.Column(
                                                    c.name(), c.type().canonicalName()))
                                            .toList(),
                                    "MergeTree")));
            try (ArtifactRows rows = artifact.rows()) {
                LoadResult loaded = member.insert(
                        candidate,
                        artifact.schema(),
                        TrickyArtifact.stored(rows, artifact.schema()),
                        Cancellation.NEVER);
                assertEquals(
                        artifact.rowCount(),
                        assertInstanceOf(LoadResult.Loaded.class, loaded).rows());
            }
            MemberContent content =
                    ((CatalogRead.Observed<MemberContent>) member.content(candidate, artifact.schema(), 1_000)).facts();
            assertEquals(
                    new MemberContent.Observed(artifact.rowCount(), TrickyArtifact.content(artifact)),
                    content,
                    "member " + (i + 1));
            assertEquals(artifact.rowCount(), ((CatalogRead.Observed<Long>) member.rowCount(candidate)).facts());
        }
        String expected = expectedStrings();
        for (ClusterMember member : cluster.members()) {
            MemberClient admin = member.client(cluster.admin());
            assertEquals(
                    expected,
                    admin.query("SELECT id, hex(s), isNull(ns), hex(ifNull(ns, '')), isNull(lc), hex(ifNull(lc, ''))"
                            + " FROM " + candidate.render() + " ORDER BY id FORMAT TSV"),
                    "member " + (member.index() + 1));
        }
    }

    @Test
    void aRowBudgetBelowTheRowsIsOverBudgetAndADroppedCandidateIsAbsent(RunningCluster cluster, TestDatabase db)
            throws Exception {
        StoredArtifact artifact = TrickyArtifact.seal(directory);
        TableRef candidate = new TableRef(db.target(), "t__dpone_ext_fedcba9876543210");
        MemberSession member = session(cluster, 1, db, 1_000);
        member.create(
                candidate,
                UUID.randomUUID(),
                new CandidateDefinition.Columns(
                        artifact.schema().columns().stream()
                                .map(c -> new CandidateDefinition.Column(
                                        c.name(), c.type().canonicalName()))
                                .toList(),
                        "MergeTree"));
        try (ArtifactRows rows = artifact.rows()) {
            member.insert(
                    candidate, artifact.schema(), TrickyArtifact.stored(rows, artifact.schema()), Cancellation.NEVER);
        }
        assertEquals(
                new MemberContent.OverBudget(3),
                ((CatalogRead.Observed<MemberContent>) member.content(candidate, artifact.schema(), 3)).facts());
        assertInstanceOf(MutationOutcome.Acknowledged.class, member.drop(candidate));
        assertInstanceOf(TableState.Absent.class, ((CatalogRead.Observed<TableState>) member.table(candidate)).facts());
    }

    /**
     * More rows than one in-memory run of row digests ({@link ContentDigest#RUN_ROWS}), in a
     * one-column table (a one-element tuple per row): the proof spills sorted runs to the store's
     * {@code tmp/}, merges them to exactly the artifact's digest, and leaves no file behind.
     */
    @Test
    void aProofLongerThanOneRunSpillsToTheStoreAndLeavesNothing(RunningCluster cluster, TestDatabase db)
            throws Exception {
        List<SourceColumn> columns = List.of(SourceColumn.typed("v", "Nullable(String)"));
        List<List<String>> cells = new ArrayList<>();
        for (int i = 0; i < ContentDigest.RUN_ROWS + 4_321; i++) {
            cells.add(Collections.singletonList(i % 5 == 0 ? null : "v" + (i % 1_000)));
        }
        ArtifactStore store = ArtifactStore.open(directory.resolve("store"));
        StoredArtifact artifact = new SourceSealer(store, cells.size(), ProgressListener.NONE)
                .seal(new PublicationSource.Rows(columns, cells), columns);
        NativeMemberSessions sessions = new NativeMemberSessions(
                db.target(),
                cluster.publisher().user(),
                cluster.publisher().password(),
                Duration.ofSeconds(5),
                Duration.ofSeconds(30),
                () -> "dpone-test-" + UUID.randomUUID(),
                NativeMemberSessions.DEFAULT_BATCH_ROWS,
                NativeMemberSessions.MAX_BLOCK_BYTES,
                store::spillDirectory);
        ClusterMember target = cluster.member(0);
        MemberSession member = sessions.session(
                new ResolvedEndpoint(target.endpoint().host(), target.endpoint().nativePort()));
        TableRef candidate = new TableRef(db.target(), "t__dpone_ext_00000000000000aa");
        assertInstanceOf(
                MutationOutcome.Acknowledged.class,
                member.create(
                        candidate,
                        UUID.randomUUID(),
                        new CandidateDefinition.Columns(
                                List.of(new CandidateDefinition.Column("v", "Nullable(String)")), "MergeTree")));
        try (ArtifactRows rows = artifact.rows()) {
            assertInstanceOf(
                    LoadResult.Loaded.class,
                    member.insert(
                            candidate,
                            artifact.schema(),
                            TrickyArtifact.stored(rows, artifact.schema()),
                            Cancellation.NEVER));
        }
        assertEquals(
                new MemberContent.Observed(artifact.rowCount(), TrickyArtifact.content(artifact)),
                ((CatalogRead.Observed<MemberContent>) member.content(candidate, artifact.schema(), cells.size()))
                        .facts());
        try (Stream<Path> left = Files.list(store.spillDirectory())) {
            assertEquals(List.of(), left.toList(), "no spill file is left in the store's tmp/");
        }
    }

    private static String expectedStrings() {
        StringBuilder expected = new StringBuilder();
        List<String> strings = TrickyArtifact.STRINGS;
        for (int i = 0; i < strings.size(); i++) {
            String s = hex(strings.get(i));
            boolean nsNull = i % 3 == 0;
            boolean lcNull = i % 2 == 0;
            expected.append(i + 1)
                    .append('\t')
                    .append(s)
                    .append('\t')
                    .append(nsNull ? 1 : 0)
                    .append('\t')
                    .append(nsNull ? "" : s)
                    .append('\t')
                    .append(lcNull ? 1 : 0)
                    .append('\t')
                    .append(lcNull ? "" : s)
                    .append('\n');
        }
        return expected.toString().strip();
    }

    private static String hex(String text) {
        return HexFormat.of().withUpperCase().formatHex(text.getBytes(StandardCharsets.UTF_8));
    }
}
