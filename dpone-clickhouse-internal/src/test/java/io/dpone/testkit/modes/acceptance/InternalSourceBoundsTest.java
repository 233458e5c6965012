package io.dpone.testkit.modes.acceptance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.dpone.clickhouse.cluster.contract.digest.Sha256ProtocolDigests;
import io.dpone.clickhouse.internal.service.InternalPublicationService;
import io.dpone.clickhouse.internal.simulated.Fixture;
import io.dpone.clickhouse.internal.simulated.PublicationDriver;
import io.dpone.clickhouse.internal.simulated.SimulatedCluster;
import io.dpone.spi.error.DponeErrorCode;
import io.dpone.spi.error.DponeException;
import io.dpone.spi.publication.Cancellation;
import io.dpone.spi.publication.ProgressListener;
import io.dpone.spi.receipt.PublicationOutcome;
import io.dpone.spi.source.PublicationSource;
import io.dpone.spi.source.SourceColumn;
import io.dpone.testkit.acceptance.Attempt;
import io.dpone.testkit.acceptance.Narrator;
import io.dpone.testkit.fixture.EndlessFieldFile;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The shared source readers' bounds in internal mode, through the real
 * {@code InternalPublicationService} on the deterministic simulator (simulator evidence; external
 * mode's sealing is held to them on real members by {@code RealExternalInputBoundsTest}): the
 * refusal is SOURCE_MALFORMED and the earlier publication's target is untouched.
 */
class InternalSourceBoundsTest {
    @TempDir
    Path directory;

    /**
     * A quoted field that never ends, in a file larger than the field bound. Red on main 32d8930:
     * the reader held the whole 17 MiB rest of the file in one field and only then said "a quoted
     * field is not terminated" (on a multi-gigabyte file: a 2 GiB buffer and
     * ArrayIndexOutOfBoundsException, {@code DelimitedReaderTest}); now it stops at 16 MiB.
     */
    @Test
    void anUnterminatedQuoteStopsTheLoadAtTheFieldBound() throws IOException {
        PublicationSource source = EndlessFieldFile.write(directory, "id,v");
        assertRefusedWithTargetUntouched(
                source,
                "row 1: a field is longer than 16777216 bytes (is a quote or a line end missing?)"
                        + "; nothing was published");
    }

    /**
     * Red on main 32d8930: nothing was refused; the publication went ahead with the cell (the
     * production HTTP loader encodes it as UTF-8, which writes {@code ?}).
     */
    @Test
    void aLoneSurrogateInMemoryRowsIsRefusedAsTheFileReadersRefuseBytesThatAreNotUtf8() {
        PublicationSource source = new PublicationSource.Rows(
                List.of(SourceColumn.untyped("id"), SourceColumn.untyped("v")),
                List.of(List.of("1", "fine"), List.of("2", "secret\uD800")));
        assertRefusedWithTargetUntouched(
                source,
                "row 2: cell 2 holds a lone UTF-16 surrogate, which is not Unicode text"
                        + " (UTF-8 cannot carry it); nothing was published");
    }

    private static void assertRefusedWithTargetUntouched(PublicationSource source, String message) {
        SimulatedCluster cluster = SimulatedCluster.of(2, 29, PublicationDriver.FACADE);
        PublicationDriver driver = Fixture.prepare(cluster, 3, Narrator.SILENT);
        Attempt earlier = driver.publish("worker-0", "nightly-earlier", 5);
        assertEquals(Optional.of(PublicationOutcome.COMMITTED), earlier.outcome(), earlier.summary());
        UUID target = Fixture.uniformTarget(cluster);
        InternalPublicationService service = new InternalPublicationService(
                cluster.ports("worker-1"),
                driver.settings(),
                Sha256ProtocolDigests.INSTANCE,
                cluster.random("worker-1"));
        DponeException refused = assertThrows(
                DponeException.class,
                () -> service.publish("nightly-refused", source, Cancellation.NEVER, ProgressListener.NONE));
        assertEquals(DponeErrorCode.SOURCE_MALFORMED, refused.code(), refused.getMessage());
        assertEquals(message, refused.getMessage());
        assertEquals(target, Fixture.uniformTarget(cluster), "nothing was published");
    }
}
