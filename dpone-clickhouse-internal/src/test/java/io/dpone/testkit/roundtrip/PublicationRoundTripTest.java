package io.dpone.testkit.roundtrip;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * Issue 11 ("Evidence and docs"): the server round trips of one clean publication, counted from the
 * simulator's call log (simulator evidence), for 2, 3, 5 and 8 replicas and 10^3 to 10^6 rows. The
 * protocol's own round trips must not grow with rows; they do not grow with the replica count
 * either (every catalog read is one {@code clusterAllReplicas} fan-out, every statement one
 * {@code ON CLUSTER} entry), and this test holds them to that. The table in
 * {@code docs/reference/internal-mode.md} ("Cost") must be the one measured here.
 */
class PublicationRoundTripTest {
    private static final Path DOCS = Path.of("..", "docs", "reference", "internal-mode.md");

    @Test
    void protocolRoundTripsGrowNeitherWithRowsNorWithReplicas() {
        for (boolean steady : new boolean[] {true, false}) {
            PublicationRoundTrips.Count smallest = PublicationRoundTrips.measure(2, 1_000, steady);
            for (int replicas : RoundTripTableMain.REPLICAS) {
                PublicationRoundTrips.Count fewestRows = PublicationRoundTrips.measure(replicas, 1_000, steady);
                for (long rows : RoundTripTableMain.ROWS) {
                    PublicationRoundTrips.Count count = PublicationRoundTrips.measure(replicas, rows, steady);
                    String where = (steady ? "steady state, " : "first publication, ") + replicas + " replicas, " + rows
                            + " rows: " + count;
                    assertEquals(1, count.loads(), "one streamed load: " + where);
                    assertEquals(fewestRows.protocol(), count.protocol(), "round trips grew with rows: " + where);
                    assertEquals(fewestRows.ddl(), count.ddl(), "DDL statements grew with rows: " + where);
                    assertEquals(smallest.protocol(), count.protocol(), "round trips grew with replicas: " + where);
                }
            }
        }
    }

    @Test
    void aSteadyStatePublicationSendsThreeStatementsAndSevenAuthorityWrites() {
        PublicationRoundTrips.Count count = PublicationRoundTrips.measure(3, 10_000, true);
        // CREATE candidate ON CLUSTER, EXCHANGE ON CLUSTER, DROP predecessor ON CLUSTER
        assertEquals(3, count.ddl(), count.toString());
        // PREPARED insert, DISPATCHING, entry bound, COMMITTED, CLEANUP_DISPATCHING, cleanup bound, COMPLETED
        assertEquals(7, count.authorityWrites(), count.toString());
    }

    @Test
    void theDocumentedTableIsTheMeasuredOne() throws IOException {
        String docs = Files.readString(DOCS, StandardCharsets.UTF_8);
        for (boolean steady : new boolean[] {true, false}) {
            String table = RoundTripTableMain.table(steady);
            assertTrue(
                    docs.contains(table),
                    "docs/reference/internal-mode.md (\"Cost\") lacks the measured table:\n" + table);
        }
    }
}
